// An item the claim says is done while its record says the work is not: "FloWatch auto-shutdown
// has since been enabled on ctrl-back9 (AI-1)" against the action item AI-1 with status=open,
// "Krona has since closed its ticket (KF-77310)" against KF-77310 status=open. The claim names the
// item by its identifier, which the record holds as its id; the claim says the work is done by a
// word of completion, or by the item's own verb in the past ("enable …" → "enabled"). Wording of
// work still to come ("is still open", "will be closed", "was raised") is left alone. Words are
// data (item-status.json).
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, numberedIdentifiers } from '../claim-view';
import { pastVerbStems } from '../words';
import { STATE_FIELDS, phrasePattern } from '../vocabulary/index';
import itemStatus from '../vocabulary/item-status.json';

const UNFINISHED = new Set(itemStatus.unfinished.map((value) => value.toLowerCase()));
const DONE_RE = phrasePattern(itemStatus.done);
const PENDING_RE = phrasePattern(itemStatus.pending);

export function contradictUnfinishedItem(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  if (PENDING_RE.test(text)) return undefined;
  const ids = new Set(numberedIdentifiers(view).map((id) => id.toLowerCase()));
  if (ids.size === 0) return undefined;
  const done = DONE_RE.exec(text)?.[0];
  const past = pastVerbStems(text);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const item = itemOf(unit);
    if (!item || !ids.has(item.id) || !UNFINISHED.has(item.status)) continue;
    // The item's own verb in the past: "enable flowatch_auto_shutdown" is done when "enabled".
    const ownVerb = item.verb !== undefined && past.has(item.verb);
    if (done === undefined && !ownVerb) continue;
    // Another record of the same item that says it is done (a later status) leaves the claim alone.
    const closedElsewhere = view.index.items.some((other) => {
      const record = other === unit ? undefined : itemOf(other);
      return record?.id === item.id && !UNFINISHED.has(record.status);
    });
    if (closedElsewhere) return undefined;
    return contradicted(unit, `claim says ${item.id.toUpperCase()} is done ("${done ?? 'the item\'s own act, in the past'}"), ${unit.item.id} gives its status as ${item.status}`);
  }
  return undefined;
}

interface TrackedItem {
  id: string;
  status: string;
  /** The stem of the first word of the item's text, when it reads as a verb ("enable …"). */
  verb?: string;
}

const ITEMS = new WeakMap<IndexedItem, TrackedItem | null>();

/** A record of a tracked item: an id field and a status field (the entry's own, not a parent's). */
function itemOf(unit: IndexedItem): TrackedItem | undefined {
  let item = ITEMS.get(unit);
  if (item === undefined) {
    item = readItem(unit.item.fields) ?? null;
    ITEMS.set(unit, item);
  }
  return item ?? undefined;
}

function readItem(fields: Readonly<Record<string, string>>): TrackedItem | null {
  let id: string | undefined;
  let status: string | undefined;
  let verb: string | undefined;
  for (const [key, raw] of Object.entries(fields)) {
    const name = key.toLowerCase().split('.').pop()!.replace(/\[\d+\]$/, '');
    const value = raw.trim().replace(/^"|"$/g, '');
    if (name === 'id') id = value.toLowerCase();
    else if (STATE_FIELDS.has(name)) status = value.toLowerCase();
    else if (ITEM_TEXT_FIELDS.has(name)) verb = /^\p{L}{4,}\b/u.exec(value.toLowerCase())?.[0];
  }
  if (id === undefined || status === undefined) return null;
  return { id, status, verb: verb === undefined ? undefined : canonicalStem(verb) };
}

/** Fields that word what an item is for ("text": "enable flowatch_auto_shutdown on ctrl-back9"). */
const ITEM_TEXT_FIELDS = new Set(['text', 'action', 'title', 'description', 'summary', 'task']);
