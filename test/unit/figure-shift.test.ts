// The figure-shift helper of the chance-grounding eval: which figure of a claim it makes wrong,
// and how it writes the wrong one. Expected texts are worked out by hand (×1.13).
import * as assert from 'node:assert/strict';
import { shiftFigure } from '../../bench/eval-lib/figure-shift';

describe('eval: a claim with one figure made wrong', () => {
  it('raises the first figure of two significant digits by 13%, written as the claim wrote it', () => {
    assert.equal(shiftFigure('Conversion fell to 42% in May.'), 'Conversion fell to 47% in May.'); // 42 × 1.13 = 47.46
    assert.equal(shiftFigure('The queue held 18,240 messages.'), 'The queue held 20,611 messages.'); // 18,240 × 1.13 = 20,611.2
    assert.equal(shiftFigure('p99 was 1.84 s.'), 'p99 was 2.08 s.'); // 1.84 × 1.13 = 2.0792
  });

  it('leaves years, clock times, dates, versions, identifiers and one-digit figures alone', () => {
    // 2024 is a year, 14:02 a time, 2024-06-11 a date, 4.2.1 a version, db-prod-12 an identifier, 5 one digit: then 64 is shifted.
    assert.equal(shiftFigure('In 2024 at 14:02 on 2024-06-11, 4.2.1 on db-prod-12 took 5 tries and 64 ms.'), 'In 2024 at 14:02 on 2024-06-11, 4.2.1 on db-prod-12 took 5 tries and 72 ms.');
    assert.equal(shiftFigure('Wave 2 ran on ci-run-07 in 2025.'), undefined);
  });
});
