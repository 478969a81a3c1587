// Codes that name one thing in the evidence's own structured records: a JSON object that holds the
// claim's code beside another (`{"hoist": "TH-75", "controller": "hc-pp-75"}`) says a log line of
// hc-pp-75 is about TH-75. Read from JSON objects only (their fields are one thing's); versions,
// dates and plain words are not codes.
import type { EvidenceIndex } from '../../../retrieval/index';
import { VERSION_RE } from '../claim-view';

const CODE_RE = /^(?=[^\s]*\d)[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/i;
const CACHE = new WeakMap<EvidenceIndex, Map<string, string[]>>();

/** The other codes a JSON object gives the thing the code names (lower case). */
export function codeAliases(index: EvidenceIndex, code: string): string[] {
  let byCode = CACHE.get(index);
  if (!byCode) CACHE.set(index, (byCode = new Map()));
  const key = code.toLowerCase();
  let aliases = byCode.get(key);
  if (aliases === undefined) {
    const found = new Set<string>();
    for (const position of index.itemsWith(`i:${key}`)) {
      const unit = index.items[position]!;
      if (unit.item.kind !== 'json_field') continue;
      const values = Object.values(unit.item.fields).map((value) => value.trim());
      if (!values.some((value) => value.toLowerCase() === key)) continue;
      for (const value of values) if (value.length <= 30 && CODE_RE.test(value) && !VERSION_RE.test(value) && value.toLowerCase() !== key) found.add(value.toLowerCase());
    }
    aliases = [...found];
    byCode.set(key, aliases);
  }
  return aliases;
}
