// What the model must return: verdicts for OUR claim ids (so every claim keeps its exact span),
// optional atomic sub-claims under a parent id, and the audit fields of the judge contract
// (gsar.md §7). Every closed set is an enum inside the schema, and the schema is OpenAI-strict:
// every property required, nullable instead of optional, no additional properties. Also how an
// answer is read: JSON from the completion, then checked against the schema.
import type OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { DecisionStatusSchema, EvidenceTypeSchema, PARTITION_KEYS, formatZodError } from '../../model';

export const PartitionKeySchema = z.enum(PARTITION_KEYS);

export const WireVerdictSchema = z.strictObject({
  claim_id: z.string(),
  partition: PartitionKeySchema,
  type: EvidenceTypeSchema,
  evidence_refs: z.array(z.string()),
  reason: z.string(),
});
export type WireVerdict = z.infer<typeof WireVerdictSchema>;

/** An atomic part of one of our claims: the verdict fields, pointing to its parent by id. */
export const WireSubClaimSchema = z.strictObject({
  parent_id: z.string(),
  text: z.string(),
  ...WireVerdictSchema.omit({ claim_id: true }).shape,
});
export type WireSubClaim = z.infer<typeof WireSubClaimSchema>;

export const JudgeWireSchema = z.strictObject({
  verdicts: z.array(WireVerdictSchema),
  sub_claims: z.array(WireSubClaimSchema),
  gaps: z.array(z.string()),
  contradictions: z.array(z.string()),
  verification_needed: z.boolean(),
  verification_reason: z.string(),
  explanation: z.string(),
  grounding_score: z.number(),
  decision_status: DecisionStatusSchema,
  abstain_reason: z.string().nullable(),
});
export type JudgeWire = z.infer<typeof JudgeWireSchema>;

/**
 * What a request asks the model for. `full`: the claim verdicts and the report-level summary
 * (gaps, contradictions, verification, explanation, score) the llm judge reports. `verdicts`:
 * the claim verdicts only, for a caller that builds its own summary from the claims (the hybrid
 * judge): asking for a summary it discards cost every request the schema and the words for it.
 */
export type JudgeAsk = 'full' | 'verdicts';

/** The answer to a `verdicts` request: no report-level summary. */
export const VerdictsWireSchema = JudgeWireSchema.pick({ verdicts: true, sub_claims: true, decision_status: true, abstain_reason: true });

/**
 * A strict `response_format` for a schema, less the draft URI ("$schema") the converter puts at
 * the top: no endpoint needs it, and every request paid its tokens (in the prompt, too, without
 * structured outputs).
 */
function responseFormat(schema: z.ZodType, name: string): ReturnType<typeof zodResponseFormat> {
  const format = zodResponseFormat(schema, name);
  const { $schema: _uri, ...rest } = format.json_schema.schema as Record<string, unknown>;
  return { ...format, json_schema: { ...format.json_schema, schema: rest } };
}

// Made on first use, not when the module loads: the conversion to JSON schema is some 10 ms of
// every CLI start, and a review with the default offline judge never sends a request.
const RESPONSE_FORMATS: Partial<Record<JudgeAsk, { format: ReturnType<typeof zodResponseFormat>; text: string }>> = {};

function responseFormatAndText(ask: JudgeAsk): { format: ReturnType<typeof zodResponseFormat>; text: string } {
  let made = RESPONSE_FORMATS[ask];
  if (made === undefined) {
    const format = ask === 'full' ? responseFormat(JudgeWireSchema, 'JudgeOutput') : responseFormat(VerdictsWireSchema, 'JudgeVerdicts');
    made = RESPONSE_FORMATS[ask] = { format, text: JSON.stringify(format.json_schema.schema) };
  }
  return made;
}

/** The `response_format` sent to endpoints with structured outputs: a strict schema named JudgeOutput (JudgeVerdicts for `verdicts`). */
export const responseFormatFor = (ask: JudgeAsk) => responseFormatAndText(ask).format;
/** The same schema as text, for the prompt of endpoints without structured outputs. */
export const jsonSchemaTextFor = (ask: JudgeAsk) => responseFormatAndText(ask).text;

/**
 * The summary a `verdicts` answer stands for when it is kept as a JudgeWire (in the cache, say):
 * empty. Nothing reads it: only the answers of `full` requests are merged into a summary.
 */
const summaryNotAsked = (): Omit<JudgeWire, 'verdicts' | 'sub_claims' | 'decision_status' | 'abstain_reason'> => ({
  gaps: [],
  contradictions: [],
  verification_needed: false,
  verification_reason: '',
  explanation: '',
  grounding_score: 0,
});

// The top level checked strictly, the lists item by item: one bad verdict costs one claim, not the chunk.
const LenientWireSchema = JudgeWireSchema.extend({ verdicts: z.array(z.unknown()), sub_claims: z.array(z.unknown()) });
// A model asked for verdicts only may still add the summary fields (JSON in plain text): they
// are read like any answer's and then not used, rather than failing the answer.
const LenientVerdictsSchema = LenientWireSchema.partial({ gaps: true, contradictions: true, verification_needed: true, verification_reason: true, explanation: true, grounding_score: true });

export type WireParse =
  | { ok: true; value: JudgeWire; dropped: string[] }
  | { ok: false; reason: string };

/**
 * Validates a decoded model answer to a request that asked for `ask`. Top-level fields outside
 * the schema (e.g. the field-seen `decision_status: "grounded"`) fail the whole answer; a
 * verdict or sub-claim outside the schema (an unknown partition or evidence type) is dropped
 * and named in `dropped`.
 */
export function parseWire(value: unknown, ask: JudgeAsk = 'full'): WireParse {
  const strict = JudgeWireSchema.safeParse(value);
  if (strict.success) return { ok: true, value: strict.data, dropped: [] };
  const lenient = ask === 'full' ? LenientWireSchema.safeParse(value) : LenientVerdictsSchema.transform((answer) => ({ ...summaryNotAsked(), ...answer })).safeParse(value);
  if (!lenient.success) return { ok: false, reason: formatZodError(lenient.error) };
  const dropped: string[] = [];
  const keep = <T>(items: unknown[], schema: z.ZodType<T>, list: string): T[] =>
    items.flatMap((item, index) => {
      const parsed = schema.safeParse(item);
      if (parsed.success) return [parsed.data];
      dropped.push(formatZodError(parsed.error, `${list}[${index}]`));
      return [];
    });
  return {
    ok: true,
    value: {
      ...lenient.data,
      verdicts: keep(lenient.data.verdicts, WireVerdictSchema, 'verdicts'),
      sub_claims: keep(lenient.data.sub_claims, WireSubClaimSchema, 'sub_claims'),
    },
    dropped,
  };
}

/**
 * The JSON a chat completion answered, or why there is none (a refusal, an empty or unreadable
 * answer). JSON dug out of surrounding text is accepted, and `fallbacks` says so.
 */
export function answerJson(
  completion: OpenAI.Chat.Completions.ChatCompletion,
  structured: boolean,
  fallbacks: string[],
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const choice = completion.choices[0];
  const message = choice?.message;
  if (message?.refusal) return { ok: false, reason: `judge model call failed: the model refused (${message.refusal})` };
  const content = message?.content ?? '';
  if (!content.trim()) return { ok: false, reason: 'judge output parse failed: empty answer' };
  try {
    return { ok: true, value: JSON.parse(content) };
  } catch {
    const extracted = extractJsonObject(content);
    if (!extracted.ok) {
      const truncated = choice?.finish_reason === 'length' ? ' (answer cut off at the token limit)' : '';
      return { ok: false, reason: `judge output parse failed: ${extracted.reason}${truncated}` };
    }
    if (structured) fallbacks.push('structured answer was not plain JSON; extracted the JSON object from the text');
    else fallbacks.push('parsed JSON from plain text');
    return extracted;
  }
}

/**
 * Finds the JSON object in a model's plain-text answer: the whole text, a fenced ```json block,
 * or the first balanced {...} (models without structured outputs often wrap JSON in prose).
 */
export function extractJsonObject(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const candidates: string[] = [text.trim()];
  for (const match of text.matchAll(/```(?:json)?\s*\n?([\s\S]*?)```/gi)) candidates.push(match[1].trim());
  const balanced = firstBalancedObject(text);
  if (balanced) candidates.push(balanced);
  let lastError = 'no JSON object found in the answer';
  for (const candidate of candidates) {
    if (!candidate.startsWith('{')) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      lastError = `invalid JSON (${(error as Error).message})`;
    }
  }
  return { ok: false, reason: lastError };
}

/** The first `{…}` whose braces balance, skipping braces inside JSON strings. */
function firstBalancedObject(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}
