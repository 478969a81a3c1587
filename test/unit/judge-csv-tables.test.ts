// A CSV file is one table under its header, though rows with an empty cell (no notes) lack that
// column: a sum over the named telescope's rows takes every night, not only those with notes. A column may be named
// without the word its family of counts shares (pcns of pcns_cancelled).
// Evidence is parsed by the real reader; the rules' proposal is checked. Expected verdicts are
// worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: a CSV with empty cells is one table', () => {
  // dark_h for KRT-35: 9.9 + 9.8 + 9.7 + 9.6 = 39.0; the rows with notes alone give 9.9 + 9.7 = 19.6.
  const nights: Source = {
    file: 'nightly_log.csv',
    text: [
      'night,telescope,dark_h,science_h,exposures,notes',
      '2024-10-01,KRT-35,9.9,7.6,38,guider restart',
      '2024-10-01,KRT-12,9.9,8.3,61,',
      '2024-10-02,KRT-35,9.8,8.4,41,',
      '2024-10-02,KRT-12,9.8,8.1,58,',
      '2024-10-03,KRT-35,9.7,6.1,30,cloud',
      '2024-10-03,KRT-12,9.7,7.9,55,',
      '2024-10-04,KRT-35,9.6,8.0,40,',
      '2024-10-04,KRT-12,9.6,8.2,57,',
    ].join('\n'),
  };

  it('a total over the named telescope\'s nights counts the rows without notes too', async () => {
    const right = await proposed('Over the four nights KRT-35 had 39.0 dark hours.', [nights]);
    assert.doesNotMatch(right.reason, /not in evidence: 39\.0/);
    // 19.6 is the sum of the noted rows only: no total of the telescope's nights.
    const partial = await proposed('Over the four nights KRT-35 had 19.6 dark hours.', [nights]);
    assert.notEqual(partial.partition, 'grounded', partial.reason);
  });
});

describe('offline judge: a column named but for the word its family of counts shares', () => {
  // pcns_issued, pcns_cancelled and pcns_paid all count PCNs: "cancellations" names pcns_cancelled.
  // In July Centre cancelled 97, more than Abbey's 31.
  const pcns = {
    file: 'pcn.csv',
    text: ['month,zone,patrol_hours,pcns_issued,pcns_cancelled,pcns_paid', '2026-07,North,310,412,38,301', '2026-07,Abbey,280,355,31,262', '2026-07,Centre,620,1104,97,845'].join('\n'),
  };

  it('ranks by the column the claim names without the shared word', async () => {
    const wrong = await judge('In July, Abbey had the most cancellations of any zone.', [pcns]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /by pcns_cancelled; Centre 97/);
    assert.notEqual((await judge('In July, Centre had the most cancellations of any zone.', [pcns])).partition, 'contradicted');
  });
});
