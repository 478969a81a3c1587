// A word value the claim gives a field of the record its time pins, where that record holds another
// value of the field: "03:52 — Priya retried the close from the console in low-speed mode" against
// `03:52:20 … CLOSE received source=console … speed=normal`. The field's values are those the
// evidence gives it anywhere (speed: normal, low); the claim names the field ("speed") and one of
// its values ("low"), not the record's. Every record at the claim's time that gives the field must
// hold another value: one that agrees, or two that differ, leave the claim alone.
import { canonicalStem, extractFeatures, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, numberedIdentifiers } from '../claim-view';
import { timeMatches } from '../derive/matching';
import { perIndex } from '../records/per-index';
import { splitKeyWords } from '../words';

/** A word value of a field: a short word of letters (normal, low, wet, manual), not a name or an id. */
const WORD_VALUE_RE = /^\p{L}{2,12}$/u;
/** A field with more values than this names things (hosts, people), not a setting's states. */
const MAX_VALUES = 6;

/** Each field's word values over the whole evidence, by the stem of each value: fields with two to six of them. */
const fieldDomains = perIndex((index: EvidenceIndex): Map<string, Map<string, string>> => {
  const domains = new Map<string, Map<string, string>>();
  const dropped = new Set<string>();
  for (const unit of index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.item.fields)) {
      if (dropped.has(key)) continue;
      if (!WORD_VALUE_RE.test(value)) continue;
      const values = domains.get(key) ?? new Map<string, string>();
      values.set(stemOf(value), value);
      if (values.size > MAX_VALUES) {
        domains.delete(key);
        dropped.add(key);
        continue;
      }
      domains.set(key, values);
    }
  }
  for (const [key, values] of domains) if (values.size < 2) domains.delete(key);
  return domains;
});

function stemOf(word: string): string {
  return canonicalStem(word.toLowerCase());
}

export function contradictPinnedField(view: ClaimView, candidates: readonly IndexedItem[]): ClaimVerdict | undefined {
  const times = view.features.times;
  if (times.length !== 1 || view.wording.hedge || view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  const domains = fieldDomains(view.index);
  if (domains.size === 0) return undefined;
  const claimWords = new Set(extractFeatures(view.claim.text.replace(/[-_]/g, ' ')).words);
  const ids = numberedIdentifiers(view);
  const pinned = candidates.filter(
    (unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.some((t) => timeMatches(times[0]!, t)) && ids.every((id) => hasIdentifier(unit, id)),
  );
  if (pinned.length === 0) return undefined;
  for (const [key, values] of domains) {
    // The claim names the field by a word of its key ("speed" of speed, "rain" of rain) …
    if (!splitKeyWords(key).some((word) => claimWords.has(word))) continue;
    // … and exactly one of its values.
    const said = [...values.keys()].filter((stem) => claimWords.has(stem));
    if (said.length !== 1) continue;
    const giving = pinned.filter((unit) => unit.item.fields[key] !== undefined);
    if (giving.length === 0) continue;
    const held = new Set(giving.map((unit) => stemOf(unit.item.fields[key]!)));
    if (held.size !== 1 || held.has(said[0]!)) continue;
    const unit = giving[0]!;
    return contradicted(unit, `claim says ${key} ${values.get(said[0]!)}, ${unit.item.id} at ${times[0]!.raw.trim()} says ${key}=${unit.item.fields[key]}`);
  }
  return undefined;
}
