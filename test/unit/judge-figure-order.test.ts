// A claim that sets one of its own figures above or below another the wrong way cannot be right,
// whatever the evidence holds; a figure written right before the word is a difference, a ratio
// word makes a ratio, and a number after a name is a label. Evidence is parsed by the real reader;
// the rules' proposal is checked. Expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: a claim\'s own two figures set the wrong way round', () => {
  const latency: Source = {
    file: 'metrics.log',
    text: [
      '2024-06-03T09:00:00Z metrics host=fixgw-ch-01 phase=baseline p99_ack_ms=2.3',
      '2024-06-03T12:00:00Z metrics host=fixgw-ch-01 phase=after_rollback p99_ack_ms=2.2',
      '2024-06-03T12:00:00Z metrics host=fixgw-ch-01 phase=after_rollback_peak p99_ack_ms=2.4',
    ].join('\n'),
  };

  it('"2.2 ms, slightly above its baseline of 2.3 ms" is contradicted; "slightly below" is not', async () => {
    // 2.2 < 2.3: "above" is the wrong way round.
    const above = await proposed('After the rollback, p99 ack latency on fixgw-ch-01 settled at 2.2 ms, slightly above its baseline of 2.3 ms.', [latency]);
    assert.equal(above.partition, 'contradicted', above.reason);
    assert.match(above.reason, /2\.2 ms is below 2\.3 ms/);
    const below = await proposed('After the rollback, p99 ack latency on fixgw-ch-01 settled at 2.2 ms, slightly below its baseline of 2.3 ms.', [latency]);
    assert.notEqual(below.partition, 'contradicted', below.reason);
  });

  it('a figure right before the word is a difference, not the compared value: "0.1 ms above the 2.3 ms baseline"', async () => {
    // 2.4 − 2.3 = 0.1: the 0.1 is how far above, not a latency below 2.3.
    const judged = await proposed('The after-rollback peak on fixgw-ch-01 was 2.4 ms, 0.1 ms above the 2.3 ms baseline.', [latency]);
    assert.notEqual(judged.partition, 'contradicted', judged.reason);
  });

  const declines: Source = { file: 'pos.log', text: ['2024-09-14 pos declines=213', '2024-09-28 pos declines=112'].join('\n') };

  it('a ratio word ("over half of the 213") and a name ("more than Fibre 500") are left alone', async () => {
    // 112 / 213 = 0.53: over half, whatever "over" would say of 112 against 213 alone.
    const half = await proposed('On 28 September the tills logged 112 declines, over half of the 213 declines on 14 September.', [declines]);
    assert.notEqual(half.partition, 'contradicted', half.reason);
    const plans: Source = { file: 'plans.md', text: '| Plan | Monthly price |\n|---|---|\n| Fibre 500 | £30 |\n| Fibre 1000 | £39 |\n' };
    const name = await proposed('Fibre 1000 costs £9 a month more than Fibre 500.', [plans]);
    assert.notEqual(name.partition, 'contradicted', name.reason);
  });

  const feeds: Source = {
    file: 'metrics.log',
    text: ['2024-06-03T09:00:00Z metrics feed=ADT-A0X-OUT phase=before latency_ms=95', '2024-06-03T12:00:00Z metrics feed=ADT-A0X-OUT phase=after latency_ms=140'].join('\n'),
  };

  it('a movement the claim gives between its own two figures the other way: "fell from 95 ms to 140 ms"', async () => {
    // 95 → 140 is a rise; for a latency (lower is better, vocabulary/polarity.json) a worsening.
    for (const verb of ['fell', 'improved']) {
      const judged = await proposed(`ADT-A0X-OUT latency ${verb} from 95 ms to 140 ms after the upgrade.`, [feeds]);
      assert.equal(judged.partition, 'contradicted', `${verb}: ${judged.reason}`);
    }
    for (const verb of ['rose', 'worsened']) {
      const judged = await proposed(`ADT-A0X-OUT latency ${verb} from 95 ms to 140 ms after the upgrade.`, [feeds]);
      assert.notEqual(judged.partition, 'contradicted', `${verb}: ${judged.reason}`);
    }
    // A rank climbs as its number falls: "from 5th to 2nd" is no figure moving.
    const ranks: Source = { file: 'league.log', text: '2024-06-01 league team=Harbour position=5\n2024-06-08 league team=Harbour position=2\n' };
    const climbed = await proposed('Harbour climbed from 5th to 2nd place.', [ranks]);
    assert.notEqual(climbed.partition, 'contradicted', climbed.reason);
  });
});

