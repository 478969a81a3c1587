// `grounding-review gate <trace>`: replays an agent trace through the grounding gate and checks
// the final answer at the submit boundary. Exit 0 ACCEPT, 1 REJECT, 2 usage or input error.
import { parseArgs } from 'node:util';
import { parseEvidence } from '../../core/evidence';
import {
  GATE_CLAIM_TYPES,
  GATE_PRESETS,
  GATE_PRESET_NAMES,
  isGateClaimType,
  isGatePresetName,
  runGate,
  type GateClaimType,
  type GateResult,
  type ReplayStep,
} from '../../core/gate';
import type { ReportClaim } from '../../core/review-types';
import { segmentReport } from '../../core/segment';
import { CliError, EXIT_NOT_PROCEED, EXIT_PROCEED, asCliError, parseFormat, parseNumberOption, type CliIo } from '../args';
import { readTextFile } from '../files';

export const gateUsage = `Usage: grounding-review gate <trace> [options]

Replays an agent trace through the grounding gate (no model: hashes, sets and integers), then
checks the final answer at the submit boundary. The trace is JSON Lines ({"type":"tool_call",
"tool","args","result","mutating","signals","exit_ok","turn"?}, {"type":"reasoning","text"},
{"type":"signal",…}) or a plain log, where each line is one read-only observation by the tool
named in its tag. Prints every step with its classification, then the verdict.

Options:
  --claim-type T       assertion | completion | unverified | none
  --surface a,b        the identifiers the answer is about (hosts, paths, ids, keys)
  --report FILE        the answer itself: claim type and surface are inferred from it unless given
                       (front matter claim_type: wins over inference); the file is only read
  --preset P           default | skipper | diverger (default default)
  --cap N, --refill N  override the preset's budget cap and refill (need 1 ≤ refill < cap)
  --goal NAME          a signal that must be verified before a completion is accepted (repeatable)
  --attempt N:TYPE     an earlier submit attempt of claim type TYPE right after the Nth trace
                       event (repeatable; shows what a gated agent was told)
  --novelty-exempt T   a tool whose identical calls still count as new (repeatable)
  --format text|json   output format (default text)

Exit codes: 0 ACCEPT, 1 REJECT, 2 usage or input error.`;

function parseAttempt(value: string): { after: number; claimType: GateClaimType } {
  const match = /^(\d+):(\w+)$/.exec(value.trim());
  if (!match || !isGateClaimType(match[2])) {
    throw new CliError(`--attempt: expected N:TYPE with TYPE one of ${GATE_CLAIM_TYPES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return { after: Number(match[1]), claimType: match[2] };
}

export function runGateCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'claim-type': { type: 'string' },
      surface: { type: 'string' },
      report: { type: 'string' },
      preset: { type: 'string' },
      cap: { type: 'string' },
      refill: { type: 'string' },
      goal: { type: 'string', multiple: true },
      attempt: { type: 'string', multiple: true },
      'novelty-exempt': { type: 'string', multiple: true },
      format: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new CliError('gate: expected exactly one trace file');
  const traceFile = positionals[0];
  const format = parseFormat(values.format, ['text', 'json'] as const, 'text');
  const preset = values.preset ?? 'default';
  if (!isGatePresetName(preset)) {
    throw new CliError(`--preset: expected one of ${GATE_PRESET_NAMES.join(', ')}, got ${JSON.stringify(preset)}`);
  }
  const claimType = values['claim-type'];
  if (claimType !== undefined && !isGateClaimType(claimType)) {
    throw new CliError(`--claim-type: expected one of ${GATE_CLAIM_TYPES.join(', ')}, got ${JSON.stringify(claimType)}`);
  }
  if (values.report === undefined && claimType === undefined) throw new CliError('gate: give --claim-type, or --report to infer it');
  if (values.report === undefined && values.surface === undefined) throw new CliError('gate: give --surface, or --report to infer it');
  const surface = values.surface?.split(',').map((identifier) => identifier.trim()).filter((identifier) => identifier !== '');

  const parsed = parseEvidence({ file: traceFile, text: readTextFile(traceFile) });
  for (const warning of parsed.warnings) {
    io.stderr(`${warning.file}${warning.line === undefined ? '' : `:${warning.line}`}: ${warning.message}\n`);
  }
  const report = values.report === undefined ? undefined : readTextFile(values.report);
  const segmented = report === undefined ? undefined : segmentReport(report, { file: values.report });
  for (const warning of segmented?.warnings ?? []) io.stderr(`${warning.file}${warning.line === undefined ? '' : `:${warning.line}`}: ${warning.message}\n`);

  let run;
  try {
    run = runGate({
      report: report ?? '',
      claims: segmented?.claims,
      evidenceItems: parsed.items,
      claimType,
      frontMatterClaimType: segmented?.frontMatter.claim_type,
      surface,
      preset,
      overrides: { cap: parseNumberOption(values.cap, 'cap'), refill: parseNumberOption(values.refill, 'refill') },
      goals: values.goal,
      attempts: values.attempt?.map(parseAttempt),
      noveltyExempt: values['novelty-exempt'],
    });
  } catch (error) {
    throw asCliError(error, values.report);
  }

  if (format === 'json') io.stdout(JSON.stringify({ ...run.result, steps: run.steps.map(stepJson) }) + '\n');
  else io.stdout(renderGate(run.result, run.steps, segmented?.claims ?? []));
  return run.result.verdict === 'ACCEPT' ? EXIT_PROCEED : EXIT_NOT_PROCEED;
}

function stepJson(step: ReplayStep) {
  const c = step.classification;
  return {
    index: step.index,
    ref: step.ref ?? null,
    kind: step.kind,
    ...(step.newTurn ? { new_turn: true } : {}),
    ...(step.tool !== undefined ? { tool: step.tool, mutating: step.mutating } : {}),
    ...(c ? { outcome: c.outcome, grounds_assertion: c.groundsAssertion, grounds_completion: c.groundsCompletion, hits: c.hits, signals_added: c.signalsAdded } : {}),
    ...(step.reasoning ? { refused: step.reasoning.refused } : {}),
    ...(step.boundary ? step.boundary : {}),
    budget: step.budget,
    halted: step.halted,
  };
}

const OUTCOME_TEXT = {
  duplicate: 'not novel — seen before, grounds nothing',
  not_relevant: 'not relevant — names nothing the answer is about',
  after_unreadable: 'after an unreadable event — may repeat it, grounds nothing',
  mutation: 'mutation — grounds nothing; a completion now needs a read-back',
  observed: 'observed — grounds an assertion',
  verified: 'verified — read after the last mutation: grounds assertion and completion',
} as const;

function describeStep(step: ReplayStep): string {
  if (step.classification) {
    const c = step.classification;
    const what = `${step.tool}${step.mutating ? ' (mutating)' : ''}`;
    const signals = c.signalsAdded.length > 0 ? `; signals ${c.signalsAdded.join(', ')}` : '';
    const hits = c.hits.length > 0 && c.outcome !== 'not_relevant' ? ` [${c.hits.join(', ')}]` : '';
    // Every mutating call moves the mutation step, relevant or not: say so whatever its outcome.
    const outcome = step.mutating && c.outcome !== 'mutation' ? `${OUTCOME_TEXT.mutation} (${c.outcome === 'duplicate' ? 'seen before' : 'names nothing the answer is about'})` : OUTCOME_TEXT[c.outcome];
    return `${what}: ${outcome}${hits}${signals}`;
  }
  if (step.reasoning) {
    return step.reasoning.refused ? `reasoning refused (halted) — legal next: ${step.reasoning.legal_next.join(', ')}` : 'reasoning (costs 1)';
  }
  const b = step.boundary!;
  const detail = b.verdict === 'REJECT' ? ` — ${b.reasons.join('; ')}; legal next: ${b.legal_next.join(', ')}` : '';
  return `submit ${b.claim_type} → ${b.verdict}${detail}`;
}

function renderGate(result: GateResult, steps: readonly ReplayStep[], claims: readonly ReportClaim[]): string {
  const preset = GATE_PRESETS[result.preset];
  const refWidth = Math.min(24, steps.reduce((width, step) => Math.max(width, (step.ref ?? '').length), 4));
  const lines = [
    `preset ${result.preset} (cap ${result.budget.cap}, refill ${result.budget.refill}${preset.strictG ? ', strict G' : ''})`,
    `claim type ${result.claim_type} (${result.claim_type_why})`,
    `surface ${result.surface.length > 0 ? result.surface.join(', ') : '(empty: nothing can be relevant)'}`,
    ...(result.goals.length > 0 ? [`goals ${result.goals.join(', ')}`] : []),
    '',
    'replay:',
    ...steps.map(
      (step) =>
        `${step.newTurn ? '  — new turn —\n' : ''}  ${String(step.index).padStart(4)}  ${(step.ref ?? '').padEnd(refWidth)}  budget ${step.budget}${step.halted ? ' halted' : '       '}  ${describeStep(step)}`,
    ),
    '',
    `answer (${result.claim_type}): ${result.verdict}`,
  ];
  if (result.verdict === 'REJECT') {
    lines.push(...result.reasons.map((reason) => `  reason: ${reason}`), `  legal next: ${result.legal_next.join(', ')}`);
  }
  for (const detail of result.per_claim) {
    const grounding = detail.observation_ref ? ` (${detail.observation_ref})` : '';
    lines.push(`  ${detail.claim_id} ${detail.tier}${grounding}: ${claims[detail.claim_index]?.text ?? ''}`);
  }
  lines.push(`budget ${result.budget.remaining} / ${result.budget.cap}`);
  // Tool names, ids and claims come from the files: no control sequence reaches the terminal.
  return lines.join('\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '\ufffd') + '\n';
}
