// "No other configuration keys were modified", "apart from these tariff values, no other keys
// were changed": a record of the change that changes a key (`prepass_slew_sec: 90 -> 120`,
// `rounding half_up → half_even`) the report has not named so far contradicts it.
import type { IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { UNIT_KEY_PARTS } from '../vocabulary/index';

const OTHER_RE = /\b(?:no|none of the|not any) other\b|\bnothing else\b|\b(?:apart from|except(?: for)?|other than|beyond|besides|aside from)\b|(?<![\w-])only\b/i;
const CHANGED_RE = /\b(?:changed|modified|touched|updated|edited|altered|set|changes|edits)\b/i;
// A key, then its old and new values around an arrow: `key: 25 -> 40`, `key=half_up→half_even`, `key 90 => 120`.
const CHANGE_RE = /(?<![\w.-])([A-Za-z_][\w.-]*[A-Za-z_\d])["']?\s*[:=]?\s*["']?([^\s,;()"'{}]+)["']?\s*(?:->|→|=>)\s*["']?([^\s,;()"'{}]+)/g;

export function contradictOtherChange(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (!OTHER_RE.test(text) || !CHANGED_RE.test(text) || view.wording.hedge) return undefined;
  if (view.wording.absent.length === 0 && view.wording.negated.length === 0 && !/(?<![\w-])only\b/i.test(text)) return undefined;
  const said = [text, ...(view.surroundings.before ?? view.surroundings.previous).map((c) => c.text)].join('\n').toLowerCase();
  // Named so far: the key, its last part, or its words without a unit suffix ("idle timeout" for idle_timeout_s).
  const named = (key: string): boolean => {
    const lower = key.toLowerCase();
    const last = lower.split('.').pop()!;
    const words = last.split(/[_-]+/).filter((word) => word.length > 0 && !UNIT_KEY_PARTS.has(word));
    return said.includes(lower) || said.includes(last) || (words.length > 0 && said.includes(words.join(' '))) || (words.length > 0 && said.includes(words.join('_')));
  };
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const match of unit.text.matchAll(CHANGE_RE)) {
      const [, key, from, to] = match;
      // Named by its key, or by its two values ("switched from private to public-read").
      if (!key || from === to || /^\d/.test(key) || named(key!) || (said.includes(from!.toLowerCase()) && said.includes(to!.toLowerCase()))) continue;
      return contradicted(unit, `claim says nothing else was changed, ${unit.item.id} changes ${key} (${from} → ${to})`);
    }
  }
  return undefined;
}
