// The wrong member named for a record: "At 11:47 PURGE-LAT-009 fired for pop-fra" while the
// alert's record says pop=pop-mad. The claim names the record by an identifier of its own
// (PURGE-LAT-009, and its time when it gives one) and one member of a family (pop-fra, of pop-*);
// every record so named gives another member of that family in a field, and none names the
// claimed one. A claim naming two members of the family, or no record, is left alone.
import type { IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { timeMatches } from '../derive/matching';

/** The family an identifier belongs to: its name up to its last part (pop-mad → pop, db-prod-2 → db-prod). */
export function familyOf(id: string): string | undefined {
  return /[-_.]/.test(id) ? id.toLowerCase().replace(/[-_.][^-_.]*$/, '') : undefined;
}

export function contradictRecordMember(view: ClaimView, candidates: readonly IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const ids = view.features.identifiers.map((id) => id.toLowerCase());
  if (ids.length < 2) return undefined;
  for (const member of ids) {
    const family = familyOf(member);
    if (!family || ids.some((other) => other !== member && familyOf(other) === family)) continue;
    const anchors = ids.filter((other) => other !== member && familyOf(other) !== family);
    if (anchors.length === 0) continue;
    const records = candidates.filter(
      (unit) =>
        unit.item.kind !== 'paragraph' &&
        unit.item.kind !== 'reasoning' &&
        anchors.every((anchor) => hasIdentifier(unit, anchor)) &&
        (view.features.times.length === 0 || view.features.times.some((time) => unit.features.times.some((t) => timeMatches(time, t)))),
    );
    if (records.length === 0 || records.some((unit) => hasIdentifier(unit, member))) continue;
    const siblings = records.map((unit) => Object.entries(unit.item.fields).find(([, value]) => familyOf(value) === family && value.toLowerCase() !== member));
    if (!siblings.every((sibling) => sibling !== undefined)) continue;
    const [key, value] = siblings[0]!;
    return contradicted(records[0]!, `claim says ${member}, ${records[0]!.item.id} says ${key}=${value}`);
  }
  return undefined;
}
