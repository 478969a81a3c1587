// The hand-labelled corpus (test/fixtures/corpus/) through the real review() with the offline
// judge. Each labelled claim is matched to the judged claim whose span overlaps it most; figures
// are printed per split. Dev misses are listed (the judge is improved on those only); test misses
// are counted, and listed only with EVAL_LIST_TEST=1, for a reviewer after the fact.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARTITION_KEYS } from '../src/core/model';
import type { JudgedClaim } from '../src/core/review-types';
import { bootstrapByGroup, fixed, markdownTable, multiClassMetrics } from './eval-lib/metrics';
import { judgeCase } from './eval-lib/pipeline';
import { evalJudgeSpec, ledgerLine, startLedger } from './eval-lib/judge-choice';
import type { OfflineJudgeOptions } from '../src/core/judge/offline';
import { DEFAULT_GROUNDED_CUT } from '../src/core/judge/grounded-cut';

const CORPUS_DIR = join(__dirname, '..', '..', 'test', 'fixtures', 'corpus');

interface LabelledClaim {
  text: string;
  partition: string;
  type: string;
  evidence?: string[];
  why?: string;
}

interface CaseLabels {
  kind: string;
  split: 'dev' | 'test';
  question?: string;
  evidence: string[];
  claims: LabelledClaim[];
}

export interface ClaimOutcome {
  caseName: string;
  split: 'dev' | 'test' | 'blind';
  label: LabelledClaim;
  /** The judged claim overlapping the label most, if any. */
  judged?: JudgedClaim;
}

export function loadCases(): Array<{ name: string; dir: string; labels: CaseLabels }> {
  if (!existsSync(CORPUS_DIR)) return [];
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(CORPUS_DIR, entry.name, 'labels.json')))
    .map((entry) => ({
      name: entry.name,
      dir: join(CORPUS_DIR, entry.name),
      labels: JSON.parse(readFileSync(join(CORPUS_DIR, entry.name, 'labels.json'), 'utf8')) as CaseLabels,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The split a case is scored in: a held-out blind batch is its own set (first-sight figures),
 * whatever split its writers put in its labels; the rest by their labels.
 */
export function evalSplit(name: string, labels: CaseLabels): 'dev' | 'test' | 'blind' {
  if (heldOutCases().has(name)) return 'blind';
  // A blind batch released to training is dev, whatever split its writers set (its files stay as written).
  return releasedCases().has(name) ? 'dev' : labels.split;
}

/** The judged claim sharing the most characters with [start, end); ties go to the earlier claim. */
export function bestOverlap(claims: readonly JudgedClaim[], start: number, end: number): JudgedClaim | undefined {
  let best: JudgedClaim | undefined;
  let bestOverlap = 0;
  for (const claim of claims) {
    const overlap = Math.min(end, claim.end) - Math.max(start, claim.start);
    if (overlap > bestOverlap) {
      best = claim;
      bestOverlap = overlap;
    }
  }
  return best;
}

/** Judges every case (or those whose folder name `include` accepts) and matches labels to judged claims. */
export async function evaluateCorpus(options: OfflineJudgeOptions = {}, include: (name: string) => boolean = () => true): Promise<ClaimOutcome[]> {
  const outcomes: ClaimOutcome[] = [];
  for (const { name, dir, labels } of loadCases().filter((c) => include(c.name))) {
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    const evidence = labels.evidence.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    const claims = await judgeCase({ report, reportFile: 'report.md', evidence, question: labels.question }, options);
    for (const label of labels.claims) {
      const start = report.indexOf(label.text);
      const judged = start < 0 ? undefined : bestOverlap(claims, start, start + label.text.length);
      outcomes.push({ caseName: name, split: evalSplit(name, labels), label, judged });
    }
  }
  return outcomes;
}

function section(split: 'dev' | 'test' | 'blind', outcomes: ClaimOutcome[]): string[] {
  const pairs = outcomes.map((o) => ({ actual: o.label.partition, predicted: o.judged?.partition ?? 'unmatched' }));
  const metrics = multiClassMetrics(PARTITION_KEYS, pairs);
  const groundedBoth = outcomes.filter((o) => o.label.partition === 'grounded' && o.judged?.partition === 'grounded');
  const typeCorrect = groundedBoth.filter((o) => o.judged?.type === o.label.type).length;
  const cases = new Set(outcomes.map((o) => o.caseName)).size;
  const misses = outcomes.filter((o) => o.judged?.partition !== o.label.partition);
  // How much the figures could move with other cases of the same kind: resample whole cases.
  const byCase = [...new Set(outcomes.map((o) => o.caseName))].map((name) => pairs.filter((_, i) => outcomes[i]!.caseName === name));
  const accuracyCi = bootstrapByGroup(byCase, (sample) => multiClassMetrics(PARTITION_KEYS, sample).accuracy);
  const macroCi = bootstrapByGroup(byCase, (sample) => multiClassMetrics(PARTITION_KEYS, sample).macroF1);
  const lines = [
    `### ${split === 'blind' ? 'held-out blind batches' : `${split} split`}: ${cases} cases, ${metrics.n} labelled claims (offline judge)`,
    '',
    `Claim accuracy **${fixed(metrics.accuracy)}** (95% interval ${fixed(accuracyCi.low)}–${fixed(accuracyCi.high)}, bootstrap over cases), ` +
      `macro-F1 **${fixed(metrics.macroF1)}** (${fixed(macroCi.low)}–${fixed(macroCi.high)}); ` +
      `evidence-type accuracy on claims labelled and judged grounded: ${fixed(groundedBoth.length ? typeCorrect / groundedBoth.length : 0)} (${typeCorrect}/${groundedBoth.length}).`,
    '',
    markdownTable(
      ['partition', 'labelled', 'judged', 'precision', 'recall', 'F1'],
      metrics.perClass.map((c) => [c.label, c.support, c.predicted, fixed(c.precision), fixed(c.recall), fixed(c.f1)]),
    ),
    '',
  ];
  const list = split === 'dev' || process.env.EVAL_LIST_TEST === '1';
  // Held-out misses are not listed either: reading them is the first step of tuning on them.
  lines.push(list ? `Misses (${misses.length}):` : `Misses: ${misses.length} (listed only with EVAL_LIST_TEST=1).`, '');
  if (list) {
    for (const o of misses) {
      const got = o.judged ? `${o.judged.partition}/${o.judged.type} — ${o.judged.reason}` : 'no overlapping claim';
      lines.push(`- ${o.caseName}: "${o.label.text}" — labelled ${o.label.partition}/${o.label.type}, judged ${got}`);
    }
    lines.push('');
  }
  return lines;
}

/** The second row lets every verdict stand (`--grounded-cut 0`): what the default cut withholds shows against it. */
const NO_CUT = 0;

/** Cases of blind batches held out of training: first-sight figures for as long as they stay held out. */
export function heldOutCases(): Set<string> {
  const file = join(CORPUS_DIR, 'blind-batches.json');
  if (!existsSync(file)) return new Set();
  const { batches } = JSON.parse(readFileSync(file, 'utf8')) as { batches: Array<{ cases: string[]; held_out: boolean }> };
  return new Set(batches.filter((b) => b.held_out).flatMap((b) => b.cases));
}

/** Cases of blind batches released to training after their first-sight figures were recorded. */
export function releasedCases(): Set<string> {
  const file = join(CORPUS_DIR, 'blind-batches.json');
  if (!existsSync(file)) return new Set();
  const { batches } = JSON.parse(readFileSync(file, 'utf8')) as { batches: Array<{ cases: string[]; held_out: boolean }> };
  return new Set(batches.filter((b) => !b.held_out).flatMap((b) => b.cases));
}

/** Accuracy, macro-F1, precision of grounded and recall of contradicted, each with a bootstrap interval over cases. */
export function headline(outcomes: ClaimOutcome[]): string[] {
  const pairs = outcomes.map((o) => ({ actual: o.label.partition, predicted: o.judged?.partition ?? 'unmatched' }));
  const byCase = [...new Set(outcomes.map((o) => o.caseName))].map((name) => pairs.filter((_, i) => outcomes[i]!.caseName === name));
  const metric = (pick: (m: ReturnType<typeof multiClassMetrics>) => number): string => {
    const value = pick(multiClassMetrics(PARTITION_KEYS, pairs));
    const ci = bootstrapByGroup(byCase, (sample) => pick(multiClassMetrics(PARTITION_KEYS, sample)));
    return `${fixed(value)} (${fixed(ci.low)}–${fixed(ci.high)})`;
  };
  const cls = (m: ReturnType<typeof multiClassMetrics>, key: string) => m.perClass.find((c) => c.label === key)!;
  return [
    String(outcomes.length),
    metric((m) => m.accuracy),
    metric((m) => m.macroF1),
    metric((m) => cls(m, 'grounded').precision),
    metric((m) => cls(m, 'contradicted').recall),
  ];
}

export async function run(): Promise<string> {
  const judge = evalJudgeSpec();
  startLedger();
  if (judge) {
    // An endpoint's run: the test split only (dev is for tuning the offline judge), printed with its cost.
    const test = new Set(loadCases().filter((c) => evalSplit(c.name, c.labels) === 'test').map((c) => c.name));
    const outcomes = await evaluateCorpus({}, (name) => test.has(name));
    return [`## Labelled corpus — ${judge.kind} judge`, '', ...section('test', outcomes), ledgerLine()].join('\n');
  }
  const heldOut = heldOutCases();
  const shipped = await evaluateCorpus();
  if (shipped.length === 0) return '## Labelled corpus — offline judge\n\nNo corpus cases found.';
  const rulesAlone = await evaluateCorpus({ decision: 'rules' });
  const uncut = await evaluateCorpus({ groundedCut: NO_CUT });
  const sets: Array<[string, (o: ClaimOutcome) => boolean]> = [
    ['blind batches held out of training (first sight)', (o) => heldOut.has(o.caseName)],
    ['test split', (o) => o.split === 'test' && !heldOut.has(o.caseName)],
    ['dev split (trained on)', (o) => o.split === 'dev' && !heldOut.has(o.caseName)],
  ];
  const rows: string[][] = [];
  for (const [name, keep] of sets) {
    rows.push([name, `offline (shipped: rules propose, the model decides, grounded withheld below ${DEFAULT_GROUNDED_CUT})`, ...headline(shipped.filter(keep))]);
    rows.push([name, 'offline, no grounded cut (every verdict stands)', ...headline(uncut.filter(keep))]);
    rows.push([name, 'rules alone (the judge before the decision model)', ...headline(rulesAlone.filter(keep))]);
  }
  return [
    '## Labelled corpus — offline judge',
    '',
    'Each labelled claim is matched to the judged claim overlapping its span most (review() with the offline judge). ' +
      'The shipped judge (the structural rules propose a verdict, the trained model keeps or overrides it and gives its calibrated confidence; a grounded verdict below the default cut is withheld), the same with every verdict standing, ' +
      'and the rules alone (every proposal kept) run in the same process on the same claims. 95% intervals: bootstrap over cases.',
    '',
    markdownTable(['set', 'judge', 'claims', 'accuracy', 'macro-F1', 'precision of grounded', 'recall of contradicted'], rows),
    '',
    ...section('blind', shipped.filter((o) => heldOut.has(o.caseName))),
    ...section('test', shipped.filter((o) => o.split === 'test' && !heldOut.has(o.caseName))),
    ...section('dev', shipped.filter((o) => o.split === 'dev' && !heldOut.has(o.caseName))),
    ...batches(shipped.filter((o) => o.split === 'dev')),
  ].join('\n');
}

/**
 * Dev accuracy per batch of cases (`*-01`…`*-06`, then pairs of numbers): later batches were
 * written blind and scored once before any rule was tuned on them (first-sight figures in
 * test/fixtures/corpus/README.md), so the gap between batches shows how far tuning carries.
 */
function batches(dev: ClaimOutcome[]): string[] {
  const batchOf = (name: string): string => {
    const n = Number(/-(\d+)-/.exec(name)?.[1] ?? 0);
    if (n <= 6) return '`*-01` … `*-06`';
    const first = n % 2 === 1 ? n : n - 1;
    return `\`*-${String(first).padStart(2, '0')}\` / \`*-${String(first + 1).padStart(2, '0')}\``;
  };
  const groups = new Map<string, ClaimOutcome[]>();
  for (const outcome of dev) groups.set(batchOf(outcome.caseName), [...(groups.get(batchOf(outcome.caseName)) ?? []), outcome]);
  const rows = [...groups].map(([batch, group]) => {
    const right = group.filter((o) => o.judged?.partition === o.label.partition).length;
    return [batch, new Set(group.map((o) => o.caseName)).size, group.length, fixed(right / group.length)];
  });
  return ['Dev claim accuracy by batch:', '', markdownTable(['batch', 'cases', 'claims', 'claim accuracy'], rows), ''];
}
