// A thing said to have stayed as it was at a moment when a record shows it changed: "The diesel
// price was left unchanged on 1 July" against `event=price_change product=diesel from_gbp_l=1.56
// to_gbp_l=1.59` of that day. The claim gives no figure (one with a figure is a field change's
// business, field-changes.ts); the record holds an old and a new value that differ (changes.json
// fieldChanges), every content word of the claim and the claim's date.
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { dateMatches } from '../derive/matching';
import { fieldChangesOf } from '../records/field-changes';
import { STAYS_RE } from './field-changes';
import { LIGHT_WORDS, NARRATION_WORDS } from '../words';
import changes from '../vocabulary/changes.json';

/** The words of the staying phrases themselves ("left unchanged"): not what is said to stay. */
const STAY_WORDS = new Set(changes.fieldChanges.stays.flatMap((phrase) => phrase.split(/\s+/)).map((word) => canonicalStem(word.toLowerCase())));

export function contradictStayedValue(view: ClaimView): ClaimVerdict | undefined {
  const { wording, features } = view;
  if (wording.hedge || wording.absent.length > 0 || !STAYS_RE.test(view.claim.text)) return undefined;
  // A figure said to stay is checked against the change's values (field-changes.ts); a moment is needed to know which change.
  if (features.quantities.length > 0 || features.dates.length === 0) return undefined;
  const subject = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word) && !NARRATION_WORDS.has(word) && !STAY_WORDS.has(word) && !/^\d/.test(word));
  if (subject.length === 0) return undefined;
  const holds = (unit: IndexedItem): boolean =>
    subject.every((word) => unit.wordSet.has(word) || unit.identifierSet.has(word)) &&
    features.identifiers.every((id) => unit.identifierSet.has(id)) &&
    features.dates.every((date) => unit.features.dates.some((at) => dateMatches(date, at)));
  const moved = fieldChangesOf(view.index).filter((change) => change.old.raw.trim() !== change.now.raw.trim() && holds(change.unit));
  const units = [...new Set(moved.map((change) => change.unit))];
  // One record of the change: several would need the claim to say which.
  if (units.length !== 1) return undefined;
  const change = moved[0]!;
  return contradicted(change.unit, `claim says it stayed unchanged; ${change.unit.item.id} changes ${change.name} from ${change.old.raw} to ${change.now.raw}`);
}
