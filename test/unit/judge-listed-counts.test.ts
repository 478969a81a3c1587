// The offline judge counting what a claim counts: the names it lists or the range of numbered
// names it gives ("ICU-A, ICU-B and SURG-PREP …, all three", "all six gates (G-01 to G-06)"), and
// the entries of a list that hold a value the claim names ("Five generators are now running
// 4.3.1"). Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const flashes = {
  file: 'deploy.log',
  text: [
    '2024-10-05T21:02:00Z INFO flash cabinet=ICU-A version=7.5.0 verify=ok',
    '2024-10-05T21:02:10Z INFO flash cabinet=ICU-B version=7.5.0 verify=ok',
    '2024-10-05T21:02:20Z INFO flash cabinet=SURG-PREP version=7.5.0 verify=ok',
    '2024-10-05T21:30:00Z INFO gates G-01 G-02 G-03 G-04 G-05 G-06 mode=fail_closed',
  ].join('\n'),
};

const rollout = {
  file: 'deploy.json',
  text: JSON.stringify({
    change: 'CHG-7734',
    generators: [
      { id: 'gen-01', final_version: '4.3.1' },
      { id: 'gen-02', final_version: '4.3.1' },
      { id: 'gen-03', final_version: '4.3.1' },
      { id: 'gen-04', final_version: '4.3.1' },
      { id: 'gen-05', final_version: '4.2.3' },
      { id: 'gen-06', final_version: '4.3.1' },
    ],
  }),
};

describe('offline judge: a count of the names a claim lists', () => {
  it('is met by a list of names or a range of numbered names of that size', async () => {
    // Three names listed; G-01 … G-06 is six gates.
    const listed = await judge('ICU-A, ICU-B and SURG-PREP were flashed to 7.5.0, all three verifying ok.', [flashes]);
    assert.equal(listed.partition, 'grounded', listed.reason);
    const range = await judge('All six gates (G-01 to G-06) went into fail_closed mode.', [flashes]);
    assert.equal(range.partition, 'grounded', range.reason);
  });

  it('is not met by a list of another size, nor by a number that labels a thing', async () => {
    const four = await judge('ICU-A, ICU-B and SURG-PREP were flashed to 7.5.0, all four verifying ok.', [flashes]);
    assert.notEqual(four.partition, 'grounded', four.reason);
    const seven = await judge('All seven gates (G-01 to G-06) went into fail_closed mode.', [flashes]);
    assert.notEqual(seven.partition, 'grounded', seven.reason);
  });
});

describe('offline judge: a count of the entries of a list that hold a value the claim names', () => {
  it('is met by the entries of the list its noun names that hold the value', async () => {
    // Five of the six generators have final_version 4.3.1.
    const verdict = await judge('Five generators are now running 4.3.1.', [rollout]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('is not met by another count', async () => {
    const six = await judge('Six generators are now running 4.3.1.', [rollout]);
    assert.notEqual(six.partition, 'grounded', six.reason);
  });
});
