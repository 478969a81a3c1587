// A feature a document keeps to some tiers, said to be there for a customer on another: "On your
// plan, alerts can go out by email, SMS or webhook" while the docs say webhook notifications "are
// available on Pro only" and the site's record gives plan=standard. The customer's tier is the one
// the question names or a record's plan/tier field gives (records/customer-tier.ts); a document item restricts a
// feature when it gives it to named tiers ("Available on the Professional and Enterprise plans",
// "… by Partner Plus practices only") or denies it to one ("not available on the Standard tier").
// The claim names the feature (every word of its name: the item's heading or subject) and gives
// it to a tier that lacks it (one it names, else the customer's when it speaks to "you"). An item
// that says what the customer's tier gets instead ("Standard plan pickups cost £6.50"), a note of
// what was so before ("previously Enterprise only"), another item granting the feature to the
// customer's tier, and a claim of what an upgrade would bring leave it alone. Wording is data
// (vocabulary/tiers.json).
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import { extractFeatures } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import { perIndex } from '../records/per-index';
import { escapePhrase } from '../vocabulary';
import tiers from '../vocabulary/tiers.json';
import { customerTier, namesTier } from '../records/customer-tier';

const NOUNS = tiers.tierNouns.map(escapePhrase).join('|');
const NAME = "[A-Z][\\w+'-]*(?:\\s+[A-Z][\\w+'-]*)?";
const NAMES = `${NAME}(?:\\s*,\\s*${NAME})*(?:,?\\s+(?:and|or)\\s+${NAME})?`;
const VERBS = '[Aa]vailable|[Ii]ncluded|[Oo]ffered|[Ss]upported|[Ee]nabled|[Oo]pen';
/** "available on the Professional and Enterprise plans", "not available on the Standard tier". */
const AVAILABLE_RE = new RegExp(`(\\b(?:not|n't|never)\\s+(?:be\\s+)?)?\\b(?:${VERBS})\\s+(?:on|to|for|in|with)\\s+(?:the\\s+|both\\s+the\\s+)?(${NAMES})(?:[\\s-]+(?:${NOUNS}))?(\\s+only)?\\b`, 'g');
/** "by Partner Plus practices only", "Pro only", "(Pro licence only)", "Enterprise-only". */
const ONLY_RE = new RegExp(`\\b(${NAMES})(?:[\\s-]+(?:${NOUNS}))?[\\s-]+only\\b`, 'g');
/** What was so before a change: "(previously Enterprise only)", "formerly Pro only". */
const BEFORE_RE = /\b(?:previously|formerly|was|were|until|used\s+to\s+be)\s+(?:\S+\s+){0,2}$/i;
const EVERY_TIER_RE = new RegExp(`\\b(?:${tiers.everyTier.map(escapePhrase).join('|')})\\b`, 'i');
const TIER_NOUN_RE = new RegExp(`\\b(?:${NOUNS})\\b`, 'i');
const YOU_RE = /\b(?:you|your|yours|we|our|us)\b/i;
/** What an upgrade or a condition would bring: not what the customer has now. */
const CONDITIONAL_RE = /\b(?:would|will|upgrad\w*)\b/i;

/** The wording of availability and tiers' nouns: no part of a feature's name. */
const AVAILABILITY_WORDS = new Set(extractFeatures(`available include offer support enable open only ${tiers.tierNouns.join(' ')}`).words);

interface Restriction {
  unit: IndexedItem;
  /** The tiers the item gives the feature to, lower case (empty when it only denies it to some). */
  allowed: string[];
  /** The tiers the item denies the feature to. */
  excluded: string[];
  /** The feature's name, as stems: "Split holds: …", "New: Catch-up fertigation.", "Webhook notifications (…) are …". */
  name: string[];
  /** The item's text, lower case: whether it speaks of a tier otherwise. */
  lower: string;
}

/** A note's tag before the feature it is about ("New: …", "Changed: …"). */
const TAG_RE = /^\s*(?:[-*]\s*)?(?:new|changed|fixed|added|improved|removed|update[ds]?)\s*:\s*/i;
/** The end of a sentence's subject: a verb or a break. */
const SUBJECT_END_RE = /[(,.;:]|\b(?:is|are|can|could|will|may|must|was|were|has|have|now|only|requires?)\b/i;

/** The words that name an item's feature: its heading before a colon, else its subject. */
function featureName(text: string): string {
  const untagged = text.replace(TAG_RE, '');
  const headed = /^([^:.()]{1,40}):/.exec(untagged);
  if (headed) return headed[1]!;
  const end = SUBJECT_END_RE.exec(untagged);
  return end ? untagged.slice(0, end.index) : untagged.slice(0, 60);
}

/** The document items that keep a feature to named tiers or deny it to some. */
const restrictionsOf = perIndex((index: EvidenceIndex): Restriction[] => {
  const out: Restriction[] = [];
  for (const unit of index.items) {
    if (unit.item.kind !== 'paragraph' || EVERY_TIER_RE.test(unit.text)) continue;
    const allowed: string[] = [];
    const excluded: string[] = [];
    for (const match of unit.text.matchAll(AVAILABLE_RE)) {
      // A tier's noun or "only" says the names are tiers ("available on the Professional and Enterprise plans").
      if (!match[3] && !TIER_NOUN_RE.test(match[0])) continue;
      (match[1] ? excluded : allowed).push(...namesIn(match[2]!));
    }
    for (const match of unit.text.matchAll(ONLY_RE)) {
      if (!BEFORE_RE.test(unit.text.slice(Math.max(0, match.index - 30), match.index))) allowed.push(...namesIn(match[1]!));
    }
    if (allowed.length === 0 && excluded.length === 0) continue;
    const named = new Set([...allowed, ...excluded].flatMap((name) => extractFeatures(name).words));
    const name = extractFeatures(featureName(unit.item.text)).words.filter((word) => !named.has(word) && !LIGHT_WORDS.has(word) && !AVAILABILITY_WORDS.has(word));
    if (name.length > 0) out.push({ unit, allowed: [...new Set(allowed)], excluded: [...new Set(excluded)], name, lower: unit.item.text.toLowerCase() });
  }
  return out;
});

/** The tier names of a list: "Pro, Business and Enterprise" → pro, business, enterprise. */
function namesIn(list: string): string[] {
  return list.split(/\s*,\s*|\s+(?:and|or)\s+/).map((name) => name.trim().toLowerCase()).filter((name) => name !== '' && !/^(?:the|a|an|both)$/.test(name));
}

export function contradictTierFeature(view: ClaimView, _candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0 || view.wording.hedge || CONDITIONAL_RE.test(view.claim.text)) return undefined;
  const tier = customerTier(view.index, view.askedWords);
  if (!tier) return undefined;
  const restrictions = restrictionsOf(view.index);
  if (restrictions.length === 0) return undefined;
  const text = view.claim.text;
  // The claim names the feature: every word of its name.
  const about = (r: Restriction): boolean => r.name.every((word) => view.words.has(word));
  const lacks = (r: Restriction, name: string): boolean => r.excluded.includes(name) || (r.allowed.length > 0 && !r.allowed.includes(name));
  // Another item that gives the feature to the customer's tier ("made waitlists available on Club"),
  // by two words of its name at least (a note names a feature at more length than a claim).
  const near = (r: Restriction): boolean => r.name.filter((word) => view.words.has(word)).length >= Math.min(2, r.name.length);
  const granted = (r: Restriction): boolean => restrictions.some((other) => other !== r && other.allowed.includes(tier) && near(other));
  for (const r of restrictions) {
    if (!about(r) || granted(r)) continue;
    // The tiers the claim gives the feature to: those it names, else the customer's when it speaks to them.
    const known = [...new Set([...r.allowed, ...r.excluded, tier])];
    const claimed = known.filter((name) => namesTier(text, name));
    const given = claimed.length > 0 ? claimed : YOU_RE.test(text) ? [tier] : [];
    const wrong = given.find((name) => lacks(r, name));
    if (!wrong) continue;
    // The item says what that tier gets instead ("Standard plan pickups cost £6.50").
    if (!r.excluded.includes(wrong) && namesTier(r.lower, wrong)) continue;
    return contradicted(r.unit, `the evidence ${r.allowed.length > 0 ? `keeps this to ${r.allowed.join(', ')}` : `denies it to ${r.excluded.join(', ')}`} (${r.unit.item.id}); the claim gives it to ${wrong}${wrong === tier ? ", the customer's tier" : ''}`);
  }
  return undefined;
}
