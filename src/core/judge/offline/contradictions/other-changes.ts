// "No other configuration keys were modified", "only the two keys in the change request were
// changed": a write the evidence records (records/writes.ts: a trace's `set`, a diff entry,
// `prepass_slew_sec: 90 -> 120`) of a key the report has not named so far contradicts it.
import { canonicalStem } from '../../../retrieval/features';
import type { IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { UNIT_KEY_PARTS, escapePhrase } from '../vocabulary/index';
import { arrowWrites, writesOf, type Write } from '../records/writes';
import writes from '../vocabulary/writes.json';

const OTHER_RE = /\b(?:no|none of the|not any) other\b|\bnothing else\b|\b(?:apart from|except(?: for)?|other than|beyond|besides|aside from|outside)\b|(?<![\w-])only\b/i;
const CHANGED_RE = /\b(?:changed|modified|touched|updated|edited|altered|set|changes|edits|written|applied)\b/i;
const SETTING_NOUN_RE = new RegExp(`\\b(?:${writes.settingNouns.join('|')})\\b`, 'i');

export function contradictOtherChange(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (!OTHER_RE.test(text) || !CHANGED_RE.test(text) || !SETTING_NOUN_RE.test(text) || view.wording.hedge) return undefined;
  if (view.wording.absent.length === 0 && view.wording.negated.length === 0 && !/(?<![\w-])only\b/i.test(text)) return undefined;
  // What the claim itself sets apart: after "apart from", "except", "beyond" it names it; before
  // "no other" or "nothing else" it has named it, and what follows are examples of the others
  // ("no other tariff keys, such as the session fee, were modified").
  const other = OTHER_RE.exec(text)!;
  const own = /^(?:no|none of the|not any)\s+other|^nothing else/i.test(other[0]) ? text.slice(0, other.index) : text;
  const said = [own, ...(view.surroundings.before ?? view.surroundings.previous).map((c) => c.text)].join('\n').toLowerCase();
  const saidWords = said.match(/\p{L}+/gu) ?? [];
  const saidStems = new Set(saidWords.map(canonicalStem));
  // A key's word is said when its stem is, or when it is a short form of a said word ("conns", "cfg" is not).
  const wordSaid = (word: string): boolean => {
    const stem = canonicalStem(word);
    return saidStems.has(stem) || (stem.length >= 3 && saidWords.some((w) => w.length > stem.length && w.startsWith(stem)));
  };
  // Named so far: the key, its last part, or every word of its last part but a unit suffix
  // ("idle timeout" for idle_timeout_s, "max connections" for max_conns; "staleness" alone is
  // not stale_after_s).
  const named = (key: string): boolean => {
    const lower = key.toLowerCase();
    const spelled = key.split(/[./]/).pop()!;
    const last = spelled.toLowerCase();
    const words = spelled.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[_\-\s]+/).filter((word) => /\p{L}/u.test(word) && !UNIT_KEY_PARTS.has(word));
    if (said.includes(lower) || said.includes(last)) return true;
    return words.length > 0 && (said.includes(words.join(' ')) || words.every(wordSaid));
  };
  // Named by its two values ("switched from private to public-read"), or by a new value no other
  // setting would share (`1.4`, `COBAS-PURE-02`, `15:30`; not `true`, `0` or `20`).
  const saidPlain = said.replace(/(\d),(\d{3})/g, '$1$2');
  const saidValue = (value: string): boolean => new RegExp(`(?<![\\w.])${escapePhrase(value.toLowerCase())}(?![\\w]|\\.\\d)`).test(saidPlain);
  const distinctive = (value: string): boolean => /[a-z]/i.test(value) ? value.length >= 4 && !/^(?:true|false|null|none|enabled|disabled|on|off)$/i.test(value) : /[.:]/.test(value) || value.replace(/\D/g, '').length >= 3;
  const namedByValues = (write: Write): boolean => {
    const to = write.to === undefined ? undefined : bare(write.to);
    // Both values, one of them one no other setting would share ("1 -> 0" is said by any report).
    if (write.from !== undefined && to !== undefined) return saidValue(bare(write.from)) && saidValue(to) && (distinctive(bare(write.from)) || distinctive(to));
    return to !== undefined && distinctive(to) && saidValue(to);
  };
  const ledger = [...writesOf(view.index), ...candidates.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning').flatMap(arrowWrites)];
  // A last part several written keys share (raw_chromatograms.hot_days, instrument_logs.hot_days)
  // names one of them only with the words of its parent too.
  const lastOf = (key: string): string => key.split(/[./]/).pop()!.toLowerCase();
  const shared = (key: string): boolean => new Set(ledger.filter((write) => lastOf(write.key) === lastOf(key)).map((write) => write.key.toLowerCase())).size > 1;
  const parentSaid = (key: string): boolean => {
    const parent = key.split(/[./]/).slice(0, -1).join(' ').toLowerCase();
    const words = parent.split(/[_\-\s]+/).filter((word) => /\p{L}/u.test(word) && !UNIT_KEY_PARTS.has(word));
    return said.includes(key.toLowerCase()) || (words.length > 0 && words.every(wordSaid));
  };
  const unnamed = ledger.find((write) => !(named(write.key) && (!shared(write.key) || parentSaid(write.key))) && !namedByValues(write));
  if (!unnamed) return undefined;
  const change = unnamed.from !== undefined ? ` (${unnamed.from} → ${unnamed.to})` : unnamed.to !== undefined ? ` (to ${unnamed.to})` : '';
  return contradicted(unnamed.unit, `claim says nothing else was changed, ${unnamed.unit.item.id} changes ${unnamed.key}${change}`);
}

/** A written value as a report would give it: no JSON quotes or brackets. */
function bare(value: string): string {
  return value.replace(/^[\s"'[{]+|[\s"'\]}]+$/g, '');
}
