// The offline judge reading a claimed low or peak of an entity whose records give several measures
// in the claim's unit and none by the claim's words: the measure is the one field whose readings
// of the entity span the claimed value. Evidence is parsed by the real evidence reader; verdicts
// are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: a low or a peak of a measure the claim does not name', () => {
  const rows: Array<[string, string, number, number]> = [
    ['01:00', 'H1', 17.2, 41], ['01:00', 'H2', 16.8, 40],
    ['01:20', 'H1', 15.9, 36], ['01:20', 'H2', 16.1, 35],
    ['01:40', 'H1', 14.6, 33], ['01:40', 'H2', 15.4, 34],
    ['02:00', 'H1', 15.4, 44], ['02:00', 'H2', 15.9, 46],
  ];
  const sensors = {
    file: 'sensors.log',
    text: rows.map(([t, hall, air, pipe], i) => `[tool=climate row=${i + 1}] ts=2025-01-09T${t}Z hall=${hall} air_c=${air} pipe_c=${pipe}`).join('\n'),
  };

  it('is contradicted by a lower reading of the one field whose readings span the claimed value', async () => {
    // H1's air readings run 14.6–17.2 °C (its pipe 33–44 °C): 15.4 °C is one of them, not the lowest.
    const verdict = await judge('H1 reached a low of 15.4 °C.', [sensors]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /14\.6/);
  });

  it('is not contradicted by the true low', async () => {
    const low = await judge('H1 reached a low of 14.6 °C.', [sensors]);
    assert.notEqual(low.partition, 'contradicted', low.reason);
  });
});
