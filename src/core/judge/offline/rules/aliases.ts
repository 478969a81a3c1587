// Entity codes: records may write an entity by a code that another record pairs with its name
// (`site=DC1 name=Daventry`, `stores.ASH.name = Ashby`) or spells out before it in brackets
// ("Hand moulding (HM)"); a claim that uses the name is read with the code in its place (see judgeClaim). Where no record pairs them, a name no evidence writes is
// read as the one code of the evidence that abbreviates it (Carrow → CRW, Harrow Junction → HJY).
import { extractFeatures, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import periodCodes from '../vocabulary/period-codes.json';

/** Field names that hold an entity's display name, and those that hold its short code. */
const NAME_KEY_RE = /^(?:name|display_?name|\w+_name|title|city|location|label)$/i;
/** Implied by NAME_KEY_RE: a word every name key holds (any case). */
const NAME_KEY_HINT = /name|title|city|location|label/i;
const CODE_KEY_RE = /^(?:id|code|site|store|depot|warehouse|host|key|sku|property|hotel|branch|clinic|school|plant|facility|\w+_(?:id|code))$/i;
const CODE_VALUE_RE = /^(?=[A-Za-z0-9._-]*\d|[A-Z0-9._-]+$)[A-Za-z0-9][A-Za-z0-9._-]{1,15}$/;
const NAME_VALUE_RE = /^\p{Lu}[\p{L}'’.-]+(?: [\p{Lu}(][\p{L}'’.()-]+){0,3}$/u;
/** A JSON object of names keyed by code: `warehouse_names`, `names`, `site_labels`. */
const NAME_MAP_KEY_RE = /^(?:names|labels|\w+_names|\w+_labels)$/i;
/** The code and the name key of a JSON path such as `stores.ASH.name`. */
const JSON_CODE_PATH_RE = /(?:^|\.)([^.[\]]+)\.([^.[\]]+)$/;

function namePattern(name: string, flags = 'u'): RegExp {
  // Not a part of a code (AEI of HJY-AEI-01): a name is not joined to letters or digits by - or _.
  return new RegExp(`(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}][-_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}]|[-_][\\p{L}\\p{N}])`, flags);
}

/** Whether a field name holds names (or codes), by the pattern, remembered per name (bounded). */
const NAME_KEYS = new Map<string, boolean>();
const CODE_KEYS = new Map<string, boolean>();

function keyKind(key: string, known: Map<string, boolean>, pattern: RegExp): boolean {
  let kind = known.get(key);
  if (kind === undefined) {
    if (known.size > 10_000) known.clear();
    known.set(key, (kind = pattern.test(key)));
  }
  return kind;
}

const ALIASES = new WeakMap<EvidenceIndex, Alias[]>();

export interface Alias {
  name: string;
  code: string;
  ref: string;
  pattern: RegExp;
  /** Read from a field's name and a code's number ("Unit 1" for unit=U1), not paired by a record. */
  numbered?: true;
}

/** Names a record pairs with a code (`site=DC1 name=Daventry`), or that a code abbreviates, that the claim uses as written. */
export function aliasesIn(text: string, index: EvidenceIndex): Alias[] {
  const paired = pairedAliasesIn(text, index);
  const named = new Set(paired.map((pair) => pair.name));
  return [...paired, ...abbreviatedNames(text, index).filter((alias) => !named.has(alias.name))];
}

/** Only the names a record pairs with a code (no abbreviation guessed): what a claim's own name surely means. */
export function pairedAliasesIn(text: string, index: EvidenceIndex): Alias[] {
  return pairedAliases(index).filter((pair) => pair.pattern.test(text));
}

function pairedAliases(index: EvidenceIndex): Alias[] {
  let pairs = ALIASES.get(index);
  if (!pairs) {
    pairs = [];
    const seen = new Set<string>();
    const values = fieldValues(index);
    for (const unit of index.items) {
      // "Hand moulding (HM)": a name the text itself abbreviates, in prose or a table, for a code
      // that records give as a value (line=HM): a thing, not a measure (First-pass yield, FPY).
      for (const pair of spelledOut(unit)) {
        if (seen.has(pair.name) || !values.has(pair.code)) continue;
        seen.add(pair.name);
        pairs.push(pair);
      }
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
      // `stores.ASH.name = Ashby`: a JSON object keyed by its code, holding the name.
      const keyed = unit.item.jsonPath ? JSON_CODE_PATH_RE.exec(unit.item.jsonPath) : null;
      if (keyed && CODE_VALUE_RE.test(keyed[1]!) && NAME_KEY_RE.test(keyed[2]!)) {
        const name = unit.features.fields[keyed[2]!.toLowerCase()];
        if (name && NAME_VALUE_RE.test(name) && name !== keyed[1] && !seen.has(name)) {
          seen.add(name);
          pairs.push({ name, code: keyed[1]!, ref: unit.item.id, pattern: namePattern(name) });
        }
        continue;
      }
      // `warehouse_names.WH-LEJ = Leipzig`: a map of names keyed by code.
      if (keyed && NAME_MAP_KEY_RE.test(keyed[1]!) && CODE_VALUE_RE.test(keyed[2]!)) {
        const name = unit.item.fields[keyed[2]!]?.trim();
        if (name && NAME_VALUE_RE.test(name) && !seen.has(name)) {
          seen.add(name);
          pairs.push({ name, code: keyed[2]!, ref: unit.item.id, pattern: namePattern(name) });
        }
        continue;
      }
      // A record with no field that can hold a name is passed over without reading its fields:
      // every name key holds one of these words (as its fields' keys are the text's, lower-cased,
      // or the item's own).
      if (!NAME_KEY_HINT.test(unit.text) && !Object.keys(unit.item.fields).some((key) => NAME_KEY_HINT.test(key.toLowerCase()))) continue;
      // One name field and one code field, counted in one pass (every record comes through here;
      // field names recur on every line, so each is tested once).
      const fields = unit.features.fields;
      let names = 0;
      let codes = 0;
      let name = '';
      let code = '';
      for (const key of Object.keys(fields)) {
        const value = fields[key]!;
        if (keyKind(key, NAME_KEYS, NAME_KEY_RE) && NAME_VALUE_RE.test(value)) {
          names++;
          name = value;
        }
        if (keyKind(key, CODE_KEYS, CODE_KEY_RE) && CODE_VALUE_RE.test(value)) {
          codes++;
          code = value;
        }
      }
      if (names !== 1 || codes !== 1) continue;
      if (name === code || seen.has(name)) continue;
      seen.add(name);
      pairs.push({ name, code, ref: unit.item.id, pattern: namePattern(name) });
    }
    for (const pair of numberedNames(index)) {
      if (seen.has(pair.name)) continue;
      seen.add(pair.name);
      pairs.push(pair);
    }
    ALIASES.set(index, pairs);
  }
  return pairs;
}

/** A short code of a numbered thing: a few capitals and its number (U1, L-03, MC_9). */
const NUMBERED_CODE_RE = /^([A-Z]{1,3})[-_]?0*(\d{1,3})$/;

/**
 * "Unit 1" for `unit=U1`: a field's codes, each a few letters of the field's own name and a
 * number, are read as the field's name and that number (Line 3 → L3 for `line`, Machine 9 → MC-09
 * for `machine`). A name two codes could stand for is read as neither.
 */
function numberedNames(index: EvidenceIndex): Alias[] {
  const byName = new Map<string, Alias | null>();
  const checked = new Set<string>();
  for (const unit of index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, raw] of Object.entries(unit.item.fields)) {
      // (The code's shape first: most values are no short code, and are passed over at once.)
      const value = raw.trim();
      const code = NUMBERED_CODE_RE.exec(value);
      if (!code) continue;
      const pairKey = `${key}\u0000${value}`;
      if (checked.has(pairKey)) continue;
      checked.add(pairKey);
      const word = singular(key.toLowerCase().replace(/^.*[_.]/, ''));
      if (word.length < 3 || !/^[a-z]+$/.test(word) || PERIOD_WORDS.has(word) || !lettersOf(code[1]!.toLowerCase(), word)) continue;
      const name = `${word[0]!.toUpperCase()}${word.slice(1)} ${Number(code[2])}`;
      const known = byName.get(name);
      if (known === undefined) byName.set(name, { name, code: value, ref: unit.item.id, pattern: namePattern(name, 'iu'), numbered: true });
      else if (known && known.code !== value) byName.set(name, null);
    }
    if (checked.size > 2_000) break;
  }
  const aliases = [...byName.values()].filter((alias): alias is Alias => alias !== null);
  if (aliases.length === 0) return aliases;
  // A name the evidence writes itself ("Line 2 tripped") is read as written, not as the code.
  // (Only the items that hold a name's word can write it: "unit" of "Unit 1".)
  const anyName = new RegExp(aliases.map((alias) => alias.pattern.source).join('|'), 'giu');
  const written = new Set<string>();
  const positions = new Set(aliases.flatMap((alias) => extractFeatures(alias.name).words.flatMap((word) => [...index.itemsWith(`w:${word}`)])));
  for (const position of positions) for (const match of index.items[position]!.text.matchAll(anyName)) written.add(match[0].toLowerCase().replace(/\s+/g, ' '));
  return aliases.filter((alias) => !written.has(alias.name.toLowerCase()));
}

/** A field name's noun in the singular: lines → line, presses → press; press, gas and status stay. */
function singular(word: string): string {
  if (/(?:ss|us|is|as)$/.test(word)) return word;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.replace(/s$/, '');
}

/** Period nouns ("week 38"), which the period readings take (period-codes.json). */
const PERIOD_WORDS = new Set([...Object.keys(periodCodes.letters), ...Object.keys(periodCodes.numbered), ...Object.values(periodCodes.numbered)]);

/** Whether letters stand for a word: its first letter, then others of it in order (U, L, MC, PR). */
function lettersOf(letters: string, word: string): boolean {
  if (letters[0] !== word[0]) return false;
  let at = 1;
  for (const letter of letters.slice(1)) {
    at = word.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** A name and the code in brackets right after it: "Hand moulding (HM)", "Mill Lane Pumping Station (MLPS)". */
const SPELLED_OUT_RE = /(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+(?:[ -]\p{L}+){0,4})\s+\(([A-Z][A-Z0-9]{1,5})\)/gu;

/** Every value a record's fields give, as written. */
function fieldValues(index: EvidenceIndex): Set<string> {
  const values = new Set<string>();
  for (const unit of index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const value of Object.values(unit.item.fields)) values.add(value.trim());
  }
  return values;
}

/** The names a record spells out before their code, each from as many of its last words as the code's letters stand for. */
function spelledOut(unit: IndexedItem): Alias[] {
  if (!unit.text.includes('(')) return [];
  const out: Alias[] = [];
  for (const match of unit.text.matchAll(SPELLED_OUT_RE)) {
    const [words, code] = [match[1]!.split(/[ -]+/), match[2]!];
    for (let first = Math.max(0, words.length - code.length - 1); first < words.length; first++) {
      const name = words.slice(first).join(' ');
      if (words.length - first < 2 || !abbreviates(code, name)) continue;
      // (The words as written: "Hand moulding", whose case the claim may keep or not.)
      const written = match[1]!.slice(match[1]!.length - name.length);
      out.push({ name: written, code, ref: unit.item.id, pattern: namePattern(written, 'iu') });
      break;
    }
  }
  return out;
}

// A code: two to four capitals standing alone (`site=CRW`) or leading an identifier (`CRW-L1`, `HBS-SCR1`).
const CODE_RE = /(?<![\p{L}\p{N}_.-])([A-Z]{2,4})(?=-[A-Z0-9]|[^\p{L}\p{N}_.-]|$)/gu;
// A name: one to three capitalised words ("Carrow", "Harrow Junction", "Kessel Flats").
const NAME_RE = /(?<![\p{L}\p{N}'’-])\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+){0,2}(?![\p{L}\p{N}-])/gu;

/** A code as written, with the first item that writes it. */
interface Code {
  code: string;
  ref: string;
}

const CODES = new WeakMap<EvidenceIndex, Code[]>();

/** The evidence's codes, each once (by its letters in any case). */
function codesOf(index: EvidenceIndex): Code[] {
  let codes = CODES.get(index);
  if (!codes) {
    const seen = new Map<string, Code>();
    for (const unit of index.items) {
      for (const match of unit.text.matchAll(CODE_RE)) {
        const code = match[1]!;
        if (!seen.has(code.toLowerCase())) seen.set(code.toLowerCase(), { code, ref: unit.item.id });
      }
      if (seen.size > 2_000) break;
    }
    CODES.set(index, (codes = [...seen.values()]));
  }
  return codes;
}

/**
 * Whether a code abbreviates a name: several words by their initials, perhaps with one more
 * letter for a word the name leaves out ("Harrow Junction" → HJY, the yard); one word of five
 * letters or more by three of its letters in order, the first its own (Carrow → CRW, Kingsgate → KGT).
 */
export function abbreviates(code: string, name: string): boolean {
  const words = name.toLowerCase().split(/\s+/);
  const letters = code.toLowerCase();
  if (words.length > 1) {
    const initials = words.map((word) => word[0]).join('');
    return letters.startsWith(initials) && letters.length - initials.length <= 1;
  }
  const word = words[0]!;
  return word.length >= 5 && letters.length === 3 && lettersOf(letters, word);
}

/** Names of the claim that no evidence writes, each read as the one evidence code that abbreviates it. */
function abbreviatedNames(text: string, index: EvidenceIndex): Alias[] {
  const aliases: Alias[] = [];
  for (const match of text.matchAll(NAME_RE)) {
    // "Both Harrow Junction …": a capital opening the sentence may stand before the name.
    const words = match[0].split(/\s+/);
    for (let first = 0; first < words.length; first++) {
      const name = words.slice(first).join(' ');
      // A name the evidence writes is read as written; so is any name one of whose words it writes
      // (the agent's own reasoning in a trace is no evidence: "write up the Northgate lockouts").
      if (extractFeatures(name).words.some((word) => writtenByEvidence(index, word))) continue;
      const found = codesOf(index).filter(({ code }) => abbreviates(code, name));
      if (found.length !== 1) continue;
      aliases.push({ name, ...found[0]!, pattern: namePattern(name) });
      break;
    }
  }
  return aliases;
}

/** Whether an item of the evidence, not the agent's reasoning, holds the word. */
function writtenByEvidence(index: EvidenceIndex, word: string): boolean {
  return index.itemsWith(`w:${word}`).some((position) => index.items[position]!.item.kind !== 'reasoning');
}
