// JSON documents: every leaf field is an item with its JSON path (`steps[2].config_version`) and
// line. A leaf's `fields` hold the scalar members of its enclosing object, so a judge can match a
// value together with the record it belongs to (host + cpu_pct of one row). An object with more
// members than a record has (a map of a thousand settings) gives each leaf only its own member:
// copying every sibling into every leaf would cost the square of the object's size.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { lineAt, lineStarts } from '../segment/positions';
import { ItemCollector, MAX_JSON_DEPTH, joinPath, jsonTooDeepAt } from './shared';
import identity from './identity-keys.json';

const IDENTITY_KEYS = new Set(identity.keys);
const IDENTITY_SUFFIXES = new Set(identity.suffixes);

/** More scalar members than this and an object is a map, not a record (see the header). */
export const MAX_RECORD_FIELDS = 64;

/** Parses a JSON document; returns false (with warnings) when it is not valid JSON. */
export function parseJsonDocument(collector: ItemCollector, text: string): boolean {
  const starts = lineStarts(text);
  // Refused before parsing: the tree walk below recurses once per level.
  const tooDeep = jsonTooDeepAt(text);
  if (tooDeep !== undefined) {
    collector.warn(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, lineAt(starts, tooDeep));
    return false;
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || root === undefined) {
    for (const error of errors.slice(0, 5)) {
      collector.warn(`invalid JSON (${printParseErrorCode(error.error)})`, lineAt(starts, error.offset));
    }
    return false;
  }
  const recordFields = new Map<Node, Record<string, string> | null>();
  const visit = (node: Node, path: string): void => {
    if (node.type === 'object') {
      if (!node.children?.length) return addLeaf(node, path, '{}');
      for (const property of node.children) {
        const [key, value] = property.children ?? [];
        if (key && value) visit(value, joinPath(path, String(key.value)));
      }
    } else if (node.type === 'array') {
      if (!node.children?.length) return addLeaf(node, path, '[]');
      node.children.forEach((child, index) => visit(child, `${path}[${index}]`));
    } else {
      // Numbers keep their source spelling (97.20 stays 97.20).
      addLeaf(node, path, node.type === 'number' ? text.slice(node.offset, node.offset + node.length) : String(node.value));
    }
  };
  const addLeaf = (node: Node, path: string, value: string): void => {
    const holder = node.parent?.type === 'property' ? node.parent : node;
    const line = lineAt(starts, holder.offset);
    const endLine = lineAt(starts, node.offset + node.length);
    const owner = holder.parent?.type === 'object' ? holder.parent : undefined;
    const fields = owner ? recordOf(owner, holder, recordFields, text) : { [path || '$']: value };
    collector.add({ line, endLine, text: `${path || '$'} = ${value}`, kind: 'json_field', fields, jsonPath: path || '$' });
  };
  visit(root, '');
  return true;
}

/** The fields of a leaf held by `property` of `object`: the record's scalar members, or its own alone in a map. */
/** `cache` holds each object's record once, or null for a map (counted once too). */
function recordOf(object: Node, property: Node, cache: Map<Node, Record<string, string> | null>, text: string): Record<string, string> {
  let record = cache.get(object);
  if (record === undefined) {
    let scalars = 0;
    for (const member of object.children ?? []) if (scalarValue(member) !== undefined) scalars++;
    record = scalars > MAX_RECORD_FIELDS ? null : {};
    if (record) {
      for (const member of object.children ?? []) {
        const key = member.children?.[0];
        const value = scalarValue(member);
        if (key && value) record[String(key.value)] = scalarText(value, text);
      }
    }
    // A nested object describes its enclosing thing ("2025-Q4" of district DMA-01): its record
    // inherits the enclosing objects' identifying members it does not have itself (a title is a
    // description, and a spaced value with figures in it is one too).
    if (record) {
      // The document's own root names what every item is about already: it is not inherited.
      for (let outer = enclosingObject(object); outer?.parent; outer = enclosingObject(outer)) {
        for (const member of outer.children ?? []) {
          const key = member.children?.[0];
          const value = scalarValue(member);
          const inherited = key && value ? scalarText(value, text) : '';
          if (key && value && isIdentityKey(String(key.value)) && !(/\s/.test(inherited) && /\d/.test(inherited))) record[String(key.value)] ??= inherited;
        }
      }
    }
    cache.set(object, record);
  }
  if (record) return record;
  const value = scalarValue(property);
  const key = property.children?.[0];
  return value !== undefined && key ? { [String(key.value)]: scalarText(value, text) } : {};
}

/** The object holding this one, as a member's value or an array's element. */
function enclosingObject(object: Node): Node | undefined {
  let node = object.parent;
  while (node && node.type !== 'object') node = node.parent;
  return node;
}

/** A key whose value says which thing its object describes (identity-keys.json). */
export function isIdentityKey(key: string): boolean {
  const lower = key.toLowerCase();
  return IDENTITY_KEYS.has(lower) || IDENTITY_SUFFIXES.has(lower.split(/[_.-]/).pop() ?? '');
}

function scalarValue(property: Node): Node | undefined {
  const [key, value] = property.children ?? [];
  return key && value && value.type !== 'object' && value.type !== 'array' ? value : undefined;
}

/** A scalar as written: numbers keep their source spelling. */
function scalarText(value: Node, text: string): string {
  return value.type === 'number' ? text.slice(value.offset, value.offset + value.length) : String(value.value);
}
