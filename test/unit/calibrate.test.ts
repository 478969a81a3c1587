// fitThresholds (switch.md §4): Youden's J with ties to the lowest cut, the high-precision
// strong pass, held-out figures, and the labelled JSON Lines reader — on hand-worked scores.
import assert from 'node:assert/strict';
import { GroundingInputError } from '../../src/core/model';
import { auroc, evaluateThresholds, figuresAt, fitFromScores, highPrecisionCut, parseLabelledJsonl, youdenCut } from '../../src/core/geometry/fit';

// Grounded (label 0) 0.9, 0.8, 0.4; ungrounded (label 1) 0.5, 0.3, 0.1.
const scores = [0.9, 0.8, 0.4, 0.5, 0.3, 0.1];
const labels: (0 | 1)[] = [0, 0, 0, 1, 1, 1];

describe('AUROC', () => {
  it('counts grounded-above-ungrounded pairs, ties as half', () => {
    assert.equal(auroc([3, 4, 1, 2], [0, 0, 1, 1]), 1);
    assert.equal(auroc([1, 2, 3, 4], [0, 0, 1, 1]), 0);
    assert.equal(auroc([1, 1], [0, 1]), 0.5);
    // 0.9 beats 0.5 and 0.1; 0.4 beats 0.1 only: 3 of 4 pairs.
    assert.equal(auroc([0.9, 0.4, 0.5, 0.1], [0, 0, 1, 1]), 0.75);
    // The example set: 8 of 9 pairs (0.4 loses to 0.5).
    assert.equal(auroc(scores, labels), 8 / 9);
  });
});

describe("Youden's J", () => {
  it('sweeps every observed value plus max + 1 and keeps the lowest of tied best cuts', () => {
    // J(0.4) = 1 + 2/3 and J(0.8) = 2/3 + 1 tie at the top; the lowest, 0.4, wins.
    const { cut, j } = youdenCut(scores, labels);
    assert.equal(cut, 0.4);
    assert.equal(j, 1 + 2 / 3);
  });

  it('all grounded below all ungrounded: the lowest cut (J = 1) beats max + 1 (J = 1) by the tie rule', () => {
    assert.equal(youdenCut([0.1, 0.9], [0, 1]).cut, 0.1);
  });

  it('needs both classes', () => {
    assert.throws(() => youdenCut([0.1, 0.2], [0, 0]), GroundingInputError);
  });
});

describe('the strong-pass cut', () => {
  it('is the lowest cut with at least the target precision on grounded', () => {
    // Precision at 0.1, 0.3, 0.4, 0.5, 0.8: 3/6, 3/5, 3/4, 2/3, 2/2.
    assert.deepEqual(highPrecisionCut(scores, labels, 0.95), { cut: 0.8, precision: 1, reached: true });
    assert.deepEqual(highPrecisionCut(scores, labels, 0.75), { cut: 0.4, precision: 0.75, reached: true });
  });

  it('when no cut reaches the target it is max + 1, which accepts nothing', () => {
    assert.deepEqual(highPrecisionCut([0.1, 0.9], [0, 1], 0.95), { cut: 1.9, precision: null, reached: false });
  });
});

describe('fitFromScores', () => {
  it('fits review by Youden, strong pass by precision, DGI by Youden', () => {
    const fit = fitFromScores(scores.map((s, i) => ({ label: labels[i], sgi: s, dgi: s - 1 })));
    assert.equal(fit.sgi_review, 0.4);
    assert.equal(fit.sgi_strong_pass, 0.8);
    assert.equal(fit.strong_pass_precision, 1);
    assert.equal(fit.dgi_pass, 0.4 - 1);
    assert.equal(fit.n, 6);
    assert.equal(fit.metric, 'youden_j');
    assert.equal(fit.in_sample, true);
  });

  it('raises a strong pass below the review cut to the review cut', () => {
    // Target 0.5 is met already at 0.1 (3/6), below the Youden cut 0.4.
    const fit = fitFromScores(
      scores.map((s, i) => ({ label: labels[i], sgi: s })),
      0.5,
    );
    assert.equal(fit.sgi_strong_pass, 0.4);
    assert.ok(fit.sgi_review! <= fit.sgi_strong_pass!);
    assert.ok(fit.notes.some((n) => n.includes('raised')));
  });

  it('examples without context are fitted for DGI only', () => {
    const fit = fitFromScores([
      { label: 0, dgi: 0.7 },
      { label: 1, dgi: 0.2 },
    ]);
    assert.equal(fit.sgi_review, null);
    assert.equal(fit.dgi_pass, 0.7);
    assert.equal(fit.n_sgi, 0);
  });
});

describe('held-out figures', () => {
  it('confusion counts treat "ungrounded" as positive and flag scores below the cut', () => {
    const figures = figuresAt(scores, labels, 0.4);
    // Flagged: 0.3 and 0.1 (ungrounded, tp); 0.5 is missed (fn); no grounded is flagged.
    assert.deepEqual(figures.confusion, { tp: 2, fp: 0, tn: 3, fn: 1 });
    assert.equal(figures.balanced_accuracy, (2 / 3 + 1) / 2);
    assert.equal(figures.auroc, 8 / 9);
  });

  it('evaluateThresholds reports SGI at review and strong pass, DGI at its cut', () => {
    const out = evaluateThresholds(
      scores.map((s, i) => ({ label: labels[i], sgi: s, dgi: s })),
      { sgi_review: 0.4, sgi_strong_pass: 0.85, dgi_pass: 0.5 },
    );
    assert.equal(out.sgi?.accepted, 1);
    assert.equal(out.sgi?.accepted_precision, 1);
    // DGI at 0.5: flagged 0.4 (grounded, fp), 0.3, 0.1 (tp); 0.5 not flagged (fn).
    assert.deepEqual(out.dgi?.confusion, { tp: 2, fp: 1, tn: 2, fn: 1 });
  });
});

describe('labelled JSON Lines', () => {
  it('keeps good lines and reports bad ones with their line numbers', () => {
    const text = [
      '{"question":"q1","response":"r1","context":"c1","label":0}',
      '',
      '{"question":"q2","response":"r2","label":1}',
      '{not json',
      '{"question":"q3","response":"r3","label":2}',
      '{"question":"","response":"r4","label":0}',
      '{"question":"q5","response":"r5","context":["a","b"],"label":1}',
    ].join('\n');
    const { examples, warnings } = parseLabelledJsonl(text, 'set.jsonl');
    assert.deepEqual(
      examples.map((e) => e.question),
      ['q1', 'q2', 'q5'],
    );
    assert.deepEqual(
      warnings.map((w) => w.line),
      [4, 5, 6],
    );
    assert.ok(warnings.every((w) => w.file === 'set.jsonl'));
    assert.match(warnings[0].message, /invalid JSON/);
    assert.match(warnings[1].message, /label: must be 0/);
    assert.match(warnings[2].message, /question: must not be empty/);
  });
});
