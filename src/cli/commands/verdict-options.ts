// Which judge --judge names, and the grounded cut on the offline judge's verdicts (--grounded-cut,
// the MCP tools' grounded_cut): what every entry path asks of the judge it builds. Kept apart from
// judges.ts, which carries the LLM judges: the MCP server with the default offline judge needs
// only this and the offline judge, not the OpenAI client and its schemas.
import { STRICT_GROUNDED_CUT, strictGroundedCut } from '../../core/judge/grounded-cut';
import { createOfflineJudge } from '../../core/judge/offline';
import type { ClaimJudge } from '../../core/review-types';
import { CliError, parseNumberOption } from '../args';

export const groundedCutUsage = `  --grounded-cut P     a grounded verdict of the offline judge with confidence below P (a number
                       in [0, 1]; offline default 0.5, more likely than not; 0 keeps every
                       verdict; hybrid default 0) is withheld: the claim is ungrounded, "could not
                       verify offline", and hybrid sends it to the LLM instead. P = strict: the
                       shipped model's cut that reached 0.9 precision of grounded on held-out
                       folds. Offline and hybrid judges only (llm has no offline verdicts)`;

/** What every entry path (review, --batch workers, hook, MCP) asks of the judge it builds, beyond the judge's own flags. */
export interface VerdictOptions {
  /** Grounded offline verdicts below this confidence are withheld (offline judge) or sent to the LLM (hybrid). */
  groundedCut?: number;
}

/** The judges whose verdicts come, at least in part, from the offline judge: only they can honour a grounded cut. */
const JUDGES_WITH_OFFLINE_VERDICTS: readonly string[] = ['offline', 'hybrid'];

/** The judge factory `--judge` names (default offline); an unknown name is an error listing the known ones. */
export function pickJudge<Factory>(judges: Record<string, Factory>, name: string | undefined): { judgeName: string; makeJudge: Factory } {
  const judgeName = name ?? 'offline';
  if (!Object.hasOwn(judges, judgeName)) throw new CliError(`--judge: expected one of ${Object.keys(judges).join(', ')}, got ${JSON.stringify(judgeName)}`);
  return { judgeName, makeJudge: judges[judgeName]! };
}

/** `--grounded-cut P|strict` as a number, parsed as strictly as every number flag. */
export function groundedCutOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === STRICT_GROUNDED_CUT) return strictGroundedCut();
  const expected = `--grounded-cut: expected a number in [0, 1] or ${STRICT_GROUNDED_CUT}, got ${JSON.stringify(value)}`;
  let cut: number | undefined;
  try {
    cut = parseNumberOption(value, 'grounded-cut');
  } catch {
    throw new CliError(expected);
  }
  if (!(cut! >= 0 && cut! <= 1)) throw new CliError(expected);
  return cut;
}

/**
 * The verdict options for the judge named `judgeName`. A grounded cut that judge cannot honour
 * (the LLM judge gives no offline verdicts to cut) is an error naming `option`, never ignored.
 */
export function verdictOptionsFor(judgeName: string, groundedCut: number | undefined, option = '--grounded-cut'): VerdictOptions {
  if (groundedCut === undefined) return {};
  if (!JUDGES_WITH_OFFLINE_VERDICTS.includes(judgeName)) {
    throw new CliError(`${option}: the ${judgeName} judge gives no offline verdicts for a grounded cut to withhold; it applies with the offline and hybrid judges`);
  }
  return { groundedCut };
}

/** The offline judge with the grounded cut asked for. */
export function createCliOfflineJudge(verdicts: VerdictOptions = {}): ClaimJudge {
  return createOfflineJudge(verdicts.groundedCut === undefined ? {} : { groundedCut: verdicts.groundedCut });
}
