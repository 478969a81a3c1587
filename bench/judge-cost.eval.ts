// What the hybrid judge saves: on the corpus test split, the requests, claims and prompt tokens
// (gpt-tokenizer, o200k_base) the llm judge and the hybrid judge would send, planned by the
// judges' own estimate() — the same chunks, evidence and prompts a real run sends — with no
// network. The hybrid keeps the claims whose offline confidence reaches the cut and sends the
// rest; where the tokens go is broken down by part (instructions, schema, question, passages,
// claims, evidence, framing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIDENCE_CUT, HybridJudge } from '../src/core/judge/hybrid';
import { OpenAIJudge, PROMPT_PARTS, addPromptTokenParts, noPromptTokenParts, type PromptTokenParts } from '../src/core/judge/openai';
import { parseEvidenceSources } from '../src/core/evidence';
import { segmentReport } from '../src/core/segment';
import { evalSplit, loadCases } from './corpus.eval';
import { evalJudgeSpec } from './eval-lib/judge-choice';
import { markdownTable } from './eval-lib/metrics';

export interface CostTotals {
  cases: number;
  claims: number;
  llm: JudgeTotals;
  hybrid: JudgeTotals & { keptOffline: number };
}

interface JudgeTotals {
  requests: number;
  claims: number;
  promptTokens: number;
  repeatedTokens: number;
  /** Where the prompt tokens go (they add up to promptTokens). */
  parts: PromptTokenParts;
}

export async function judgeCost(split: 'dev' | 'test', cut = evalJudgeSpec()?.confidenceCut ?? DEFAULT_CONFIDENCE_CUT): Promise<CostTotals> {
  // Never called: estimate() only plans; the URL is never contacted.
  const llm = new OpenAIJudge({ model: evalJudgeSpec()?.model ?? 'gpt-4o-mini', baseURL: 'http://127.0.0.1:9/v1', cache: null });
  const hybrid = new HybridJudge({ llm, confidenceCut: cut });
  const totals: CostTotals = {
    cases: 0,
    claims: 0,
    llm: { requests: 0, claims: 0, promptTokens: 0, repeatedTokens: 0, parts: noPromptTokenParts() },
    hybrid: { requests: 0, claims: 0, promptTokens: 0, repeatedTokens: 0, parts: noPromptTokenParts(), keptOffline: 0 },
  };
  for (const { dir, labels } of loadCases().filter((c) => evalSplit(c.name, c.labels) === split)) {
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    const evidence = parseEvidenceSources(labels.evidence.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }))).items;
    const claims = segmentReport(report, { format: 'markdown', file: 'report.md' }).claims;
    const input = { claims, evidence, question: labels.question, report };
    const [a, b] = [await llm.estimate(input, 'full', { parts: true }), await hybrid.estimate(input, { parts: true })];
    totals.cases += 1;
    totals.claims += claims.length;
    totals.llm.requests += a.requests;
    totals.llm.claims += a.claims;
    totals.llm.promptTokens += a.promptTokens;
    totals.llm.repeatedTokens += a.repeatedTokens;
    addPromptTokenParts(totals.llm.parts, a.parts!);
    totals.hybrid.requests += b.requests;
    totals.hybrid.claims += b.claims;
    totals.hybrid.promptTokens += b.promptTokens;
    totals.hybrid.repeatedTokens += b.repeatedTokens;
    addPromptTokenParts(totals.hybrid.parts, b.parts!);
    totals.hybrid.keptOffline += b.keptOffline;
  }
  return totals;
}

export async function run(): Promise<string> {
  const cut = evalJudgeSpec()?.confidenceCut ?? DEFAULT_CONFIDENCE_CUT;
  const t = await judgeCost('test', cut);
  const ratio = t.llm.promptTokens > 0 ? t.hybrid.promptTokens / t.llm.promptTokens : 0;
  // What the claims themselves cost (claims, passages, evidence), apart from what every request repeats.
  const rest = (judge: { promptTokens: number; repeatedTokens: number }) => judge.promptTokens - judge.repeatedTokens;
  const restRatio = rest(t.llm) > 0 ? rest(t.hybrid) / rest(t.llm) : 0;
  // The data alone (question, passages, claims, evidence): what no trimming of instructions, schema or framing changes.
  const data = (judge: JudgeTotals) => judge.parts.question + judge.parts.passages + judge.parts.claims + judge.parts.evidence;
  const dataRatio = data(t.llm) > 0 ? data(t.hybrid) / data(t.llm) : 0;
  return [
    '## What the LLM would be sent: llm vs hybrid judge (corpus test split, dry run)',
    '',
    `${t.cases} cases, ${t.claims} claims; planned by the judges' own estimate() (the chunks, evidence and prompts of a real run), prompt tokens by gpt-tokenizer (o200k_base); nothing sent. Hybrid cut: offline confidence ≥ ${cut}.`,
    '',
    markdownTable(
      ['judge', 'requests', 'claims sent', 'claims kept offline', 'prompt tokens', 'of which every request repeats (instructions, schema)'],
      [
        ['llm', t.llm.requests, t.llm.claims, 0, t.llm.promptTokens, t.llm.repeatedTokens],
        ['hybrid', t.hybrid.requests, t.hybrid.claims, t.hybrid.keptOffline, t.hybrid.promptTokens, t.hybrid.repeatedTokens],
      ],
    ),
    '',
    `Prompt-token ratio hybrid / llm: **${ratio.toFixed(3)}** (target ≤ 0.333; it depends on the offline judge's calibrated confidences). ` +
      `Without the tokens every request repeats, the ratio is ${restRatio.toFixed(3)}; ` +
      `of the data alone (question, passages, claims, evidence), ${dataRatio.toFixed(3)}: the hybrid sends ${fraction(t.hybrid.claims, t.claims)} of the claims ` +
      `but ${fraction(t.hybrid.parts.evidence, t.llm.parts.evidence)} of the evidence tokens, since a request's evidence is shared by its claims and the llm judge's requests hold more of them.`,
    '',
    "Where the prompt tokens go (each request's parts add up to its prompt tokens; framing: headings, fences, the closing line and the chat format):",
    '',
    partsTable(t),
  ].join('\n');
}

const fraction = (part: number, whole: number) => (whole > 0 ? (part / whole).toFixed(2) : '–');

function partsTable(t: CostTotals): string {
  const per = (tokens: number, n: number) => (n > 0 ? (tokens / n).toFixed(0) : '–');
  const row = (name: string, a: number, b: number) => [name, a, b, a > 0 ? (b / a).toFixed(3) : '–', per(a, t.llm.requests), per(b, t.hybrid.requests), per(a, t.llm.claims), per(b, t.hybrid.claims)];
  return markdownTable(
    ['part', 'llm tokens', 'hybrid tokens', 'hybrid / llm', 'llm per request', 'hybrid per request', 'llm per claim', 'hybrid per claim'],
    [...PROMPT_PARTS.map((part) => row(part, t.llm.parts[part], t.hybrid.parts[part])), row('total', t.llm.promptTokens, t.hybrid.promptTokens)],
  );
}
