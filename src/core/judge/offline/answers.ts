// What a short answer to a question must do beyond being grounded: a yes/no question that asks
// two things is two propositions; an answer that skips the asked year or number, says something
// else of one option of an "A or B?" question, asks a question back, or names the person the
// question gives, does not answer it.
import type { JudgedClaim } from '../../review-types';
import { extractFeatures } from '../../retrieval/index';
import { isNationality } from './language';

/**
 * "Are both A and B American?" / "Are A and B both American?" asks two things: "A American",
 * "B American". Other questions are one proposition.
 */
export function questionPropositions(question: string): string[] {
  const text = question.trim().replace(/\?+$/, '');
  const both = /^(are|were|is|was|do|did|does)\s+both\s+(.+?)\s+and\s+(.+)$/i.exec(text);
  if (both) {
    // "Tim McIlrath and Spike Slawson American punk rock musicians": B is the name after "and".
    const tokens = both[3]!.split(/\s+/);
    let run = 0;
    while (run < tokens.length && /^\p{Lu}/u.test(tokens[run]!)) run++;
    // A nationality before a plain word ("American punk rock musicians") is what is asked, not part of the name.
    if (run >= 2 && run < tokens.length && isNationality(tokens[run - 1]!) && /^\p{Ll}/u.test(tokens[run]!)) run--;
    if (run > 0 && run < tokens.length) {
      const property = tokens.slice(run).join(' ');
      return [`${both[2]} ${property}`, `${tokens.slice(0, run).join(' ')} ${property}`];
    }
  }
  const after = /^(are|were|is|was|do|did|does)\s+(.+?)\s+and\s+(.+?)\s+both\s+(.+)$/i.exec(text);
  if (after) return [`${after[2]} ${after[4]}`, `${after[3]} ${after[4]}`];
  // "How long can a URL stay valid, …, and can a link be restricted to an IP range?": "yes"
  // answers the part that asks yes or no, not the parts that ask how long or what.
  const parts = text.split(/,\s*(?:and\s+|or\s+)?|\s+and\s+(?=(?:how|what|when|where|which|who|why|can|could|will|would|is|are|does|do|did|should)\b)/i);
  if (parts.length > 1) {
    const yesNo = parts.filter((part) => YES_NO_START.test(part) && !/^\s*if\b/i.test(part));
    const asksOther = parts.some((part) => WH_START.test(part));
    if (yesNo.length === 1 && asksOther) return [yesNo[0]!.trim()];
  }
  return [text];
}

const YES_NO_START = /^\s*(?:can|could|will|would|is|are|was|were|does|do|did|should|has|have)\b/i;
const WH_START = /^\s*(?:how|what|when|where|which|who|whom|why)\b/i;

/** What a question asks for, when it names a kind of value: a year or date, or a number. */
export function askedValue(question: string): 'date' | 'number' | undefined {
  if (/\b(?:what|which) year\b|\bbirth ?date\b|\bdate of birth\b|\bwhat date\b|\bwhen (?:was|were|did|is)\b.*\b(?:born|founded|established|released|built|died|formed|opened|created|launched|published)\b/i.test(question)) return 'date';
  if (/\bhow (?:many|much|long|old|tall|high|far|big|large)\b/i.test(question)) return 'number';
  return undefined;
}

/**
 * A short answer (one or two claims) to a question that asks for a year or a number, none of
 * whose claims gives one, does not answer it: a true statement beside the point ("Alf Clausen
 * composed the theme" for "In what year was its composer born?") is not a grounded answer.
 * Its first grounded claim is marked ungrounded with that reason.
 */
export function flagNonAnswer(claims: JudgedClaim[], question: string): void {
  if (claims.length === 0 || claims.length > 2) return;
  // An answer that is itself a question answers nothing.
  const asking = claims.find((claim) => claim.partition === 'grounded' && /\?\s*$/.test(claim.text));
  if (asking) {
    Object.assign(asking, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'does not answer the question: it asks one' });
    return;
  }
  flagOffChoice(claims, question);
  flagGivenSubject(claims, question);
  const asked = askedValue(question);
  if (!asked) return;
  const answers = claims.some((claim) => {
    const features = extractFeatures(claim.text);
    if (asked === 'date') return features.dates.length > 0 || features.quantities.some((q) => !q.hasUnit && Number.isInteger(q.value) && q.value >= 1000 && q.value <= 2999);
    return features.quantities.length > 0;
  });
  if (answers) return;
  const target = claims.find((claim) => claim.partition === 'grounded');
  if (!target) return;
  Object.assign(target, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `does not answer the question: it asks for ${asked === 'date' ? 'a year or date' : 'a number'} and the answer gives none` });
}

/**
 * "Which … is best known for championing the right to die: Christy Canyon or Jack Kevorkian?"
 * A short answer naming one of the options must be the bare option or say the asked thing of
 * it; "Christy Canyon was a pornographic actress" is true and beside the point.
 */
function flagOffChoice(claims: JudgedClaim[], question: string): void {
  const choice = /(?:^|[:,?]\s*|\b(?:between|of)\s+)((?:\p{Lu}[\p{L}'’.-]*\s*){1,6})\s+or\s+((?:\p{Lu}[\p{L}'’.-]*\s*){1,6})\??\s*$/u.exec(question.trim());
  if (!choice || !/^\s*(?:which|who|what|whose)\b/i.test(question)) return;
  const options = [choice[1]!, choice[2]!].map((option) => new Set(extractFeatures(option).words));
  const asked = new Set(extractFeatures(question.slice(0, choice.index)).words.filter((word) => !options.some((o) => o.has(word))));
  for (const claim of claims) {
    if (claim.partition !== 'grounded') continue;
    const words = extractFeatures(claim.text).words;
    const named = options.some((option) => [...option].every((word) => words.includes(word)));
    const rest = words.filter((word) => !options.some((option) => option.has(word)));
    // Only a statement about the option ("… was a pornographic actress"), not a fuller name ("Sir Francis Nethersole").
    const statement = /\b(?:is|was|are|were|has|had|have)\b/i.test(claim.text);
    if (!named || !statement || rest.length === 0 || rest.some((word) => asked.has(word))) continue;
    Object.assign(claim, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'does not answer the question: it names an option but not what the question asks of it' });
    return;
  }
}

/**
 * "Who won a Nobel Prize in 1943 and is associated with Max Volmer?" answered with "Max Volmer
 * won …": the answer's subject is the person the question gives, not the one it asks for.
 */
function flagGivenSubject(claims: JudgedClaim[], question: string): void {
  if (!/^\s*(?:who|whom|which (?:man|woman|person|actor|actress|singer|player|author|writer|director))\b/i.test(question) || /\sor\s/i.test(question)) return;
  const given = extractFeatures(question).nameGroups.map((group) => group.join(' '));
  for (const claim of claims) {
    if (claim.partition !== 'grounded') continue;
    const subject = extractFeatures(claim.text).nameGroups[0]?.join(' ');
    if (subject === undefined || !given.includes(subject) || !/^\s*\p{Lu}/u.test(claim.text)) continue;
    if (!claim.text.trimStart().toLowerCase().startsWith(subject.split(' ')[0]!.slice(0, 3))) continue;
    Object.assign(claim, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'does not answer the question: its subject is the one the question gives, not the one it asks for' });
    return;
  }
}
