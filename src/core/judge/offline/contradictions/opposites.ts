// A document that says the opposite of the claim: the same statement denied ("Deleted events
// are not restored"), restricted to others ("Only workspace owners … can rotate"), or with the
// opposite word ("before refunds" for "after refunds").
import { extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { readWording } from '../language';
import { type ClaimVerdict, type ClaimView, contradicted, holdsAllAnchors } from '../claim-view';
import { LIGHT_WORDS, stemSequence, surfaceWord, unitStems, wordingOf } from '../words';
import opposites from '../vocabulary/opposites.json';

/**
 * A document sentence that says what the claim says, but denies it ("Deleted events are not
 * restored" for "Upgrading restores deleted events"): most of the claim's content words, the
 * claim's names, and a negation of one of the claim's own words that the claim does not have.
 */
export function contradictPolarity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0 || view.wording.hedge) return undefined;
  // A claim that itself denies something ("Nothing under … was deleted") agrees with a denial.
  if (/\b(?:no|nothing|none|never|neither|nor|without)\b/i.test(view.claim.text)) return undefined;
  // So does one that denies the very action in other words ("warns against restarting", "rather than
  // being deleted", "would have stopped accepting writes", "only after that were the workers scaled").
  const deniedInOtherWords = deniedByConstruction(view.claim.text);
  const heavy = [...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word);
  if (heavy.length < 3) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || !holdsAllAnchors(view, unit)) continue;
    const denied = wordingOf(unit).negated;
    if (denied.length === 0) continue;
    // The denial must be about the claim: the word the document denies is one of the claim's,
    // and the clause that denies it holds most of the claim ("New releases do not change it; an
    // account owner can move it …" does not deny "An account owner can change it by hand").
    const clause = unit.text.split(/;|\.\s/).find((part) => readWording(part).negated.some((word) => view.words.has(word)));
    if (!clause) continue;
    if (readWording(clause).negated.some((word) => deniedInOtherWords.has(word))) continue;
    // "Do not restart the belt until …" instructs; it denies what the claim says happened only
    // when the claim too speaks of what may or must be done.
    if (INSTRUCTION_RE.test(clause) && !PRESCRIPTION_RE.test(view.claim.text)) continue;
    const clauseWords = new Set(extractFeatures(clause).words);
    const shared = heavy.filter((word) => clauseWords.has(word)).length;
    if (shared / heavy.length < 0.6) continue;
    return contradicted(unit, `${unit.item.id} says the opposite (not ${readWording(clause).negated.find((word) => view.words.has(word))})`);
  }
  return undefined;
}

/** A clause that tells the reader not to do something ("Do not restart …", "- Never raise …"). */
const INSTRUCTION_RE = /^\s*(?:[-*•]\s*|\d+[.)]\s*)?(?:do not|don't|don’t|never)\b/i;

/** A claim about what may, must or should be done, which an instruction can deny. */
const PRESCRIPTION_RE = /\b(?:can|cannot|can't|may|must|should|shall|need(?:s)? to|required|allowed|permitted|supposed to|safe to|ok to|okay to)\b/i;

/**
 * The actions a claim denies or defers without a "not": the verb after "against", "rather than",
 * "instead of", "stopped", "refused to" …, and the verb of "only after/once …, was/were X-ed".
 */
function deniedByConstruction(text: string): Set<string> {
  const words = new Set<string>();
  const add = (word: string | undefined): void => {
    const stem = word ? extractFeatures(word).words[0] : undefined;
    if (stem) words.add(stem);
  };
  for (const match of text.matchAll(/\b(?:against|avoid(?:s|ed|ing)?|rather than|instead of|stop(?:s|ped|ping)?|ceas(?:e|es|ed|ing)|halt(?:s|ed|ing)?|refus(?:e|es|ed|ing)(?: to)?|prevent(?:s|ed|ing)?(?: \p{L}+)? from|forbid(?:s|den|ding)?|prohibit(?:s|ed|ing)?)\s+(?:(?:being|been|be|having|to|the|a|an|any)\s+)*(\p{L}+)(?:\s+(\p{L}+))?/giu)) {
    // "the runbook forbids it": what "it" stands for is the action the sentence opens with ("Raising …").
    if (/^(?:it|this|that|them|so)$/i.test(match[1]!)) add(/\b(\p{L}+ing)\b/iu.exec(text)?.[1]);
    else add(match[1]);
    // "stopped accepting writes": the thing no longer done too.
    if (/^stop|^ceas|^halt/i.test(match[0])) add(match[2]);
  }
  // "Only after that were the workers scaled": the participle of the deferred action.
  for (const match of text.matchAll(/\bonly (?:after|once|when)\b[^.;]*?\b(?:was|were|is|are|be|been|got)\s+(?:[\p{L}-]+\s+){0,3}?(\p{L}+(?:ed|en|wn))\b/giu)) add(match[1]);
  return words;
}

/**
 * "Any workspace member can rotate a key" against "Only workspace owners and admins can create,
 * rotate or revoke keys": a document that restricts ("only") the very action the claim opens to
 * anyone, naming someone else than the claim's subject.
 */
export function contradictScope(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const universal = /^\s*(?:any|anyone|anybody|everyone|everybody|every|all)\s+(?:(\p{L}+)\s+)?(\p{L}+)?/iu.exec(view.claim.text);
  if (!universal || view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const subjectWords = extractFeatures(`${universal[1] ?? ''} ${universal[2] ?? ''}`).words;
  const rest = [...view.words.keys()].filter((word) => !subjectWords.includes(word) && !LIGHT_WORDS.has(word));
  if (rest.length < 2) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || !/\bonly\b/i.test(unit.text)) continue;
    if (rest.filter((word) => unit.wordSet.has(word)).length / rest.length < 0.8) continue;
    // The restriction names others: the claim's own subject word is not among those allowed.
    const head = subjectWords.at(-1);
    if (!head || unit.wordSet.has(head)) continue;
    return contradicted(unit, `claim opens it to ${universal[0].trim().toLowerCase()}, ${unit.item.id} restricts it ("only …")`);
  }
  return undefined;
}

/** Word pairs that state opposite sides of one property (stems; vocabulary/opposites.json). */
const OPPOSITE_OF = new Map<string, string>((opposites.pairs as Array<[string, string]>).flatMap(([a, b]) => [[a, b], [b, a]] as Array<[string, string]>));

const RELATIONS = new Set(opposites.relations);

/** The stem after the first occurrence of `stem` in a stem sequence. */
function nextStem(stems: readonly string[], stem: string): string | undefined {
  const at = stems.indexOf(stem);
  return at >= 0 ? stems[at + 1] : undefined;
}

/**
 * "AOV is measured after refunds" against "AOV is gross revenue … before refunds": a document
 * sentence about the same thing (most of the claim's other words) that has the opposite of one
 * of the claim's words, and not the word itself.
 */
export function contradictOpposite(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  // Stopwords too: "before" and "after" carry the fact here.
  const claimStems = stemSequence(view.claim.text);
  const claimTokens = new Set(claimStems);
  const rest = [...view.words.keys()].filter((other) => !LIGHT_WORDS.has(other) && !OPPOSITE_OF.has(other));
  if (rest.length < 2) return undefined;
  const restShare = (unit: IndexedItem): number => rest.filter((other) => unit.wordSet.has(other)).length / rest.length;
  for (const word of claimTokens) {
    const opposite = OPPOSITE_OF.get(word);
    if (!opposite || claimTokens.has(opposite)) continue;
    // "outside diameter" when the manual lists an inside and an outside diameter: a passage saying the
    // claim's own word about the same thing shows the two are siblings, not one fact said two ways.
    if (candidates.some((unit) => unit.item.kind === 'paragraph' && unitStems(unit).includes(word) && !unitStems(unit).includes(opposite) && restShare(unit) >= 0.6)) continue;
    for (const unit of candidates) {
      if (unit.item.kind !== 'paragraph' || !holdsAllAnchors(view, unit)) continue;
      const unitTokens = unitStems(unit);
      if (unitTokens.includes(word) || !unitTokens.includes(opposite)) continue;
      if (restShare(unit) < 0.6) continue;
      // A relation ("after refunds") is opposed only about the same bare noun ("before refunds"):
      // not by any other "before" in the passage, and not when it times an event ("before the failover").
      if (RELATIONS.has(word)) {
        const next = nextStem(claimStems, word);
        if (!next || /^(?:the|a|an|thi|that|these|those|it|its|their|our|your)$/.test(next) || next !== nextStem(unitTokens, opposite)) continue;
      }
      return contradicted(unit, `claim says "${surfaceWord(view.claim.text, word)}", ${unit.item.id} says "${surfaceWord(unit.text, opposite)}"`);
    }
  }
  return undefined;
}
