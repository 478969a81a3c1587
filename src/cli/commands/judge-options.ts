// The LLM-side options of `review` (--samples, --max-retry-wait, --deadline, --confidence-cut,
// --dry-run) and their usage text: what an offline review parses and prints too, apart from the
// judges they configure (./judges.ts), which it does not load.
import { DEFAULT_CONFIDENCE_CUT } from '../../core/judge/hybrid';

export interface JudgeCliValues {
  samples?: string;
  'max-retry-wait'?: string;
  deadline?: string;
  'confidence-cut'?: string;
}

export const JUDGE_CLI_OPTIONS = {
  samples: { type: 'string' },
  'max-retry-wait': { type: 'string' },
  deadline: { type: 'string' },
  'confidence-cut': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export const judgeUsage = `Hybrid judge, stability and cost (--judge llm|openai|hybrid):
  --judge hybrid       the offline judge first; claims it decides with confidence ≥ the cut keep
                       its verdict, the rest go to the LLM (each claim says which judge decided)
  --confidence-cut C   the cut in [0, 1] (default ${DEFAULT_CONFIDENCE_CUT})
  --samples K          judge each LLM-judged claim K times; reports agreement, unstable claims and
                       the range of S over the samples (cached per sample)
  --dry-run            print the requests, prompt tokens and claims llm and hybrid would send;
                       sends nothing, connects nowhere
  --max-retry-wait S   the longest Retry-After obeyed (default 30)
  --deadline S         no judge request starts or waits past S seconds (default 900)`;
