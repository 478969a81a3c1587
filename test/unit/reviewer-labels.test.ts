// Reviewer verdicts as calibration examples: the partition → label mapping, what becomes the
// response / context / question, which reports are skipped and why, and the per-class minimum.
import assert from 'node:assert/strict';
import { examplesFromVerdicts, notEnoughVerdicts, VERDICT_LABEL } from '../../src/core/geometry/reviewer-labels';

describe('reviewer verdicts as labelled examples', () => {
  it('labels ungrounded and contradicted 1 (flag), grounded and complementary 0 (pass)', () => {
    assert.deepEqual(VERDICT_LABEL, { grounded: 0, complementary: 0, ungrounded: 1, contradicted: 1 });
  });

  it('makes one example per marked claim: the claim as response, its report evidence as context', () => {
    const { examples, counts, skipped } = examplesFromVerdicts([
      {
        report: 'a.md',
        question: '  Why did checkout fail?  ',
        evidence: ['cpu=97', '', 'deploy at 14:01'],
        verdicts: { 'CPU reached 97%.': 'grounded', 'The push caused it.': 'ungrounded', 'db-2 was at 97%.': 'contradicted', 'A neighbour may have contributed.': 'complementary' },
      },
    ]);
    assert.deepEqual(skipped, []);
    // The empty evidence file adds nothing and is dropped; the question is trimmed.
    const context = ['cpu=97', 'deploy at 14:01'];
    const question = 'Why did checkout fail?';
    assert.deepEqual(examples, [
      { question, response: 'CPU reached 97%.', context, label: 0 },
      { question, response: 'The push caused it.', context, label: 1 },
      { question, response: 'db-2 was at 97%.', context, label: 1 },
      { question, response: 'A neighbour may have contributed.', context, label: 0 },
    ]);
    assert.deepEqual(counts, { passing: 2, flagged: 2 });
  });

  it('keeps each report with its own evidence and question', () => {
    const { examples } = examplesFromVerdicts([
      { report: 'a.md', question: 'qa', evidence: ['ea'], verdicts: { x: 'grounded' } },
      { report: 'b.md', question: 'qb', evidence: ['eb'], verdicts: { x: 'ungrounded' } },
    ]);
    // The same claim text in two reports is two examples, judged against different evidence.
    assert.deepEqual(examples, [
      { question: 'qa', response: 'x', context: ['ea'], label: 0 },
      { question: 'qb', response: 'x', context: ['eb'], label: 1 },
    ]);
  });

  it('skips a report without a question or without evidence, saying how many claims and why', () => {
    const { examples, counts, skipped } = examplesFromVerdicts([
      { report: 'no-question.md', evidence: ['e'], verdicts: { a: 'grounded', b: 'ungrounded' } },
      { report: 'blank-question.md', question: '   ', evidence: ['e'], verdicts: { c: 'grounded' } },
      { report: 'no-evidence.md', question: 'q', evidence: ['  '], verdicts: { d: 'contradicted' } },
      { report: 'nothing-marked.md', question: 'q', evidence: ['e'], verdicts: {} },
    ]);
    assert.deepEqual(examples, []);
    assert.deepEqual(counts, { passing: 0, flagged: 0 });
    assert.deepEqual(
      skipped.map((s) => [s.report, s.claims]),
      [
        ['no-question.md', 2],
        ['blank-question.md', 1],
        ['no-evidence.md', 1],
      ],
    );
    assert.match(skipped[0].reason, /no question/);
    assert.match(skipped[2].reason, /no readable evidence/);
  });

  it('refuses to fit with fewer than two examples of either class, and shows the counts', () => {
    assert.equal(notEnoughVerdicts({ passing: 2, flagged: 2 }), undefined);
    assert.equal(notEnoughVerdicts({ passing: 5, flagged: 3 }), undefined);
    const oneFlagged = notEnoughVerdicts({ passing: 4, flagged: 1 });
    assert.match(oneFlagged!, /at least 2 claims of each class/);
    assert.match(oneFlagged!, /4 grounded\/complementary and 1 ungrounded\/contradicted/);
    // A single class can never be cut.
    assert.match(notEnoughVerdicts({ passing: 0, flagged: 6 })!, /0 grounded\/complementary and 6 ungrounded\/contradicted/);
    assert.equal(notEnoughVerdicts({ passing: 1, flagged: 1 }, 1), undefined);
  });
});
