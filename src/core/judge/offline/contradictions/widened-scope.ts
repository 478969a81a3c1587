// A restriction a later change lifts: "resumable upload sessions, which are only offered on
// Professional and Enterprise" while the release notes say they "are now available on the
// Standard plan as well"; "Static IPv4 is not offered on Fibre 150" against "Fibre 150 can now
// order static IPv4". The claim limits a feature to the tiers it names (or denies it one); a change
// sentence about the same feature (two of its words) grants it to a tier the claim leaves out, to
// the one it denies, or to all. Wording is data (changes.json widening).
import type { IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { escapePhrase, phrasePattern } from '../vocabulary';
import changes from '../vocabulary/changes.json';
import { HISTORICAL_RE } from '../records/changes';
import { changeSentencesOf, contentStems } from './reversals';

const phrases = (list: readonly string[]): string => list.map(escapePhrase).join('|');
/** A tier's name: capitalised words, a number after them ("Business Plus", "Fibre 150", "Standard"). */
const NAME = String.raw`[A-Z][\p{L}-]*(?:\s+(?:[A-Z][\p{L}-]*|\d+))*`;
const NAMES = String.raw`(?:the\s+)?${NAME}(?:\s*(?:,|\band\b|\bor\b|,\s*and\b)\s*(?:the\s+)?${NAME})*`;
const RESTRICT_RE = new RegExp(`\\b(?:${phrases(changes.widening.restrict)})\\s+(${NAMES})`, 'u');
const DENY_RE = new RegExp(`\\b(?:${phrases(changes.widening.deny)})\\s+(${NAMES})`, 'u');
const GRANT_RE = phrasePattern(changes.widening.grant);
const ALL_RE = /\b(?:on|to|for)\s+(?:all|every)\b/i;
/** Names a change sentence grants to: after "on/to/for (the)", "including", "as well as", or leading the sentence before "can now". */
const GRANTED_RE = new RegExp(`(?:\\b(?:on|to|for|including)\\s+(?:the\\s+)?|^\\W*(?=${NAME}\\s+(?:plans?\\s+|tiers?\\s+|users\\s+)?can\\s+now))(${NAME})`, 'gu');
const TIER_WORDS = /\s+(?:plans?|tiers?|licen[cs]es?|editions?|subscriptions?)$/i;

function namesIn(list: string): string[] {
  return list
    .split(/\s*(?:,|\band\b|\bor\b)\s*/)
    .map((name) => name.replace(/^the\s+/i, '').replace(TIER_WORDS, '').trim().toLowerCase())
    .filter((name) => name.length > 1);
}

export function contradictWidenedScope(view: ClaimView): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (view.wording.hedge || HISTORICAL_RE.test(text)) return undefined;
  const restrict = RESTRICT_RE.exec(text);
  const deny = restrict ? null : DENY_RE.exec(text);
  const match = restrict ?? deny;
  if (!match) return undefined;
  const named = namesIn(match[1]!);
  if (named.length === 0) return undefined;
  // The feature: the claim's words besides the tiers and the restriction itself.
  const wording = new Set(contentStems(`${match[0]} plan plans tier tiers`));
  const feature = contentStems(text).filter((stem) => !wording.has(stem) && !named.some((name) => contentStems(name).includes(stem)));
  if (feature.length < 2) return undefined;
  for (const sentence of changeSentencesOf(view.index)) {
    const { unit } = sentence;
    if (!GRANT_RE.test(unit.text)) continue;
    const said = new Set(contentStems(unit.text));
    if (feature.filter((stem) => said.has(stem)).length < 2) continue;
    const granted = [...unit.text.matchAll(GRANTED_RE)].map((m) => m[1]!.replace(TIER_WORDS, '').trim().toLowerCase());
    const lifted = restrict ? (granted.find((name) => !named.includes(name)) ?? (ALL_RE.test(unit.text) ? 'all' : undefined)) : granted.find((name) => named.includes(name));
    if (lifted === undefined) continue;
    return verdict(unit, match[0].trim(), lifted);
  }
  return undefined;
}

function verdict(unit: IndexedItem, wording: string, lifted: string): ClaimVerdict {
  return contradicted(unit, `claim says "${wording}", superseded: ${unit.item.id} makes it available ${lifted === 'all' ? 'to all' : `on ${lifted}`}`);
}
