// The settings the evidence shows written: the ledger a claim such as "no other configuration
// keys were modified" is checked against. An agent's trace records writes in many shapes — an
// object of keys (`set: {key: value}`), a list of `key=value` strings, one key and its value
// (`key: eu.retry_backoff_s, value: 120`), a diff entry (`{key, old, new}`) in a tool's result or
// a JSON document, or a line `key: old -> new`. What counts as which is data (writes.json).
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import writes from '../vocabulary/writes.json';
import { perIndex } from './per-index';
import { jsonFieldValue, keyOfObject } from './tables';

export interface Write {
  key: string;
  from?: string;
  to?: string;
  unit: IndexedItem;
}

const CONTAINERS = new Set(writes.containers);
const KEY_ARGS = writes.keyArgs;
const VALUE_ARGS = writes.valueArgs;
const OLD_WORDS = writes.oldWords;
const NEW_WORDS = writes.newWords;
const WRITE_TOOL = new RegExp(`(?:^|[^a-z])(?:${writes.writeTools.join('|')})(?:[^a-z]|$)`, 'i');
// `key=value` or `key: value` as one string of a list.
const ASSIGNMENT_RE = /^\s*([A-Za-z_][\w.\-/]*)\s*[=:]\s*(.+?)\s*$/;
// A key, then its old and new values around an arrow: `key: 25 -> 40`, `key=half_up→half_even`, `key 90 => 120`.
const ARROW_CHANGE_RE = /(?<![\w.-])([A-Za-z_][\w.-]*[A-Za-z_\d])["']?\s*[:=]?\s*["']?([^\s,;()"'{}]+)["']?\s*(?:->|→|=>)\s*["']?([^\s,;()"'{}]+)/g;
/** How far into a tool's result the ledger looks for diff entries. */
const MAX_DEPTH = 8;

/** Every write the evidence records, read once per index. */
export const writesOf = perIndex(readWrites);

/** The `key old -> new` lines of one unit's text. */
export function arrowWrites(unit: IndexedItem): Write[] {
  return arrowsIn(unit.text, unit);
}

/** The `key old -> new` changes of a text, recorded by `unit`. */
function arrowsIn(text: string, unit: IndexedItem): Write[] {
  const found: Write[] = [];
  for (const match of text.matchAll(ARROW_CHANGE_RE)) {
    const [, key, from, to] = match;
    if (key && from !== to && !/^\d/.test(key)) found.push({ key, from, to, unit });
  }
  return found;
}

function readWrites(index: EvidenceIndex): Write[] {
  const ledger: Write[] = [];
  const documentObjects = new Map<string, { unit: IndexedItem; fields: Map<string, string> }>();
  for (const unit of index.items) {
    const { item } = unit;
    if (unit.sentence !== 0) continue;
    if (item.kind === 'tool_call') {
      if (isWrite(item.tool, item.mutating, item.args)) ledger.push(...argumentWrites(item.args, unit));
      const result = parsed(item.result);
      if (result !== undefined) diffEntries(result, unit, ledger, 0);
      else if (item.result !== undefined) ledger.push(...arrowWrites(unit).filter((w) => item.result!.includes(w.key)));
    } else if (item.kind === 'json_field' && item.jsonPath) {
      // A diff entry of a JSON document is spread over items of its own: gather them by parent.
      const at = item.jsonPath.lastIndexOf('.');
      if (at < 0) continue;
      const parent = item.jsonPath.slice(0, at);
      const value = jsonFieldValue(unit);
      let object = documentObjects.get(`${item.file}\u0000${parent}`);
      if (!object) documentObjects.set(`${item.file}\u0000${parent}`, (object = { unit, fields: new Map() }));
      object.fields.set(item.jsonPath.slice(at + 1), value);
    }
  }
  for (const [path, { unit, fields }] of documentObjects) {
    // (`config_changes["activity.heat_alert_threshold_pct"]: {from: 150, to: 140}`: an object of
    // an old and a new value is the change of the key it stands under.)
    // (Only where no field of its own names the key: `{field: edge_ttl_s, from, to}` is edge_ttl_s's.)
    const entry = diffEntry((name) => fields.get(name)) ?? diffEntry((name) => fields.get(name) ?? (name === KEY_ARGS[0] ? keyOfObject(path.slice(path.indexOf('\u0000') + 1)) : undefined));
    if (entry) ledger.push({ ...entry, unit });
  }
  return ledger;
}

/** A command line's settings: `--set instrument_logs.hot_days=60` (writes.json commandFlags). */
const COMMAND_SET_RE = new RegExp(`(?:^|\\s)--(?:${writes.commandFlags.join('|')})[=\\s]+([A-Za-z_][\\w.\\-/]*)=(?:"([^"]*)"|(\\S+))`, 'g');

/** Whether a call wrote: it says it mutated state, or it does not say and its tool's name writes; a dry run writes nothing. */
function isWrite(tool: string | undefined, mutating: boolean | undefined, args: unknown): boolean {
  if (isObject(args) && (args.dry_run === true || args.dryRun === true)) return false;
  if (mutating !== undefined) return mutating;
  return WRITE_TOOL.test(tool ?? '');
}

function argumentWrites(args: unknown, unit: IndexedItem): Write[] {
  if (!isObject(args)) return [];
  const found: Write[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (!CONTAINERS.has(name.toLowerCase())) continue;
    if (isObject(value)) for (const [key, to] of Object.entries(value)) found.push({ key: key.replace(/[+\-]+$/, ''), to: text(to), unit });
    else if (Array.isArray(value)) {
      for (const element of value) {
        const assignment = typeof element === 'string' ? ASSIGNMENT_RE.exec(element) : null;
        if (assignment) found.push({ key: assignment[1]!, to: assignment[2], unit });
      }
    }
  }
  for (const value of Object.values(args)) {
    if (typeof value === 'string' && value.includes('--')) for (const match of value.matchAll(COMMAND_SET_RE)) found.push({ key: match[1]!, to: match[2] ?? match[3]!, unit });
  }
  const key = KEY_ARGS.map((name) => args[name]).find((value): value is string => typeof value === 'string');
  const value = VALUE_ARGS.find((name) => name in args);
  if (key && value) found.push({ key, to: text(args[value]), unit });
  return found;
}

/** Diff entries (`{key, old, new}`) anywhere in a tool's result. */
function diffEntries(value: unknown, unit: IndexedItem, ledger: Write[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const element of value) diffEntries(element, unit, ledger, depth + 1);
    return;
  }
  if (!isObject(value)) {
    if (typeof value === 'string' && /->|→|=>/.test(value)) ledger.push(...arrowsIn(value, unit));
    return;
  }
  const entry = diffEntry((name) => (name in value ? text(value[name]) : undefined));
  if (entry) ledger.push({ ...entry, unit });
  for (const inner of Object.values(value)) diffEntries(inner, unit, ledger, depth + 1);
}

/** A key with an old and a new value that differ, read through `field`. */
function diffEntry(field: (name: string) => string | undefined): Omit<Write, 'unit'> | undefined {
  const key = KEY_ARGS.map(field).find((v) => v !== undefined && /[A-Za-z]/.test(v));
  const from = OLD_WORDS.map(field).find((v) => v !== undefined);
  const to = NEW_WORDS.map(field).find((v) => v !== undefined);
  if (!key || from === undefined || to === undefined || from === to) return undefined;
  return { key, from, to };
}

function parsed(result: string | undefined): unknown {
  if (result === undefined || !/^\s*[[{]/.test(result)) return undefined;
  try {
    return JSON.parse(result) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}
