// A count of the members that end on a version: "Twelve of the thirteen diverters now run 4.3.0"
// against a health log whose last record of each diverter (diverter=DV-C01 … fw=4.3.0) gives
// 4.3.0 for twelve of them. Members are the values of a record field the count's noun names (its
// name, diverter, or its values' first word, kiosk of kiosk-north-01); each member's version is the
// one its last record gives in a field that says what runs, not what it ran before or should run.
import { canonicalStem, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { splitKeyWords } from '../words';
import { countedNoun } from './row-counts';
import memberVersions from '../vocabulary/member-versions.json';
import { fieldsIn } from '../../../retrieval/reading/figure-context';

const VERSION_RE = /^v?\d+(?:\.\d+){1,3}$/i;
/** A version field: three or four parts ("4.3.0"), or two under a name that says so (fw=5.3, version=2.1). */
const VERSION_KEY_RE = new RegExp(`(?:^|[_.])(?:${memberVersions.versionFields.join('|')})$`, 'i');
function isVersion(key: string, value: string): boolean {
  return /^v?\d+(?:\.\d+){2,3}$/i.test(value) || (VERSION_KEY_RE.test(key) && VERSION_RE.test(value));
}
/** A cheap look before a record's fields are read: most lines of a large log give no version. */
const MAY_HOLD_VERSION_RE = /\d+\.\d+\.\d+|(?:version|fw|firmware|rev)\w*["']?\s*[=:]/i;
/** Version fields of another moment than now: what ran before, what was planned or allowed. */
const NOT_NOW_RE = new RegExp(`(?:^|_)(?:${memberVersions.notNowFields.join('|')})(?:_|$)`, 'i');
/** A member's name: a code with a digit (DV-C01, kiosk-north-01, mjf-02), not a time or a plain number. */
const MEMBER_RE = /^(?=.*\d)(?=.*\p{L})[\p{L}\d][\p{L}\d._-]*$/u;
const MAX_MEMBERS = 200;

export interface MemberState {
  version: string;
  unit: IndexedItem;
}

/** Per member field, each member's last version, read once per index. */
const STATES = new WeakMap<EvidenceIndex, Map<string, Map<string, MemberState>>>();

export function statesOf(index: EvidenceIndex): Map<string, Map<string, MemberState>> {
  let states = STATES.get(index);
  if (states) return states;
  states = new Map();
  for (const unit of index.items) {
    if (unit.sentence > 0 || !MAY_HOLD_VERSION_RE.test(unit.text)) continue;
    const fields = Object.entries({ ...unit.item.fields, ...fieldsIn(unit.text) });
    const versions = fields.filter(([key, value]) => isVersion(key, value.trim()) && !NOT_NOW_RE.test(key));
    if (versions.length !== 1) continue;
    const version = versions[0]![1].trim().replace(/^v/i, '');
    for (const [key, value] of fields) {
      if (key === versions[0]![0] || !MEMBER_RE.test(value.trim()) || VERSION_RE.test(value.trim())) continue;
      const field = key.toLowerCase();
      if (!states.has(field)) states.set(field, new Map());
      // (Records in the order the evidence gives them: the last one of a member is its state now.)
      states.get(field)!.set(value.trim().toLowerCase(), { version, unit });
    }
  }
  STATES.set(index, states);
  return states;
}

/** "Five of the six", "23 of the 24": each count the claim gives as a part of the whole written right after it. */
export function partsOfWholes(view: ClaimView): Array<{ part: Quantity; whole: Quantity }> {
  const counts = view.features.quantities.filter((q) => !q.hasUnit && q.qualifier === undefined && Number.isInteger(q.value));
  return counts
    .slice(0, -1)
    .map((part, i) => ({ part, whole: counts[i + 1]! }))
    .filter(({ part, whole }) => part.value < whole.value && PART_OF_RE.test(view.claim.text.slice(part.start + part.raw.length, whole.start)));
}

const PART_OF_RE = /^\s+(?:out\s+)?of\s+(?:the|its|their|all)\s+$/i;

/** Whether the noun names the members: a word of the field's name or the first word of their names. */
export function namesMembers(field: string, members: ReadonlyMap<string, MemberState>, noun: string): boolean {
  if (splitKeyWords(field).some((word) => canonicalStem(word) === noun)) return true;
  return [...members.keys()].every((member) => canonicalStem(/^\p{L}+/u.exec(member)?.[0] ?? '') === noun);
}

export function countedMemberStates(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !Number.isInteger(quantity.value) || quantity.value < 1 || quantity.value > MAX_MEMBERS) return undefined;
  const version = claimedVersion(view);
  if (version === undefined) return undefined;
  const noun = countedNoun(view.claim.text, quantity);
  if (noun === undefined) return undefined;
  for (const [field, members] of statesOf(view.index)) {
    if (members.size < quantity.value || members.size > MAX_MEMBERS || !namesMembers(field, members, noun)) continue;
    const holding = [...members.values()].filter((member) => member.version === version);
    if (holding.length === quantity.value) return holding.slice(0, 12).map((member) => member.unit);
  }
  return undefined;
}

/** The one version the claim names ("4.3.0", "v5.2"), without its "v". */
export function claimedVersion(view: ClaimView): string | undefined {
  const versions = view.features.identifiers.filter((id) => VERSION_RE.test(id));
  return versions.length === 1 ? versions[0]!.replace(/^v/i, '') : undefined;
}
