// Omissions: evidence items that signal trouble — an ERROR line, a failed exit, a failed status or
// test, a fired alert — that no claim of the report cites or covers. This is how "every fact is
// real, the conclusion over-reaches" hides: the report is silent about the line that matters.
// Runs after judging, on whatever judge ran; the vocabulary is data (trouble.json).
import type { EvidenceItem, JudgedClaim, Omission } from '../review-types';
import vocabulary from './trouble.json';

const lower = (values: readonly string[]) => new Set(values.map((value) => value.toLowerCase()));
const LEVEL_IN_TEXT = new RegExp(`(?:^|[\\s\\[|("'=])(${vocabulary.levels.join('|')})(?=[\\s\\]|:)"',]|$)`);
const LEVEL_FIELDS = lower(vocabulary.levelFields);
const LEVELS = lower(vocabulary.levels);
const STATUS_FIELDS = lower(vocabulary.statusFields);
const FAILED_STATUSES = lower(vocabulary.failedStatuses);
const EXIT_CODE_FIELDS = lower(vocabulary.exitCodeFields);
const FAILED_COUNT_FIELDS = lower(vocabulary.failedCountFields);
// Case-sensitive on purpose: "FAILED" is a test runner's mark, "failed" in prose needs its context.
const FAILED_TEST = vocabulary.failedTestPatterns.map((pattern) => new RegExp(pattern));
const SIGNAL_FIRED_FIELDS = lower(vocabulary.signalFiredFields);
const QUIET_STATES = lower(vocabulary.signalQuietStates);
const QUIET_FIELDS = lower(vocabulary.signalQuietFields);
const TROUBLE_KINDS = new Set<string>(vocabulary.troubleKinds);

/** The key a field is known by: the last part of a flattened path (`result.checks[0].status` → `status`). */
function leafKey(key: string): string {
  // Every line of a log repeats the same keys: each is worked out once (a bounded cache).
  let leaf = LEAF_KEYS.get(key);
  if (leaf === undefined) {
    leaf = (key.split('.').at(-1) ?? key).replace(/\[\d+\]$/, '').toLowerCase();
    if (LEAF_KEYS.size > 10_000) LEAF_KEYS.clear();
    LEAF_KEYS.set(key, leaf);
  }
  return leaf;
}

const LEAF_KEYS = new Map<string, string>();

/** The fields that belong to this item itself: a JSON leaf's own key only, not its siblings'. */
function ownFields(item: EvidenceItem): Array<[string, string]> {
  if (item.kind === 'json_field') {
    const value = item.text.slice(item.text.indexOf(' = ') + 3);
    return [[leafKey(item.jsonPath ?? ''), value]];
  }
  // A tool call's arguments say what it asked for (level=error as a filter), not what happened.
  // (One plain loop: every item of the evidence comes through here.)
  const own: Array<[string, string]> = [];
  const fields = item.fields;
  for (const key of Object.keys(fields)) if (!(item.kind === 'tool_call' && key.startsWith('args.'))) own.push([leafKey(key), fields[key]!]);
  return own;
}

/** Why an item signals trouble, or undefined when it does not. */
/** A field that gives a failed status, named by its last path segment (status=failed, "steps[3].status": "failed"). */
export function failedStatusField(fields: Readonly<Record<string, string>>): [string, string] | undefined {
  return Object.entries(fields).find(([key, value]) => STATUS_FIELDS.has(key.toLowerCase().split('.').pop()!.replace(/\[\d+\]$/, '')) && FAILED_STATUSES.has(value.trim().toLowerCase()));
}

export function troubleReason(item: EvidenceItem): string | undefined {
  if (!TROUBLE_KINDS.has(item.kind)) return undefined;
  const fields = ownFields(item);
  if (item.kind === 'signal') return signalReason(fields);
  const free = item.kind === 'tool_call' ? (item.result ?? '') : item.kind === 'json_field' ? '' : item.text;
  // The first field of each kind that says trouble, found in one pass over the fields (every
  // item of the evidence comes through here); they are then asked in the order below.
  let level: [string, string] | undefined;
  let exit: [string, string] | undefined;
  let status: [string, string] | undefined;
  let failedCount: [string, string] | undefined;
  for (const field of fields) {
    const [key, value] = field;
    if (level === undefined && LEVEL_FIELDS.has(key) && LEVELS.has(value.toLowerCase())) level = field;
    if (exit === undefined && EXIT_CODE_FIELDS.has(key) && /^-?\d+$/.test(value.trim()) && Number(value) !== 0) exit = field;
    if (status === undefined && STATUS_FIELDS.has(key) && FAILED_STATUSES.has(value.trim().toLowerCase())) status = field;
    if (failedCount === undefined && FAILED_COUNT_FIELDS.has(key) && /^\d+$/.test(value.trim()) && Number(value) > 0) failedCount = field;
  }

  if (level) return `log level ${level[1].toUpperCase()}`;
  const levelWord = LEVEL_IN_TEXT.exec(free)?.[1];
  if (levelWord) return `log level ${levelWord}`;

  if (item.exitOk === false) return `exit_ok false${item.tool ? ` (${item.tool})` : ''}`;
  if (exit) return `non-zero exit code ${exit[1].trim()}`;

  if (status) return `failed status ${status[0]}=${status[1]}`;
  if (failedCount) return `failed test(s) ${failedCount[0]}=${failedCount[1]}`;
  // The first pattern that matches, in the vocabulary's order.
  for (const pattern of FAILED_TEST) {
    const failedTest = pattern.exec(free)?.[0];
    if (failedTest !== undefined) return failedTest ? `a failed test ("${failedTest}")` : undefined;
  }

  return undefined;
}

/** A signal is trouble when it names an alert that fired and does not report it resolved. */
function signalReason(fields: ReadonlyArray<[string, string]>): string | undefined {
  if (fields.some(([key]) => QUIET_FIELDS.has(key))) return undefined;
  if (fields.some(([key, value]) => STATUS_FIELDS.has(key) && QUIET_STATES.has(value.trim().toLowerCase()))) return undefined;
  const named = fields.find(([key]) => SIGNAL_FIRED_FIELDS.has(key));
  return named ? `a signal fired (${named[0]}=${named[1]})` : undefined;
}

/**
 * What an item says once its times, numbers and ids are set aside: two ERROR lines that differ only
 * there are the same event repeated, and a claim citing one covers the other.
 */
function signature(item: EvidenceItem): string {
  return item.text
    .replace(/\d{4}-\d{2}-\d{2}[T ][\d:.,]+(?:Z|[+-]\d{2}:?\d{2})?/g, ' ')
    .replace(/\b[0-9a-f]{8,}\b/gi, ' ')
    .replace(/\d+(?:[.:,]\d+)*/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function oneLine(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The trouble items no claim cites, nor covers by citing a repeat of the same event; in evidence order. */
export function findOmissions(claims: readonly JudgedClaim[], items: readonly EvidenceItem[]): Omission[] {
  const cited = new Set(claims.flatMap((claim) => claim.evidence_refs));
  const citedSignatures = new Set(items.filter((item) => cited.has(item.id)).map(signature));
  const omissions: Omission[] = [];
  for (const item of items) {
    if (cited.has(item.id)) continue;
    const reason = troubleReason(item);
    if (reason === undefined || (citedSignatures.size > 0 && citedSignatures.has(signature(item)))) continue;
    omissions.push({ id: item.id, file: item.file, line: item.line, reason, text: oneLine(item.text) });
  }
  return omissions;
}
