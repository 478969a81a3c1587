// JSON documents: every leaf field is an item with its JSON path (`steps[2].config_version`) and
// line. A leaf's `fields` hold the scalar members of its enclosing object, so a judge can match a
// value together with the record it belongs to (host + cpu_pct of one row).
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { lineAt, lineStarts } from '../segment/positions';
import { ItemCollector, joinPath } from './shared';

/** Parses a JSON document; returns false (with warnings) when it is not valid JSON. */
export function parseJsonDocument(collector: ItemCollector, text: string): boolean {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const starts = lineStarts(text);
  if (errors.length > 0 || root === undefined) {
    for (const error of errors.slice(0, 5)) {
      collector.warn(`invalid JSON (${printParseErrorCode(error.error)})`, lineAt(starts, error.offset));
    }
    return false;
  }
  const recordFields = new Map<Node, Record<string, string>>();
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
    const fields = owner ? scalarMembers(owner, recordFields, text) : { [path || '$']: value };
    collector.add({ line, endLine, text: `${path || '$'} = ${value}`, kind: 'json_field', fields, jsonPath: path || '$' });
  };
  visit(root, '');
  return true;
}

function scalarMembers(object: Node, cache: Map<Node, Record<string, string>>, text: string): Record<string, string> {
  const cached = cache.get(object);
  if (cached) return cached;
  const fields: Record<string, string> = {};
  for (const property of object.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value || value.type === 'object' || value.type === 'array') continue;
    fields[String(key.value)] = value.type === 'number' ? text.slice(value.offset, value.offset + value.length) : String(value.value);
  }
  cache.set(object, fields);
  return fields;
}
