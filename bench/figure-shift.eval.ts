// Chance grounding: how often the judge still grounds a claim after one of its figures is made
// wrong. Every claim labelled grounded that has a shiftable figure (eval-lib/figure-shift) gets
// the figure raised by 13% in place in its report; the report is reviewed as users run it, and
// the shifted claims are counted by what the judge says of them. The labels pick the claims only:
// no shifted claim is labelled, so the figure needs none. A lower "still grounded" is better; a
// claim about a bound ("above 200" → "above 226") may still be true, so zero is not the floor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalSplit, loadCases, bestOverlap } from './corpus.eval';
import { judgeCase } from './eval-lib/pipeline';
import { FIGURE_SHIFT, shiftFigure } from './eval-lib/figure-shift';
import { fixed, markdownTable } from './eval-lib/metrics';

export interface ShiftCounts {
  shifted: number;
  grounded: number;
  contradicted: number;
  ungrounded: number;
}

export async function figureShift(split: 'dev' | 'test'): Promise<ShiftCounts> {
  const counts: ShiftCounts = { shifted: 0, grounded: 0, contradicted: 0, ungrounded: 0 };
  for (const { dir, labels } of loadCases().filter((c) => evalSplit(c.name, c.labels) === split)) {
    let report = readFileSync(join(dir, 'report.md'), 'utf8');
    const shifted: string[] = [];
    for (const label of labels.claims) {
      const text = label.partition === 'grounded' ? shiftFigure(label.text) : undefined;
      if (text === undefined || report.indexOf(label.text) < 0) continue;
      report = report.replace(label.text, text);
      shifted.push(text);
    }
    if (shifted.length === 0) continue;
    const evidence = labels.evidence.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    const claims = await judgeCase({ report, reportFile: 'report.md', evidence, question: labels.question }, {});
    for (const text of shifted) {
      const start = report.indexOf(text);
      const partition = bestOverlap(claims, start, start + text.length)?.partition ?? 'ungrounded';
      counts.shifted += 1;
      if (partition === 'grounded') counts.grounded += 1;
      else if (partition === 'contradicted') counts.contradicted += 1;
      else counts.ungrounded += 1;
    }
  }
  return counts;
}

export async function run(): Promise<string> {
  const rows: string[][] = [];
  for (const split of ['dev', 'test'] as const) {
    const c = await figureShift(split);
    const share = (n: number): string => (c.shifted > 0 ? fixed(n / c.shifted) : '–');
    rows.push([split, String(c.shifted), `${c.grounded} (${share(c.grounded)})`, `${c.contradicted} (${share(c.contradicted)})`, `${c.ungrounded} (${share(c.ungrounded)})`]);
  }
  return [
    '## Chance grounding: a figure made wrong',
    '',
    `Each corpus claim labelled grounded with a figure of two significant digits or more has that figure multiplied by ${FIGURE_SHIFT} in its report (years, times, dates, versions and identifiers left alone); the report is reviewed with the offline judge. "Still grounded" is how often the judge finds the wrong figure supported: lower is better (a bound such as "above 200" may stay true when shifted).`,
    '',
    markdownTable(['split', 'claims shifted', 'still grounded', 'contradicted', 'ungrounded'], rows),
    '',
  ].join('\n');
}
