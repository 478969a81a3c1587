// The plan, tier or licence the customer is on: the one a record's plan/tier/licence field gives,
// or the one tier the question names ("I'm a Standard member", "We're a Standard-tier practice")
// among the tiers the evidence knows (values of such fields, names before "plan"/"tier" in documents).
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import { canonicalStem } from '../../../retrieval/index';
import { perIndex } from './per-index';
import { escapePhrase } from '../vocabulary';
import tiers from '../vocabulary/tiers.json';

const TIER_FIELDS = new Set(tiers.fieldNames);
const NAMED_TIER_RE = new RegExp(`\\b([A-Z][\\w+'-]*(?:\\s+[A-Z][\\w+'-]*)?)[\\s-]+(?:${tiers.tierNouns.map(escapePhrase).join('|')})\\b`, 'g');
const TIER_VALUE_RE = /^[\p{L}][\p{L} +-]{1,30}$/u;
/** Words that open a sentence before a tier noun without naming a tier ("All plans", "Other users"). */
const NOT_A_TIER = new Set(tiers.notTiers);

/** Whether a field's name says it holds a tier (plan, licence.tier, member_tier). */
export function isTierField(key: string): boolean {
  const last = key.toLowerCase().split('.').pop()!.replace(/\[\d+\]$/, '');
  return TIER_FIELDS.has(last) || /(?:^|_)(?:tier|plan)$/.test(last);
}

/** The tier a record gives, lower case, if it has a tier field. */
export function tierOf(unit: IndexedItem): string | undefined {
  for (const [key, value] of Object.entries(unit.item.fields)) if (isTierField(key) && TIER_VALUE_RE.test(value.trim())) return value.trim().toLowerCase();
  return undefined;
}

interface Tiers {
  /** Every tier the evidence names, lower case. */
  known: Set<string>;
  /** The tiers the records' tier fields give. */
  inRecords: Set<string>;
}

const tiersOf = perIndex((index: EvidenceIndex): Tiers => {
  const known = new Set<string>();
  const inRecords = new Set<string>();
  for (const unit of index.items) {
    if (unit.item.kind === 'reasoning') continue;
    if (unit.item.kind === 'paragraph') {
      for (const match of unit.text.matchAll(NAMED_TIER_RE)) if (!NOT_A_TIER.has(match[1]!.toLowerCase())) known.add(match[1]!.toLowerCase());
      continue;
    }
    const tier = tierOf(unit);
    if (tier) {
      known.add(tier);
      inRecords.add(tier);
    }
  }
  return { known, inRecords };
});

/** The customer's tier, lower case: the one the question names, else the records' one. */
export function customerTier(index: EvidenceIndex, askedWords: ReadonlySet<string>): string | undefined {
  const { known, inRecords } = tiersOf(index);
  const asked = [...known].filter((tier) => tier.split(/\s+/).every((word) => askedWords.has(canonicalStem(word))));
  if (asked.length === 1) return asked[0];
  return inRecords.size === 1 ? [...inRecords][0] : undefined;
}

/** Every tier the evidence names, lower case. */
export function knownTiers(index: EvidenceIndex): ReadonlySet<string> {
  return tiersOf(index).known;
}

/** Whether a text names a tier as a word of its own ("On Standard", not "standardised"). */
export function namesTier(text: string, tier: string): boolean {
  return new RegExp(`\\b${escapePhrase(tier)}\\b`, 'i').test(text);
}
