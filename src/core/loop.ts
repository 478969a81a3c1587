// Algorithm 1 of GSAR (gsar.md §6): judge, then regenerate or replan until the decision is
// proceed or a budget runs out. Bounded by construction: replans by k_max, all repair rounds
// by the rounds cap. Exhaustion returns the last report flagged `degraded`, never an endless loop.
import { decide, validateThresholds } from './decision';
import {
  DEFAULT_K_MAX,
  DEFAULT_THRESHOLDS,
  GroundingInputError,
  JudgeOutputSchema,
  formatZodError,
  partitionOf,
  safeDefaultJudgeOutput,
  type JudgeOutput,
  type Partition,
  type RoundDecision,
  type Thresholds,
} from './model';
import { gsarScore, type ScoreOptions } from './score';

export type LoopJudge<S, E> = (synthesis: S, evidence: E, signal?: AbortSignal) => Promise<JudgeOutput>;
export type Regenerate<S> = (synthesis: S, judgeOutput: JudgeOutput, signal?: AbortSignal) => Promise<S>;
export type Replan<S, E> = (
  synthesis: S,
  evidence: E,
  judgeOutput: JudgeOutput,
  signal?: AbortSignal,
) => Promise<{ synthesis: S; evidence: E }>;

export interface LoopOptions<S, E> extends ScoreOptions {
  synthesis: S;
  evidence: E;
  judge: LoopJudge<S, E>;
  regenerate: Regenerate<S>;
  replan: Replan<S, E>;
  thresholds?: Thresholds;
  /** k_max: how many replans the loop may spend (default 2). */
  kMax?: number;
  /** How many repair rounds (regenerations + replans) may follow the first judgement; default k_max + 8. */
  roundsCap?: number;
  signal?: AbortSignal;
}

export interface LoopRound<S, E> {
  iteration: number;
  score: number;
  decision: RoundDecision;
  judgeOutput: JudgeOutput;
  synthesis: S;
  evidence: E;
}

export type LoopStopReason = 'proceed' | 'replan budget exhausted' | 'rounds cap reached' | `repair failed: ${string}`;

export interface LoopResult<S, E> {
  finalReport: S;
  finalEvidence: E;
  finalScore: number;
  finalDecision: RoundDecision;
  finalPartition: Partition;
  finalJudgeOutput: JudgeOutput;
  replansUsed: number;
  regenerationsUsed: number;
  /** True when the loop stopped without reaching proceed. */
  degraded: boolean;
  stopReason: LoopStopReason;
  trajectory: LoopRound<S, E>[];
}

function validateCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new GroundingInputError(`must be a whole number ≥ 0, got ${String(value)}`, name);
  }
  return value;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** Calls the judge; a throw or an output outside the contract becomes the safe default (abstain). */
async function judgeSafely<S, E>(options: LoopOptions<S, E>, synthesis: S, evidence: E): Promise<JudgeOutput> {
  const { signal } = options;
  let raw: unknown;
  try {
    raw = await options.judge(synthesis, evidence, signal);
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    return safeDefaultJudgeOutput(`judge model call failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = JudgeOutputSchema.safeParse(raw);
  return parsed.success ? parsed.data : safeDefaultJudgeOutput(`judge output parse failed: ${formatZodError(parsed.error)}`);
}

/** Runs Algorithm 1. Cancellable: an aborted signal rejects with the signal's reason. */
export async function runGsarLoop<S, E>(options: LoopOptions<S, E>): Promise<LoopResult<S, E>> {
  const thresholds = validateThresholds(options.thresholds ?? DEFAULT_THRESHOLDS);
  const kMax = validateCount(options.kMax ?? DEFAULT_K_MAX, 'kMax');
  const roundsCap = validateCount(options.roundsCap ?? kMax + 8, 'roundsCap');
  const { signal } = options;
  // Fail on bad weights or ρ before the first (possibly costly) judge call.
  gsarScore({ grounded: [], ungrounded: [], contradicted: [], complementary: [] }, options);

  let synthesis = options.synthesis;
  let evidence = options.evidence;
  let replansUsed = 0;
  let regenerationsUsed = 0;
  const trajectory: LoopRound<S, E>[] = [];

  const judgeRound = async (): Promise<LoopRound<S, E>> => {
    if (signal?.aborted) throw abortError(signal);
    const judgeOutput = await judgeSafely(options, synthesis, evidence);
    if (signal?.aborted) throw abortError(signal);
    const score = gsarScore(partitionOf(judgeOutput), options);
    const decision: RoundDecision = judgeOutput.decision_status === 'abstain' ? 'abstain' : decide(score, thresholds);
    const round = { iteration: trajectory.length, score, decision, judgeOutput, synthesis, evidence };
    trajectory.push(round);
    return round;
  };

  let round = await judgeRound();
  let stopReason: LoopStopReason = 'proceed';
  while (round.decision !== 'proceed') {
    try {
      if (round.decision === 'replan' || round.decision === 'abstain') {
        // Checked before calling replan: an exhausted budget never pays for another gather.
        if (replansUsed >= kMax) {
          stopReason = 'replan budget exhausted';
          break;
        }
        ({ synthesis, evidence } = await options.replan(synthesis, evidence, round.judgeOutput, signal));
        replansUsed += 1;
      } else {
        synthesis = await options.regenerate(synthesis, round.judgeOutput, signal);
        regenerationsUsed += 1;
      }
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      stopReason = `repair failed: ${error instanceof Error ? error.message : String(error)}`;
      break;
    }
    round = await judgeRound();
    if (trajectory.length - 1 >= roundsCap && round.decision !== 'proceed') {
      stopReason = 'rounds cap reached';
      break;
    }
  }

  return {
    finalReport: round.synthesis,
    finalEvidence: round.evidence,
    finalScore: round.score,
    finalDecision: round.decision,
    finalPartition: partitionOf(round.judgeOutput),
    finalJudgeOutput: round.judgeOutput,
    replansUsed,
    regenerationsUsed,
    degraded: round.decision !== 'proceed',
    stopReason,
    trajectory,
  };
}
