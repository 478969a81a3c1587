// The reviewer's own verdicts as calibration data (switch.md §4): every claim the reviewer marked
// becomes a labelled example for fitThresholds. The switch flags what is not supported by the
// evidence, so "ungrounded" and "contradicted" are the positive class (label 1) and "grounded"
// and "complementary" (adds nothing false) are label 0.
import type { PartitionKey } from '../model';
import type { LabelledExample } from './fit';

/** Label 1 (flag) for a claim the evidence does not support, 0 for one it supports or does not contradict. */
export const VERDICT_LABEL: Readonly<Record<PartitionKey, 0 | 1>> = {
  grounded: 0,
  complementary: 0,
  ungrounded: 1,
  contradicted: 1,
};

/** The mapping in words, for the UI. */
export const VERDICT_LABEL_DESCRIPTION = 'ungrounded or contradicted = should be flagged (label 1); grounded or complementary = should pass (label 0)';

/** The verdicts stored for one report, with what its claims were judged against. */
export interface ReportVerdicts {
  /** The report, as shown to the user (a workspace-relative path or URI). */
  report: string;
  question?: string;
  /** The text of each evidence file the report was judged against. */
  evidence: readonly string[];
  /** Reviewer verdicts by claim text. */
  verdicts: Readonly<Record<string, PartitionKey>>;
}

export interface SkippedVerdicts {
  report: string;
  claims: number;
  reason: string;
}

export interface VerdictExamples {
  examples: LabelledExample[];
  /** Examples per label: flagged = label 1, passing = label 0. */
  counts: { passing: number; flagged: number };
  /** Reports whose verdicts could not become examples, and why. */
  skipped: SkippedVerdicts[];
}

/** Turns stored verdicts into labelled examples: response = the claim, context = its report's evidence. */
export function examplesFromVerdicts(reports: readonly ReportVerdicts[]): VerdictExamples {
  const examples: LabelledExample[] = [];
  const skipped: SkippedVerdicts[] = [];
  for (const report of reports) {
    const entries = Object.entries(report.verdicts).filter(([claim]) => claim.trim() !== '');
    if (entries.length === 0) continue;
    const question = report.question?.trim();
    // SGI is a ratio of distances to the question: without one the switch never scores the report.
    if (!question) {
      skipped.push({ report: report.report, claims: entries.length, reason: 'the report has no question (front matter `question:`)' });
      continue;
    }
    const evidence = report.evidence.filter((text) => text.trim() !== '');
    if (evidence.length === 0) {
      skipped.push({ report: report.report, claims: entries.length, reason: 'no readable evidence for the report' });
      continue;
    }
    for (const [claim, partition] of entries) {
      examples.push({ question, response: claim, context: [...evidence], label: VERDICT_LABEL[partition] });
    }
  }
  const flagged = examples.filter((example) => example.label === 1).length;
  return { examples, counts: { passing: examples.length - flagged, flagged }, skipped };
}

/** Fewer examples per class than this and a cut is a coin toss on one point. */
export const MIN_EXAMPLES_PER_CLASS = 2;

/** Why the examples cannot be fitted yet, or undefined when they can. */
export function notEnoughVerdicts(counts: VerdictExamples['counts'], minPerClass = MIN_EXAMPLES_PER_CLASS): string | undefined {
  if (counts.passing >= minPerClass && counts.flagged >= minPerClass) return undefined;
  return (
    `needs at least ${minPerClass} claims of each class; you have marked ${counts.passing} grounded/complementary and ` +
    `${counts.flagged} ungrounded/contradicted. Mark more claims with "Mark as reviewed" and run Calibrate again.`
  );
}
