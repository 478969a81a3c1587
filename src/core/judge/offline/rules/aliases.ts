// Entity codes: records may write an entity by a code that another record pairs with its name
// (`site=DC1 name=Daventry`, `stores.ASH.name = Ashby`); a claim that uses the name is read with
// the code in its place (see judgeClaim).
import type { EvidenceIndex } from '../../../retrieval/index';

/** Field names that hold an entity's display name, and those that hold its short code. */
const NAME_KEY_RE = /^(?:name|display_?name|\w+_name|title|city|location|label)$/i;
/** Implied by NAME_KEY_RE: a word every name key holds (any case). */
const NAME_KEY_HINT = /name|title|city|location|label/i;
const CODE_KEY_RE = /^(?:id|code|site|store|depot|warehouse|host|key|sku|property|hotel|branch|clinic|school|plant|facility|\w+_(?:id|code))$/i;
const CODE_VALUE_RE = /^(?=[A-Za-z0-9._-]*\d|[A-Z0-9._-]+$)[A-Za-z0-9][A-Za-z0-9._-]{1,15}$/;
const NAME_VALUE_RE = /^\p{Lu}[\p{L}'’.-]+(?: [\p{Lu}(][\p{L}'’.()-]+){0,3}$/u;
/** The code and the name key of a JSON path such as `stores.ASH.name`. */
const JSON_CODE_PATH_RE = /(?:^|\.)([^.[\]]+)\.([^.[\]]+)$/;

function namePattern(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');
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

const ALIASES = new WeakMap<EvidenceIndex, Array<{ name: string; code: string; ref: string; pattern: RegExp }>>();

/** Names a record pairs with a code (`site=DC1 name=Daventry`), that the claim uses as written. */
export function aliasesIn(text: string, index: EvidenceIndex): Array<{ name: string; code: string; ref: string; pattern: RegExp }> {
  let pairs = ALIASES.get(index);
  if (!pairs) {
    pairs = [];
    const seen = new Set<string>();
    for (const unit of index.items) {
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
    ALIASES.set(index, pairs);
  }
  return pairs.filter((pair) => pair.pattern.test(text));
}
