// "No other lift reported denials during the window" against `metric=gate_denies
// lift=ptarmigan-tbar count=6`; "No other carrier showed elevated latency" against a WARN line
// of carrier=swiftroute. The claim's kind ("lift", "carrier") is a field of the records, each
// record's value of it a member; a record of a member the report has not named so far that shows
// the predicate (its words, not zero, and trouble where the predicate only names a measure)
// contradicts the claim. Wording is data (vocabulary/other-members.json).
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { troubleReason } from '../../../omissions';
import { type ClaimVerdict, type ClaimView, alnum, contradicted } from '../claim-view';
import { reportsNothing } from '../language';
import { escapePhrase } from '../vocabulary';
import { LIGHT_WORDS } from '../words';
import members from '../vocabulary/other-members.json';

const KIND_RE = new RegExp(`\\b(?:no|none of the|not any) other\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\s+(${members.verbs.map(escapePhrase).join('|')})\\b([^,;:]*)`, 'iu');
const SCOPE = new Set(members.scopeWords.map(canonicalStem));
const ZERO_FIELDS = new Set(members.zeroFields);
const TROUBLE_WORDS_RE = new RegExp(`(?<![\\p{L}])(?:${members.troubleWords.map(escapePhrase).join('|')})(?![\\p{L}])`, 'u');

export function contradictOtherMember(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge) return undefined;
  const match = KIND_RE.exec(view.claim.text);
  if (!match) return undefined;
  const kind = canonicalStem(match[1]!.trim().split(/\s+/).pop()!.toLowerCase());
  const predicate = [...new Set(extractFeatures(`${match[2]} ${match[3]}`).words)].filter((word) => !LIGHT_WORDS.has(word) && !SCOPE.has(word));
  if (predicate.length === 0) return undefined;
  // Members named so far (in this claim or before it) are the ones "other" sets apart.
  // (By letters and digits alone: "Summit Express" names summit-express.)
  const said = alnum([view.claim.text, ...(view.surroundings.before ?? view.surroundings.previous).map((c) => c.text)].join(' '));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const member = memberOf(unit, kind);
    if (!member || said.includes(alnum(member))) continue;
    if (!shows(unit, predicate)) continue;
    return contradicted(unit, `claim says no other ${match[1]!.trim()} ${match[2]}${match[3]!.replace(/[.!\s]+$/, '')}, ${unit.item.id} shows ${kind}=${member}`);
  }
  return undefined;
}

/** The record's value of the field that names the kind (lift=ptarmigan-tbar for "lift"). */
function memberOf(unit: IndexedItem, kind: string): string | undefined {
  for (const [key, value] of Object.entries(unit.item.fields)) {
    const leaf = key.toLowerCase().split('.').pop()!;
    if (canonicalStem(leaf) === kind && /\p{L}/u.test(value)) return value;
  }
  return undefined;
}

/**
 * Whether a record shows the predicate: one of its words in the record's text or field values (not
 * only a measure's name), nothing it counts at zero, and no "none" in its words; a predicate met
 * only by a measure's name (latency=4120ms for "elevated latency") needs the record to be trouble.
 */
function shows(unit: IndexedItem, predicate: readonly string[]): boolean {
  if (reportsNothing(unit.text)) return false;
  const fields = Object.entries(unit.item.fields);
  if (fields.some(([key, value]) => ZERO_FIELDS.has(key.toLowerCase().split('.').pop()!) && /^0+(?:\.0+)?$/.test(value.trim()))) return false;
  const measureNames = new Set(fields.filter(([, value]) => /^[\d.,]+\s*\p{L}{0,3}$/u.test(value.trim())).flatMap(([key]) => extractFeatures(key.replace(/[_.]/g, ' ')).words));
  const words = [...unit.wordSet];
  const shared = predicate.filter((word) => words.some((w) => sameWord(w, word)));
  if (shared.length === 0) return false;
  if (shared.every((word) => [...measureNames].some((name) => sameWord(name, word)))) return troubleReason(unit.item) !== undefined || TROUBLE_WORDS_RE.test(unit.text);
  return true;
}

/** Two stems of one word: equal, or one starting the other over four letters at least (denial, denies → deni). */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));
}
