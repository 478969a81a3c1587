// Over-reach: wording that claims more than the support shows. A causal link must be stated by
// the evidence (a record line with its reason, a document giving the mechanism); a certainty
// ("confirmed") must be in the evidence too, or be a check the claim names that a record holds.
import { extractFeatures, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import { statesCause } from '../language';
import type { ClaimView } from '../claim-view';
import { LIGHT_WORDS } from '../words';

/** "…, which a second `crontab -l` confirmed": the certainty is a check the claim names. */
const CITED_CHECK_RE = /\b(?:which|as)\s+(?:(?:a|an|the)\s+)?(?:[\p{L}-]+\s+)?`([^`]+)`\s+(?:confirmed|verified|showed)\b/iu;

/** Whether the check the claim cites for its certainty ("which `crontab -l` confirmed") is in a record. */
export function checkOnRecord(text: string, index: EvidenceIndex): boolean {
  const command = CITED_CHECK_RE.exec(text)?.[1]?.trim().toLowerCase();
  if (!command) return false;
  return index.items.some((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.lowerText.includes(command));
}

/** A failure with its reason on one record line ("reload failed: chain incomplete") states a cause. */
// "… (42->43): rollback criterion … met": a colon after the action (even after a bracket or a quote) opens its reason.
const REASON_MARKER = /\b(?:reason|error|err|because|due to|caused|cause|root_cause)\b|[\w)\]"]:\s/i;

export function causeStated(view: ClaimView, units: readonly IndexedItem[]): boolean {
  if (units.some((unit) => statesCause(unit.text))) return true;
  // The cause named after "because" must stand on the same record line as an error or reason.
  const text = view.claim.text;
  const at = text.toLowerCase().indexOf(view.wording.causal!.toLowerCase());
  // "Because X, Y": the cause runs to the first comma and the effect follows; "Y because X": the reverse.
  const afterPhrase = text.slice(at + view.wording.causal!.length);
  const leading = /^\W*$/.test(text.slice(0, at)) && afterPhrase.includes(',');
  const causeText = leading ? afterPhrase.slice(0, afterPhrase.indexOf(',')) : afterPhrase;
  const effectText = leading ? afterPhrase.slice(afterPhrase.indexOf(',') + 1) : text.slice(0, at);
  const causeFeatures = extractFeatures(causeText);
  const causeWords = [...new Set(causeFeatures.words)];
  if (causeWords.length === 0) return false;
  // On a record line, the cause is its content: its identifiers (DP-B, LEG-2291) and its words that
  // carry meaning ("was stuck in a reboot loop" is given by "rollback failed: device busy (reboot loop)").
  const causeIds = [...new Set(causeFeatures.identifiers)].filter((id) => /\d|-/.test(id));
  const contentWords = causeWords.filter((word) => !LIGHT_WORDS.has(word));
  // … as the line's reason: after its marker ("failed: …", "reason=…"), not anywhere on it.
  const givenOnLine = (unit: IndexedItem): boolean => {
    const marker = REASON_MARKER.exec(unit.text);
    if (!marker) return false;
    const reason = unit.text.slice(marker.index).toLowerCase();
    const reasonWords = new Set(extractFeatures(reason).words);
    const ids = causeIds.filter((id) => reason.includes(id)).length;
    const words = contentWords.filter((word) => reasonWords.has(word)).length;
    const total = contentWords.length + causeIds.length;
    return total > 0 && words + ids >= Math.max(2, Math.ceil(0.6 * total));
  };
  // A runbook or product document that states the mechanism (the cause and what it does) states the cause.
  // (The effect's own words, not the names of what it happened to: "the decline at Bristol" is met by
  // a sentence about a decline, not by any sentence naming Bristol.)
  const names = new Set([...view.features.nameGroups.flat(), ...view.features.identifiers.flatMap((id) => extractFeatures(id.replace(/[-_.]/g, ' ')).words)]);
  const effectWords = extractFeatures(effectText).words.filter((word) => !LIGHT_WORDS.has(word) && !names.has(word));
  const mostOf = (unit: IndexedItem): boolean =>
    causeWords.filter((word) => unit.wordSet.has(word)).length >= Math.max(Math.min(2, causeWords.length), Math.ceil(0.8 * causeWords.length));
  if (units.some((unit) => unit.item.kind === 'paragraph' && mostOf(unit) && effectWords.some((word) => unit.wordSet.has(word)))) return true;
  return units.some(
    (unit) =>
      unit.item.kind !== 'paragraph' &&
      REASON_MARKER.test(unit.text) &&
      // Most of the named cause must be on that line: "memory leak" is not stated by "out of memory".
      (mostOf(unit) || givenOnLine(unit)),
  );
}
