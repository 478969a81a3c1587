// One-letter values of a table column (shift=A, shift=B): the article "a" does not name shift A,
// so a total over every row is not taken as shift A's; "shift A", "the A shift" and "(A)" do name
// it. Evidence is parsed by the real reader; the rules' proposal is checked. Expected verdicts are
// worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: one-letter values are not named by the article', () => {
  // Five days × three lines × two shifts: 30 rows, each with eight figures. downtime_min is 10 on
  // every shift A row and 20 on every shift B row: shift A 15 × 10 = 150, shift B 15 × 20 = 300,
  // all rows 450 minutes (7.5 hours).
  const rows = ['date,shift,line,planned_kg,good_kg,rework_kg,waste_kg,packs,rejects,staff,downtime_min'];
  for (const day of ['16', '17', '18', '19', '20'])
    for (const shift of ['A', 'B'])
      for (const [i, line] of ['M1', 'E1', 'E2'].entries()) rows.push(`2024-09-${day},${shift},${line},${6000 + i * 100},${5700 + i * 50},${90 + i},${100 + i * 7},${1200 + i * 13},${11 + i},${6 + i},${shift === 'A' ? 10 : 20}`);
  const shifts: Source = { file: 'shift_output.csv', text: rows.join('\n') };

  it('"a little over" leaves the total over every row', async () => {
    // 450 minutes is the sum over all 30 rows; shift A's is 150.
    const total = await proposed('Total downtime across the three lines was 450 minutes, a little over seven hours.', [shifts]);
    assert.equal(total.partition, 'grounded', total.reason);
  });

  it('"shift A" and "(A)" name the shift', async () => {
    // Shift A's rows sum to 150 minutes.
    const named = await proposed('Shift A lost 150 minutes of downtime across the three lines.', [shifts]);
    assert.equal(named.partition, 'grounded', named.reason);
    const bracketed = await proposed('The morning (A) shift lost 150 minutes of downtime across the three lines.', [shifts]);
    assert.equal(bracketed.partition, 'grounded', bracketed.reason);
  });
});
