// What a judgement would send, planned without sending anything (the dry run, the editor's
// notice, the judge-cost eval), and where a request's prompt tokens go: the instructions and the
// answer's schema (repeated by every request), the report's question, the claims' passages, the
// claims, the evidence items, and the framing around them (headings, fences, the closing line,
// the chat format). The parts of a request add up to its prompt tokens exactly: framing is what
// the others leave.
import type { JudgeUserMessage } from './prompt';
import { countPromptTokens, countTextTokens } from './tokens';

export const PROMPT_PARTS = ['instructions', 'schema', 'question', 'passages', 'claims', 'evidence', 'framing'] as const;
export type PromptPart = (typeof PROMPT_PARTS)[number];
export type PromptTokenParts = Record<PromptPart, number>;

/** What a judgement would send, computed without sending anything. */
export interface JudgeEstimate {
  /** Claims that would travel to the endpoint. */
  claims: number;
  /** HTTP requests a run would make, cached chunks excluded, retries not counted. */
  requests: number;
  cachedRequests: number;
  promptTokens: number;
  /** Of `promptTokens`, those every request repeats whatever it judges: the instructions and the answer's schema. */
  repeatedTokens: number;
  encoding: string;
  /** Claim ids per request, in order. */
  perRequest: string[][];
  /** Where `promptTokens` go, part by part (they add up to it); only when asked for. */
  parts?: PromptTokenParts;
}

export interface EstimateOptions {
  /** Also count the prompt tokens by part (instructions, schema, claims, evidence, …): tokenizes each part again. */
  parts?: boolean;
}

export const noPromptTokenParts = (): PromptTokenParts => ({ instructions: 0, schema: 0, question: 0, passages: 0, claims: 0, evidence: 0, framing: 0 });

/**
 * One request's prompt tokens by part. `system` is the system message; `schema` the answer's
 * schema wherever it travels (response_format, or inside `user` without structured outputs);
 * `total` the request's prompt tokens as the estimate counts them.
 */
export async function promptTokenParts(system: string, user: JudgeUserMessage, schema: string, total: number): Promise<PromptTokenParts> {
  const lines = (list: readonly string[]) => countTextTokens(list.join('\n'));
  const parts: PromptTokenParts = {
    instructions: await countPromptTokens([{ role: 'system', content: system }]),
    schema: await countTextTokens(schema),
    question: await lines(user.data.question),
    passages: await lines(user.data.passages),
    claims: await lines(user.data.claims),
    evidence: await lines(user.data.evidence),
    framing: 0,
  };
  parts.framing = total - PROMPT_PARTS.reduce((sum, part) => sum + parts[part], 0);
  return parts;
}

export function addPromptTokenParts(into: PromptTokenParts, more: PromptTokenParts): void {
  for (const part of PROMPT_PARTS) into[part] += more[part];
}
