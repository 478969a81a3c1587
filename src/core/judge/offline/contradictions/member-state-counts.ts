// A part of a whole that ends on a version, given with the wrong count: "Eleven of the thirteen
// diverters now run 4.3.0" when the records name thirteen diverters and the last record of twelve
// gives 4.3.0. The whole must be exactly the members the records name, so that the claim's set is
// theirs; a count the records give otherwise is no contradiction.
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { claimedVersion, namesMembers, partsOfWholes, statesOf } from '../derive/member-states';
import { countedNoun } from '../derive/row-counts';

export function contradictMemberStateCount(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const version = claimedVersion(view);
  if (version === undefined) return undefined;
  for (const { part, whole } of partsOfWholes(view)) {
    if (part.value < 1) continue;
    const noun = countedNoun(view.claim.text, part);
    if (noun === undefined) continue;
    for (const [field, members] of statesOf(view.index)) {
      if (members.size !== whole.value || !namesMembers(field, members, noun)) continue;
      const holding = [...members.values()].filter((member) => member.version === version);
      if (holding.length === 0 || holding.length === part.value) continue;
      const other = [...members.values()].find((member) => member.version !== version) ?? holding[0]!;
      return contradicted(other.unit, `claim says ${part.raw} of the ${whole.raw} run ${version}, the last records of the ${members.size} ${field} values give it for ${holding.length}`);
    }
  }
  return undefined;
}
