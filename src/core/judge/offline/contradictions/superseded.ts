// A value a later document changed: "you can resend it for up to 30 days" while the release
// notes say the window "is extended from 30 to 45 days" (or "is now 45 days (previously 30)").
// The claim repeats the old value from the document the change supersedes; the change statement
// names the same thing in the claim's words and gives the value it has now.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import changes from '../vocabulary/changes.json';

const escape = (phrase: string): string => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
const VERB_RE = new RegExp(`\\b(?:${changes.verbs.map(escape).join('|')})\\b`, 'i');
const PREVIOUSLY_RE = new RegExp(`\\(?\\s*(?:${changes.previously.map(escape).join('|')})\\s*:?\\s*[$€£]?$`, 'i');
const HISTORICAL_RE = new RegExp(`\\b(?:${changes.historical.map(escape).join('|')})\\b`, 'i');

interface Change {
  unit: IndexedItem;
  old: Quantity;
  now: Quantity;
}

/** The changes a document sentence states: "raised from 8 to 12", "is now 45 minutes (previously 20)". */
export function changesIn(unit: IndexedItem): Change[] {
  const { text } = unit;
  const quantities = [...unit.features.quantities].sort((a, b) => a.start - b.start);
  const out: Change[] = [];
  for (let i = 0; i + 1 < quantities.length; i++) {
    const [a, b] = [quantities[i]!, quantities[i + 1]!];
    const before = text.slice(Math.max(0, a.start - 80), a.start);
    const between = text.slice(a.start + a.raw.length, b.start);
    // "… is extended from 30 to 45 days": the verb before "from", one value each side of "to".
    if (/\bfrom\s+[$€£]?$/i.test(before) && /^\s*(?:[\p{L}%]+\s+)?to\s+[$€£]?$/iu.test(between) && VERB_RE.test(before)) out.push({ unit, old: a, now: b });
    // "… is now 45 minutes after capture (previously 20 minutes)": the value before the parenthesis is the new one.
    else if (PREVIOUSLY_RE.test(between) && /^[\p{L}%\s]{0,40}$/u.test(between.replace(PREVIOUSLY_RE, '')) && VERB_RE.test(before + text.slice(a.start, a.start + a.raw.length))) out.push({ unit, old: b, now: a });
  }
  return out;
}

export function contradictSuperseded(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || HISTORICAL_RE.test(view.claim.text)) return undefined;
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta');
  if (figures.length === 0) return undefined;
  const words = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word));
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph') continue;
    for (const change of changesIn(unit)) {
      const claimed = figures.find((q) => quantityMatches(q, change.old));
      // The claim gives the new value too ("from 30 to 45 days"): it reports the change.
      if (!claimed || figures.some((q) => quantityMatches(q, change.now))) continue;
      // About the same thing: the change's sentence holds at least two of the claim's content words.
      if (words.filter((word) => unit.wordSet.has(word)).length < 2) continue;
      // A name the claim gives (Starter) that the item names apart from the change ("raised on
      // Growth and Enterprise. Starter is unchanged"): the change is about another scope.
      const rest = unit.item.text.toLowerCase().replace(unit.lowerText, ' ');
      if (view.features.nameGroups.some((group) => group.every((stem) => rest.includes(stem)) && !group.every((stem) => unit.wordSet.has(stem)))) continue;
      return {
        partition: 'contradicted',
        type: 'domain',
        evidence_refs: [unit.item.id],
        reason: `claim says ${claimed.raw.trim()}, superseded: ${unit.item.id} changes it from ${change.old.raw.trim()} to ${change.now.raw.trim()}`,
      };
    }
  }
  return undefined;
}
