// A version said of every member of a kind: "All three regions now run 5.3.0" while the
// deployment's regions[2].final_version is 5.3.1. The members are the elements of a JSON array
// the claim's kind names (regions for "regions"), or the rows of a table with a column of that
// name; the version's field is the one that gives the claimed version to some member (one field
// only, or the one that says what runs now). A member giving another version there contradicts it.
import { canonicalStem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { VERSION_VALUE_RE } from './field-values';

/** "all three regions", "every gateway", "both sites", "each of the four hosts": the kind counted whole. */
const EVERY_KIND_RE = /\b(?:all(?:\s+of\s+the)?|every|each(?:\s+of\s+the)?|both(?:\s+of\s+the)?)\s+(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+)?((?:[\p{L}-]+\s+){0,2}?)([\p{L}-]+?s?)\b/iu;
/** Field words for what runs now, preferred when several version fields hold the claimed one. */
const NOW_WORDS = /(?:^|_)(?:final|current|running|now|active|installed|deployed)(?:_|$)/;

export function contradictMemberVersion(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const versions = view.features.identifiers.filter((id) => VERSION_VALUE_RE.test(id));
  const kind = EVERY_KIND_RE.exec(view.claim.text)?.[2];
  if (versions.length !== 1 || !kind) return undefined;
  const version = versions[0]!.replace(/^v/i, '');
  const stem = canonicalStem(kind.toLowerCase());
  // Members: elements of a JSON array named by the kind (regions[0], regions[1], …).
  const members = new Map<string, Map<string, { value: string; unit: (typeof view.index.items)[number] }>>();
  for (const unit of view.index.items) {
    const path = unit.item.kind === 'json_field' ? unit.item.jsonPath : undefined;
    const element = path ? /(?:^|\.)([A-Za-z_][\w-]*)\[(\d+)\]\.([\w-]+)$/.exec(path) : null;
    if (!element || canonicalStem(element[1]!.toLowerCase()) !== stem) continue;
    const value = unit.item.fields[element[3]!] ?? '';
    if (!VERSION_VALUE_RE.test(value.trim())) continue;
    const key = element[3]!.toLowerCase();
    if (!members.has(key)) members.set(key, new Map());
    members.get(key)!.set(element[2]!, { value: value.trim().replace(/^v/i, ''), unit });
  }
  const holding = [...members].filter(([, byMember]) => [...byMember.values()].some((m) => m.value === version));
  const field = holding.length === 1 ? holding[0] : holding.filter(([key]) => NOW_WORDS.test(key)).length === 1 ? holding.find(([key]) => NOW_WORDS.test(key)) : undefined;
  if (!field || field[1].size < 2) return undefined;
  const other = [...field[1].values()].find((m) => m.value !== version);
  if (!other) return undefined;
  return contradicted(other.unit, `claim says all ${kind.toLowerCase()} run ${versions[0]}, ${other.unit.item.id} gives ${field[0]}=${other.value}`);
}
