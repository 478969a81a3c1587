// A report's table cell is read with its row's name and its column's header: the header is
// capitalised as a sentence is ("Edge hit ratio"), so its first word is no name the records must
// give. Evidence is parsed by the real readers; the expected verdicts are reasoned out below.
import * as assert from 'node:assert/strict';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { parseEvidenceSources } from '../../src/core/evidence';

const metrics = {
  file: 'metrics.log',
  text: [
    '[tool=pop_compare row=1] pop=sin1 hit_ratio_base_pct=92.4 hit_ratio_post_pct=93.6 ttfb_p95_base_ms=84 ttfb_p95_post_ms=81',
    '[tool=pop_compare row=2] pop=syd1 hit_ratio_base_pct=90.8 hit_ratio_post_pct=92.1 ttfb_p95_base_ms=97 ttfb_p95_post_ms=95',
  ].join('\n'),
};

async function cell(text: string, context: string): Promise<string> {
  const evidence = parseEvidenceSources([metrics]).items;
  const claims = [{ id: 'C1', text, start: 0, end: text.length, line: 1, context }];
  const verdict = (await createOfflineJudge({ groundedCut: 0, decision: 'rules' }).judgeClaims({ claims, evidence })).claims[0]!;
  return `${verdict.partition}: ${verdict.reason}`;
}

describe('offline judge: a report table cell under a sentence-case header', () => {
  it('"92.4% → 93.6%" in the sin1 row under "Edge hit ratio" is grounded by sin1\'s record', async () => {
    // sin1's record gives hit_ratio_base_pct=92.4 and hit_ratio_post_pct=93.6; "Edge" names nothing.
    assert.match(await cell('92.4% → 93.6%', 'sin1; Edge hit ratio'), /^grounded/);
  });

  it('the same figures in the syd1 row are not grounded by sin1\'s record', async () => {
    // syd1's record gives 90.8 and 92.1: 92.4 and 93.6 are sin1's.
    assert.doesNotMatch(await cell('92.4% → 93.6%', 'syd1; Edge hit ratio'), /^grounded/);
  });
});
