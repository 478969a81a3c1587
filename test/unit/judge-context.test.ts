// Each claim's passage for the LLM judge: its paragraph, list item, or table row under the header.
import assert from 'node:assert/strict';
import { claimPassages, passageOf } from '../../src/core/judge/openai/context';

const REPORT = [
  '# Incident', // 0
  '',
  'The breaker on api-gw opened at 14:05.', // paragraph, wrapped over two lines
  'It stayed open for about half an hour.',
  '',
  '- db-prod-1 hit 97% CPU.',
  '  It recovered at 14:20.',
  '- Memory stayed flat.',
  '',
  '| host | cpu |',
  '| --- | --- |',
  '| db-prod-2 | 41% |',
  '',
].join('\n');

const span = (text: string) => ({ start: REPORT.indexOf(text), end: REPORT.indexOf(text) + text.length });

describe('claim passages for the LLM judge', () => {
  it('a wrapped paragraph is one passage, joined with spaces', () => {
    assert.equal(passageOf(REPORT, span('It stayed open')), 'The breaker on api-gw opened at 14:05. It stayed open for about half an hour.');
  });

  it('a list item runs from its marker to the next item, continuation lines included', () => {
    assert.equal(passageOf(REPORT, span('It recovered at 14:20.')), '- db-prod-1 hit 97% CPU. It recovered at 14:20.');
    assert.equal(passageOf(REPORT, span('Memory stayed flat.')), '- Memory stayed flat.');
  });

  it('a table row comes with the table header row', () => {
    assert.equal(passageOf(REPORT, span('41%')), '| host | cpu |\n| db-prod-2 | 41% |');
  });

  it('claims of one block share a passage id; a claim that is its whole passage gets none', () => {
    const claims = [
      { id: 'C1', text: 'The breaker on api-gw opened at 14:05.', line: 3, ...span('The breaker on api-gw opened at 14:05.') },
      { id: 'C2', text: 'It stayed open for about half an hour.', line: 4, ...span('It stayed open for about half an hour.') },
    ];
    const passages = claimPassages(REPORT, claims);
    assert.deepEqual(passages.passages.map((p) => p.id), ['P1']);
    assert.equal(passages.byClaim.get('C1'), 'P1');
    assert.equal(passages.byClaim.get('C2'), 'P1');
    const alone = claimPassages('Memory stayed flat.\n', [{ id: 'C1', text: 'Memory stayed flat.', start: 0, end: 19, line: 1 }]);
    assert.equal(alone.passages.length, 0);
  });

  it('a list item or quote line that is the claim itself, marker aside, is no passage', () => {
    const report = '- Memory stayed flat.\n\n1. Disk usage hit 81%.\n\n> The queue drained\n> by 14:30.\n\n- Load rose. It fell again.\n';
    const claim = (id: string, text: string) => ({ id, text, start: report.indexOf(text), end: report.indexOf(text) + text.length, line: 1 });
    const passages = claimPassages(report, [claim('C1', 'Memory stayed flat.'), claim('C2', 'Disk usage hit 81%.'), claim('C3', 'The queue drained\n> by 14:30.'), claim('C4', 'It fell again.')]);
    // Only the item of two sentences says more than its claim.
    assert.deepEqual(passages.passages, [{ id: 'P1', text: '- Load rose. It fell again.' }]);
    assert.deepEqual([...passages.byClaim], [['C4', 'P1']]);
  });
});
