// Members of the evidence a claim names by a field's word and value ("loop B", "wave 3", "gate
// C"), where records give that field two values at least (loop=B, loop=C): the claim is about that
// member, and a record of another is a sibling's.
import { isStopword, type EvidenceIndex } from '../../../retrieval/index';
import type { ReportClaim } from '../../../review-types';
import { perIndex } from './per-index';

/** Short values of fields named by a word (loop=B, wave=3, gate=C), by field. */
const wordFields = perIndex((index: EvidenceIndex): Map<string, Set<string>> => {
  const fields = new Map<string, Set<string>>();
  for (const record of index.items) {
    if (record.item.kind === 'paragraph' || record.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(record.features.fields)) {
      if (!/^[a-z]{3,}$/.test(key) || isStopword(key) || !/^[a-z0-9][a-z0-9-]{0,11}$/i.test(value)) continue;
      const values = fields.get(key) ?? new Set<string>();
      values.add(value.toLowerCase());
      fields.set(key, values);
    }
  }
  for (const [key, values] of fields) if (values.size < 2) fields.delete(key);
  return fields;
});

/** The claim's word-named members, read once per claim. */
const CLAIM_WORD_FIELDS = new WeakMap<ReportClaim, Array<[string, string]>>();

/** The members a claim names by word and value, as [value, field]: "dosing on loop B" → [b, loop]. */
export function wordNamedFields(index: EvidenceIndex, claim: ReportClaim): Array<[string, string]> {
  const cached = CLAIM_WORD_FIELDS.get(claim);
  if (cached) return cached;
  const named: Array<[string, string]> = [];
  const text = claim.text.toLowerCase();
  for (const [key, values] of wordFields(index)) {
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}])${key}s?\\s+([a-z0-9][a-z0-9-]*)(?![\\p{L}\\p{N}-])`, 'gu'))) {
      if (values.has(m[1]!)) named.push([m[1]!, key]);
    }
  }
  CLAIM_WORD_FIELDS.set(claim, named);
  return named;
}
