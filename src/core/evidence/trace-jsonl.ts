// JSON Lines agent traces: one event per line.
//   {"type":"tool_call","tool","args","result","mutating","signals","exit_ok","turn"?}
//   {"type":"reasoning","text"}
//   {"type":"signal", …fields}
// A line that is not JSON, not an object, or of an unknown type is reported and skipped.
import { z } from 'zod';
import { formatZodError } from '../model';
import { splitLines } from '../segment/positions';
import { ItemCollector, flattenJson } from './shared';

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

export const TRACE_EVENT_TYPES = ['tool_call', 'reasoning', 'signal'] as const;

export function parseTraceJsonl(collector: ItemCollector, text: string): void {
  splitLines(text).forEach((line, index) => {
    if (line.text.trim() !== '') addEvent(collector, line.text.trim(), index + 1);
  });
}

function addEvent(collector: ItemCollector, raw: string, line: number): void {
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch (error) {
    collector.warn(`invalid JSON, line skipped (${(error as Error).message})`, line);
    return;
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) {
    collector.warn('expected a JSON object with a "type", line skipped', line);
    return;
  }
  const type = (event as { type?: unknown }).type;
  const base = { line, endLine: line };
  switch (type) {
    case 'tool_call': {
      const parsed = ToolCallSchema.safeParse(event);
      if (!parsed.success) return collector.warn(`tool_call skipped: ${formatZodError(parsed.error)}`, line);
      const call = parsed.data;
      const result = call.result === undefined ? undefined : typeof call.result === 'string' ? call.result : JSON.stringify(call.result);
      const fields = {
        ...flattenJson(call.args, 'args'),
        // A string result may itself be JSON (tools often print JSON); flatten it when it is.
        ...flattenJson(typeof call.result === 'string' ? tryJson(call.result) : call.result, ''),
      };
      if (typeof call.result === 'string' && tryJson(call.result) === undefined) fields.result = call.result;
      const parts = [`tool_call ${call.tool}`];
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
      if (!parsed.success) return collector.warn(`reasoning skipped: ${formatZodError(parsed.error)}`, line);
      collector.add({ ...base, text: parsed.data.text, kind: 'reasoning', fields: {}, turn: parsed.data.turn });
      return;
    }
    case 'signal': {
      const parsed = SignalSchema.safeParse(event);
      if (!parsed.success) return collector.warn(`signal skipped: ${formatZodError(parsed.error)}`, line);
      const { type: _type, turn, ...rest } = parsed.data;
      const fields = flattenJson(rest);
      const text = ['signal', ...Object.entries(fields).map(([key, value]) => `${key}=${value}`)].join(' ');
      collector.add({ ...base, text, kind: 'signal', fields, turn });
      return;
    }
    default:
      collector.warn(
        `unknown event type ${JSON.stringify(type)} (expected one of ${TRACE_EVENT_TYPES.join(', ')}), line skipped`,
        line,
      );
  }
}

function tryJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
