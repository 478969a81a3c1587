// A claim about one of several sibling scopes of a JSON document — plans.fleet_pro beside
// plans.fleet_starter and plans.fleet_enterprise — read against that scope alone: "On Fleet Pro,
// exports are available in CSV, GeoJSON and Parquet" while fleet_pro's formats are [csv, geojson]
// and only fleet_enterprise's hold parquet; "On Fleet Pro you can place a legal hold" while
// fleet_pro.legal_hold is false and fleet_enterprise's true. The claim names one scope (every word
// of its key) and no sibling, or else its question does. Wording is data (vocabulary/sibling-scopes.json).
import { canonicalStem, extractFeatures, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import { splitKeyWords } from '../words';
import { UNIT_KEY_PARTS } from '../vocabulary';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { namesValue, tokensOf } from '../align/table-alignment';
import { perIndex } from '../records/per-index';
import { escapePhrase, phrasePattern } from '../vocabulary';
import scopes from '../vocabulary/sibling-scopes.json';

const CAPABILITY_RE = phrasePattern(scopes.capability);
const FALSE_VALUES = new Set(scopes.falseValues);
const TRUE_VALUES = new Set(scopes.trueValues);
// parent.scope.rest: the scope is a key of an object whose siblings share `rest` ("plans", "fleet_pro", "export.formats[1]").
const SCOPED_PATH_RE = /^(.+?)\.([^.[\]"]+)\.(.+)$/;

interface Scoped {
  unit: IndexedItem;
  parent: string;
  scope: string;
  /** The path under the scope, without an array index: export.formats, legal_hold. */
  field: string;
  value: string;
  inArray: boolean;
}

/** The JSON fields of the evidence under a scope that has siblings with the same field, by parent object, read once per index. */
const scopedFieldsOf = perIndex((index: EvidenceIndex): Map<string, Scoped[]> => {
  const fields: Scoped[] = [];
  for (const unit of index.items) {
    const path = unit.item.jsonPath;
    if (unit.item.kind !== 'json_field' || !path || unit.sentence !== 0) continue;
    const match = SCOPED_PATH_RE.exec(path);
    if (!match) continue;
    const rest = match[3]!;
    const value = unit.item.text.slice(unit.item.text.indexOf(' = ') + 3).trim();
    fields.push({ unit, parent: match[1]!, scope: match[2]!, field: rest.replace(/\[\d+\]$/, ''), value, inArray: /\[\d+\]$/.test(rest) });
  }
  // Only fields that a sibling scope gives too.
  const scopesOf = new Map<string, Set<string>>();
  for (const f of fields) {
    const key = `${f.parent}\u0000${f.field}`;
    if (!scopesOf.has(key)) scopesOf.set(key, new Set());
    scopesOf.get(key)!.add(f.scope);
  }
  const byParent = new Map<string, Scoped[]>();
  for (const f of fields) {
    if (scopesOf.get(`${f.parent}\u0000${f.field}`)!.size < 2) continue;
    if (!byParent.has(f.parent)) byParent.set(f.parent, []);
    byParent.get(f.parent)!.push(f);
  }
  return byParent;
});

export function contradictSiblingScope(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const byParent = scopedFieldsOf(view.index);
  if (byParent.size === 0) return undefined;
  const claim = tokensOf(view.claim.text);
  const text = view.claim.text.toLowerCase();
  for (const [parent, group] of byParent) {
    const all = [...new Set(group.map((f) => f.scope))];
    // The scope the claim names, else the one the question names ("we are on Fleet Pro").
    let named = all.filter((scope) => namesValue(claim, scope));
    if (named.length === 0) named = all.filter((scope) => namesValue(view.askedWords, scope));
    if (named.length !== 1) continue;
    const scope = named[0]!;
    const mine = group.filter((f) => f.scope === scope);
    // A list the claim gives more of than the scope's: a member only a sibling scope holds.
    for (const field of new Set(mine.filter((f) => f.inArray).map((f) => f.field))) {
      const own = new Set(mine.filter((f) => f.field === field).map((f) => f.value.toLowerCase()));
      if (![...own].some((value) => mentions(text, value))) continue;
      const extra = group.find((f) => f.field === field && f.scope !== scope && f.inArray && !own.has(f.value.toLowerCase()) && mentions(text, f.value.toLowerCase()));
      if (extra) return contradicted(mine.find((f) => f.field === field)!.unit, `claim gives ${extra.value} for ${scope}; ${parent}.${scope}.${field} holds ${[...own].join(', ')} (${extra.value} is ${extra.scope}'s)`);
    }
    // A figure that is a sibling's value of a field the claim's words name, while the scope's own differs:
    // "Silver accounts are invoiced on 45-day payment terms" (silver 30, gold 45).
    const figure = siblingFigure(view, mine, group, scope);
    if (figure) return figure;
    // A feature the claim says the scope has, which its field says it has not while a sibling's says it has.
    if (!CAPABILITY_RE.test(view.claim.text)) continue;
    for (const f of mine) {
      if (f.inArray || !FALSE_VALUES.has(f.value.toLowerCase())) continue;
      const words = f.field.split(/[._]/).filter((w) => /^\p{L}{3,}$/u.test(w));
      if (words.length === 0 || !words.every((w) => claim.has(w.toLowerCase()))) continue;
      const sibling = group.find((g) => g.field === f.field && g.scope !== scope && TRUE_VALUES.has(g.value.toLowerCase()));
      if (sibling) return contradicted(f.unit, `claim says ${scope} has ${f.field.replace(/_/g, ' ')}; ${f.unit.item.id} says ${parent}.${scope}.${f.field} = ${f.value} (${sibling.scope}: ${sibling.value})`);
    }
  }
  return undefined;
}

function mentions(text: string, value: string): boolean {
  return value.length >= 2 && new RegExp(`(?<![\\p{L}\\p{N}])${escapePhrase(value)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

function siblingFigure(view: ClaimView, mine: readonly Scoped[], group: readonly Scoped[], scope: string): ClaimVerdict | undefined {
  // (Figures the claim writes with digits in its own words: not "a year", nor its sentence's other clause's.)
  const figures = view.features.quantities.filter((q) => /^\d/.test(q.raw.trim()) && view.claim.text.slice(q.start, q.start + q.raw.length) === q.raw);
  // The field's own value as a figure, its unit read from its name (payment_terms_days = 30: 30 days); a
  // JSON field's item also holds its object's other fields, which are not this one's value.
  const valueOf = (f: Scoped) => extractFeatures(`${f.field.split('.').at(-1)}=${f.value}`).quantities;
  // (A figure with a unit is met only by a value of that dimension: 30 minutes is not max_slots_per_day = 30.)
  const meets = (q: Quantity, f: Scoped): boolean => valueOf(f).some((e) => (!q.hasUnit || (e.hasUnit && e.dimension === q.dimension)) && quantityMatches(q, e));
  for (const q of figures) {
    // The scope's own value of any field the claim names may be the figure (freeze.max_months_per_rolling_12 = 3).
    if (mine.some((f) => !f.inArray && namesField(f.field, view.words) && meets(q, f))) continue;
    const theirs = group.find((f) => f.scope !== scope && !f.inArray && namesField(f.field, view.words) && meets(q, f));
    if (!theirs) continue;
    const own = mine.find((f) => f.field === theirs.field && !f.inArray);
    if (!own || valueOf(own).length === 0) continue;
    return contradicted(own.unit, `claim gives ${q.raw.trim()} for ${scope}; ${own.unit.item.id} says ${own.parent}.${scope}.${own.field} = ${own.value} (${q.raw.trim()} is ${theirs.scope}'s)`);
  }
  return undefined;
}

/** A field the claim's words name: one of its name's words, but its unit's, among them. */
function namesField(field: string, words: ReadonlyMap<string, number>): boolean {
  return splitKeyWords(field)
    .filter((part) => part.length >= 3 && !UNIT_KEY_PARTS.has(part))
    .some((part) => words.has(canonicalStem(part)));
}
