// The offline judge on a name written with a hyphen that the records write glued ("2-sigma" for
// the field 2sigma): read as the records write it, the number is no figure of its own. Evidence is
// parsed by the real readers; every expected figure is worked out by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Gauge scans: 2sigma 4.1%, 4.3%, 5.2% (01:47, the third line), 4.4%.
const scans = {
  file: 'line-events.log',
  text: [
    '2024-09-17T00:31:47Z INFO mes-bf3[gauge] profile scan 2sigma=4.1% avg_um=60.2',
    '2024-09-17T01:05:55Z INFO mes-bf3[gauge] profile scan 2sigma=4.3% avg_um=60.1',
    '2024-09-17T01:47:15Z WARN mes-bf3[gauge] profile scan 2sigma=5.2% avg_um=60.4 (alarm 5.0%)',
    '2024-09-17T04:35:22Z INFO mes-bf3[gauge] profile scan 2sigma=4.4% avg_um=60.3',
  ].join('\n'),
};

describe('offline judge: a hyphenated name the records write glued', () => {
  it('"the gauge profile 2-sigma never went above 4.5 %" is contradicted by 5.2% at 01:47', async () => {
    const verdict = await judge('The gauge profile 2-sigma never went above 4.5 % during the night.', [scans], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /reading "2-sigma" as the records write it: .*5\.2%/);
  });

  it('"the gauge profile 2-sigma never went above 5.5 %" is not contradicted', async () => {
    const verdict = await judge('The gauge profile 2-sigma never went above 5.5 % during the night.', [scans], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a duration such as "45-minute" is no name: nothing glues it', async () => {
    const verdict = await judge('Every scan took under a 45-minute window.', [scans], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /as the records write it/);
  });
});
