// A setting the claim says is on or off against a yes/no field that names it: "auto-approval for
// non-adapt remakes is switched on for your account" while the account gives
// `auto_approve_non_adapt: false`; "SMS alerts are disabled" against `sms_alerts_enabled: true`.
// The field's name, but for words that only say it is a switch (enabled, is, flag), is all in the
// claim's words (a stem, or a noun of its verb: approval of approve). A record of the same setting
// that agrees with the claim leaves it alone. Words are data (switches.json).
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, holdsSomeAnchor, numberedIdentifiers } from '../claim-view';
import { columnWords, tokensOf } from '../align/table-alignment';
import { sameFamily } from '../words';
import { escapePhrase } from '../vocabulary/index';
import switches from '../vocabulary/switches.json';

const oneOf = (words: readonly string[]): string => words.map(escapePhrase).join('|');
const YES = new RegExp(`^(?:${oneOf(switches.yes)})$`, 'i');
const NO = new RegExp(`^(?:${oneOf(switches.no)})$`, 'i');
const SWITCH_WORDS = new Set(switches.fieldSwitchWords);
const ON_RE = new RegExp(`\\b(?:${oneOf(switches.on)})\\b`, 'i');
const OFF_RE = new RegExp(`\\b(?:${oneOf(switches.off)})\\b`, 'i');
const DENIAL = switches.denial.map((word) => (/^[a-z]/i.test(word) ? `\\b${escapePhrase(word)}` : escapePhrase(word))).join('|');
const SWITCH_VERBS = oneOf(['switched', 'turned', ...[...switches.on, ...switches.off].filter((word) => !word.includes(' '))]);
const NOT_BEFORE_RE = new RegExp(`(?:${DENIAL})\\s+(?:been\\s+)?(?:${SWITCH_VERBS})\\b`, 'i');
const CONDITIONAL_RE = new RegExp(`\\b(?:${oneOf(switches.conditional)})\\b`, 'i');

export function contradictSwitchField(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  // ("was turned on at 08:05" is an act at a moment: a record of the state before it is no answer.)
  if (wording.hedge || view.features.times.length > 0) return undefined;
  const text = view.claim.text;
  // One state, stated as a fact: "is switched on", "has been disabled".
  const onAt = ON_RE.exec(text)?.index;
  const offAt = OFF_RE.exec(text)?.index;
  if ((onAt === undefined) === (offAt === undefined)) return undefined;
  const on = onAt !== undefined;
  // (A condition or a modal before the switch: "If … is switched on", "can be enabled".)
  if (CONDITIONAL_RE.test(text.slice(0, onAt ?? offAt))) return undefined;
  // (Only a denial of the switch itself turns it round: "did not open the vent, because the fail-safe is switched off".)
  const claimsOn = on !== NOT_BEFORE_RE.test(text);
  const claim = tokensOf(text);
  const named = (word: string): boolean => claim.has(word) || claim.has(canonicalStem(word)) || [...claim].some((token) => sameFamily(canonicalStem(word), token));
  const anchored = numberedIdentifiers(view).length === 0 ? () => true : (unit: IndexedItem) => holdsSomeAnchor(view, unit);
  const answers: Array<{ unit: IndexedItem; field: string; value: string; on: boolean }> = [];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !anchored(unit)) continue;
    for (const [key, raw] of Object.entries(unit.item.fields)) {
      const value = raw.trim().replace(/^"|"$/g, '');
      if (!YES.test(value) && !NO.test(value)) continue;
      const words = columnWords(key.toLowerCase().split('.').pop()!).filter((word) => /^\p{L}{2,}$/u.test(word) && !SWITCH_WORDS.has(word));
      if (words.length === 0 || !words.every(named)) continue;
      answers.push({ unit, field: key.split('.').pop()!, value, on: YES.test(value) });
    }
  }
  if (answers.length === 0 || answers.some((answer) => answer.on === claimsOn)) return undefined;
  const answer = answers[0]!;
  return contradicted(answer.unit, `claim says it is ${claimsOn ? 'on' : 'off'}, ${answer.unit.item.id} gives ${answer.field}=${answer.value}`);
}
