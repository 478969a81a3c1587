// check(): the human-readable verdict of a geometric score (switch.md §3).
import type { DgiResult } from './dgi';
import type { SgiResult } from './sgi';
import { REFERENCE_THRESHOLDS, type GeometryThresholds } from './thresholds';

export type CheckLevel = 'ok' | 'review' | 'risk';

export interface Check {
  level: CheckLevel;
  label: string;
  /** True when a person (or a later stage) should look: review and risk. */
  escalate: boolean;
  method: 'sgi' | 'dgi';
  metric: string;
  value: number;
  /** One sentence on what the verdict means. */
  message: string;
  /** `CHECK: <label> (<metric name> - <ABBR>=x.xx)` */
  line(): string;
  /** The line followed by the message. */
  render(): string;
}

export const METRIC_NAMES = { sgi: 'Semantic Grounding Index', dgi: 'Directional Grounding Index' } as const;

const VERDICTS = {
  sgi: {
    ok: { label: 'Supported by the document', message: 'The answer moved from the question toward the document: it draws on the source.' },
    review: {
      label: 'Partly supported',
      message: 'The answer engages the document only partly; geometry cannot settle it, so check it another way.',
    },
    risk: {
      label: 'Not supported by the document',
      message: 'The answer stays nearer the question than the document: it does not appear to come from the source.',
    },
  },
  dgi: {
    ok: { label: 'Looks grounded', message: 'The step from question to answer points the way grounded answers usually go.' },
    risk: { label: 'Not grounded', message: 'The step from question to answer does not point the way grounded answers usually go.' },
  },
} as const;

/** The level of a score under the given thresholds: SGI has three zones, DGI two. */
export function levelOf(score: Pick<SgiResult | DgiResult, 'method' | 'value'>, thresholds: GeometryThresholds): CheckLevel {
  if (score.method === 'sgi') {
    if (score.value >= thresholds.sgi_strong_pass) return 'ok';
    return score.value >= thresholds.sgi_review ? 'review' : 'risk';
  }
  return score.value >= thresholds.dgi_pass ? 'ok' : 'risk';
}

export function check(score: Pick<SgiResult | DgiResult, 'method' | 'value'>, thresholds: GeometryThresholds = REFERENCE_THRESHOLDS): Check {
  const level = levelOf(score, thresholds);
  const verdict = score.method === 'sgi' ? VERDICTS.sgi[level] : VERDICTS.dgi[level === 'ok' ? 'ok' : 'risk'];
  const metric = METRIC_NAMES[score.method];
  const line = `CHECK: ${verdict.label} (${metric} - ${score.method.toUpperCase()}=${score.value.toFixed(2)})`;
  return {
    level,
    label: verdict.label,
    escalate: level !== 'ok',
    method: score.method,
    metric,
    value: score.value,
    message: verdict.message,
    line: () => line,
    render: () => `${line}\n${verdict.message}`,
  };
}
