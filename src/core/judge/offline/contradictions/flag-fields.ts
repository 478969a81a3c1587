// A yes/no field (true/false, yes/no; a 0 or 1 may count) of a record that answers the claim's
// own verb: "Form PWQ-1 has already been submitted to the council" while the form's status record
// gives `submitted: false`; "the supplier was not notified" against `notified=true`. The field's
// name is the claim's participle (submitted, notified, paid, escalated), alone or as
// is_/was_/has_been_<participle>; the record names every numbered identifier of the claim. A
// record of the same thing that answers the other way leaves the claim alone (a later status).
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, numberedIdentifiers } from '../claim-view';
import { pastVerbStems } from '../words';

const YES = /^(?:true|yes)$/i;
const NO = /^(?:false|no)$/i;
const FLAG_PREFIX_RE = /^(?:is|was|has|has_been|been)_/;

export function contradictFlagField(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.absent.length > 0) return undefined;
  const ids = numberedIdentifiers(view);
  if (ids.length === 0) return undefined;
  const participles = pastVerbStems(view.claim.text);
  if (participles.size === 0) return undefined;
  // The claim's answer: a denial of the act ("was not submitted") says no, else yes.
  const claimsYes = !wording.negated.some((word) => participles.has(word));
  if (!claimsYes && wording.negated.length === 0) return undefined;
  const answers: Array<{ unit: IndexedItem; field: string; value: string; yes: boolean }> = [];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !ids.every((id) => hasIdentifier(unit, id))) continue;
    for (const [key, raw] of Object.entries(unit.item.fields)) {
      const value = raw.trim().replace(/^"|"$/g, '');
      if (!YES.test(value) && !NO.test(value)) continue;
      const name = key.toLowerCase().split('.').pop()!.replace(FLAG_PREFIX_RE, '');
      if (!/^[a-z]+$/.test(name) || !participles.has(canonicalStem(name))) continue;
      answers.push({ unit, field: key, value, yes: YES.test(value) });
    }
  }
  if (answers.length === 0 || answers.some((a) => a.yes === claimsYes)) return undefined;
  const answer = answers[0]!;
  return contradicted(answer.unit, `claim says it was${claimsYes ? '' : ' not'} ${answer.field.split('.').pop()}, ${answer.unit.item.id} says ${answer.field}=${answer.value}`);
}
