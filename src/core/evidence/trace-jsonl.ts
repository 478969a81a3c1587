// JSON Lines agent traces: one event per line.
//   {"type":"tool_call","tool","args","result","mutating","signals","exit_ok","turn"?}
//   {"type":"tool_result","tool"?,"result"|"output"|"content","exit_ok"?} right after its call:
//     the call's result, read into the call's item (one step, lines call–result). Any other
//     tool_result is read for its text but counted by the gate as an unreadable step (fail closed:
//     nothing says which call it answers or whether that call mutated).
//   {"type":"reasoning","text"}
//   {"type":"signal", …fields}
// A line that is not JSON, not an object, nested too deep, of an unknown type or missing what its
// type needs is reported and kept as an unreadable reasoning step (no text, so no judge reads it):
// the gate counts it, fail closed, instead of losing a step it cannot read.
import { z } from 'zod';
import { formatZodError } from '../model';
import { forEachLine } from '../segment/positions';
import { ItemCollector, MAX_JSON_DEPTH, flattenJson, jsonTooDeepAt } from './shared';

const ToolCallSchema = z.looseObject({
  type: z.literal('tool_call'),
  tool: z.string().min(1),
  args: z.unknown().optional(),
  result: z.unknown().optional(),
  mutating: z.boolean().optional(),
  signals: z.array(z.string()).optional(),
  exit_ok: z.boolean().optional(),
  turn: z.number().int().nonnegative().optional(),
});
const ReasoningSchema = z.looseObject({ type: z.literal('reasoning'), text: z.string(), turn: z.number().int().nonnegative().optional() });
const SignalSchema = z.looseObject({ type: z.literal('signal'), turn: z.number().int().nonnegative().optional() });
const ToolResultSchema = z.looseObject({
  type: z.enum(['tool_result', 'tool_output']),
  tool: z.string().min(1).optional(),
  result: z.unknown().optional(),
  output: z.unknown().optional(),
  content: z.unknown().optional(),
  exit_ok: z.boolean().optional(),
  turn: z.number().int().nonnegative().optional(),
});

export const TRACE_EVENT_TYPES = ['tool_call', 'tool_result', 'tool_output', 'reasoning', 'signal'] as const;

export function parseTraceJsonl(collector: ItemCollector, text: string): void {
  forEachLine(text, (line, lineNumber) => {
    const trimmed = line.trim();
    if (trimmed !== '') addEvent(collector, trimmed, lineNumber);
  });
}

/** Keeps a line that cannot be read as one unreadable step, saying why (see the header). */
function addUnreadable(collector: ItemCollector, line: number, why: string): void {
  collector.warn(`${why}; counted as an unreadable reasoning step`, line);
  collector.add({ line, endLine: line, text: '', kind: 'reasoning', fields: {}, unreadable: why });
}

function addEvent(collector: ItemCollector, raw: string, line: number): void {
  if (jsonTooDeepAt(raw) !== undefined) return addUnreadable(collector, line, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch (error) {
    return addUnreadable(collector, line, `invalid JSON (${(error as Error).message})`);
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) {
    return addUnreadable(collector, line, 'expected a JSON object with a "type"');
  }
  const type = (event as { type?: unknown }).type;
  const base = { line, endLine: line };
  switch (type) {
    case 'tool_call': {
      const parsed = ToolCallSchema.safeParse(event);
      if (!parsed.success) return addUnreadable(collector, line, `tool_call not readable: ${formatZodError(parsed.error)}`);
      const call = parsed.data;
      const result = call.result === undefined ? undefined : typeof call.result === 'string' ? call.result : JSON.stringify(call.result);
      const fields = {
        ...flattenJson(call.args, 'args'),
        // A string result may itself be JSON (tools often print JSON); flatten it when it is.
        ...flattenJson(typeof call.result === 'string' ? tryJson(call.result) : call.result, ''),
      };
      if (typeof call.result === 'string' && tryJson(call.result) === undefined) fields.result = call.result;
      // The event's own time (ts, timestamp, …) leads its text, as a log line's stamp does, so a claim can date it.
      const when = eventTime(event as Record<string, unknown>);
      if (when !== undefined) fields.ts = when;
      const parts = [...(when !== undefined ? [when] : []), `tool_call ${call.tool}`];
      if (call.args !== undefined) parts.push(`args=${JSON.stringify(call.args)}`);
      if (result !== undefined) parts.push(`result=${result}`);
      if (call.exit_ok !== undefined) parts.push(`exit_ok=${call.exit_ok}`);
      if (call.mutating) parts.push('mutating=true');
      collector.add({
        ...base,
        text: parts.join(' '),
        kind: 'tool_call',
        tool: call.tool,
        fields,
        args: call.args,
        result,
        mutating: call.mutating,
        exitOk: call.exit_ok,
        signals: call.signals,
        turn: call.turn,
      });
      return;
    }
    case 'reasoning': {
      const parsed = ReasoningSchema.safeParse(event);
      if (!parsed.success) return addUnreadable(collector, line, `reasoning not readable: ${formatZodError(parsed.error)}`);
      collector.add({ ...base, text: parsed.data.text, kind: 'reasoning', fields: {}, turn: parsed.data.turn });
      return;
    }
    case 'signal': {
      const parsed = SignalSchema.safeParse(event);
      if (!parsed.success) return addUnreadable(collector, line, `signal not readable: ${formatZodError(parsed.error)}`);
      const { type: _type, turn, ...rest } = parsed.data;
      const fields = flattenJson(rest);
      const text = ['signal', ...Object.entries(fields).map(([key, value]) => `${key}=${value}`)].join(' ');
      collector.add({ ...base, text, kind: 'signal', fields, turn });
      return;
    }
    case 'tool_result':
    case 'tool_output': {
      const parsed = ToolResultSchema.safeParse(event);
      if (!parsed.success) return addUnreadable(collector, line, `${type} not readable: ${formatZodError(parsed.error)}`);
      const output = parsed.data.result ?? parsed.data.output ?? parsed.data.content;
      if (output === undefined) return addUnreadable(collector, line, `${type} has no result, output or content`);
      addToolResult(collector, line, parsed.data.tool, output, parsed.data.exit_ok, eventTime(event as Record<string, unknown>), parsed.data.turn);
      return;
    }
    default:
      addUnreadable(collector, line, `unknown event type ${describeType(type)} (expected one of ${TRACE_EVENT_TYPES.join(', ')})`);
  }
}

/** A tool's output as item text and fields: a JSON value (or a string holding JSON) flattened, else the string itself. */
function outputFields(output: unknown): { text: string; fields: Record<string, string> } {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  const value = typeof output === 'string' ? tryJson(output) : output;
  const fields = value === undefined ? { result: text } : flattenJson(value, '');
  return { text, fields };
}

/**
 * A tool_result: right after the call it answers (nothing read in between, the same tool if it
 * names one, a call without a result of its own), it becomes that call's result; otherwise it is
 * kept readable for the judges but unreadable for the gate.
 */
function addToolResult(collector: ItemCollector, line: number, tool: string | undefined, output: unknown, exitOk: boolean | undefined, when: string | undefined, turn: number | undefined): void {
  const { text, fields } = outputFields(output);
  const call = collector.items.at(-1);
  if (call && call.kind === 'tool_call' && call.unreadable === undefined && call.result === undefined && (tool === undefined || tool === call.tool)) {
    call.result = text;
    // The result's own time stays beside the call's: "returned at 09:05:45" dates the answer, not the call.
    // A call with no time of its own takes the result's.
    const callTime = call.fields.ts;
    const resultTime = callTime !== undefined && when !== undefined && when !== callTime ? when : undefined;
    call.fields = { ...call.fields, ...fields, ...(callTime === undefined && when !== undefined ? { ts: when } : {}), ...(resultTime !== undefined ? { result_ts: resultTime } : {}) };
    if (exitOk !== undefined) call.exitOk = exitOk;
    const parts = [call.text, ...(resultTime !== undefined ? [`result_ts=${resultTime}`] : []), `result=${text}`, ...(exitOk !== undefined ? [`exit_ok=${exitOk}`] : [])];
    call.text = collector.clip(parts.join(' '), line);
    call.endLine = line;
    return;
  }
  const why = 'tool_result without its tool_call just before it';
  collector.warn(`${why}; read for its text, counted by the gate as an unreadable step`, line);
  const parts = [...(when !== undefined ? [when] : []), `tool_result ${tool ?? ''}`.trim(), `result=${text}`];
  collector.add({ line, endLine: line, text: parts.join(' '), kind: 'tool_call', tool: tool ?? 'unknown', fields: { ...fields, ...(when !== undefined ? { ts: when } : {}) }, result: text, exitOk, turn, unreadable: why });
}

/** Keys a trace event gives its own time under, in order of preference. */
const TIME_KEYS = ['ts', 'timestamp', 'time', 'at', 'started_at', 'start_time'];

/** The event's own time, as written (a string that holds a date and time, or a clock time). */
function eventTime(event: Record<string, unknown>): string | undefined {
  for (const key of TIME_KEYS) {
    const value = event[key];
    if (typeof value === 'string' && /\d{1,2}:\d{2}/.test(value) && value.length <= 40) return value;
  }
  return undefined;
}

/** A type as a warning names it: a string (cut short), else what kind of value stands there. */
function describeType(type: unknown): string {
  if (type === undefined) return '(none)';
  if (typeof type !== 'string') return `(a ${type === null ? 'null' : Array.isArray(type) ? 'list' : typeof type})`;
  return JSON.stringify(type.length > 40 ? `${type.slice(0, 40)}…` : type);
}

function tryJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  // Too deep to flatten: kept as the string it is.
  if (jsonTooDeepAt(trimmed) !== undefined) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
