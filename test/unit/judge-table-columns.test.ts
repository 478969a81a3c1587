// A table's figures read under their columns: a cell's figure measures what its column is named
// ("maximum entries per library"), in the unit its header gives in brackets ("(kg/cow/day)"),
// unless the header is a member's name ("Fleet Pro"); a limit claimed is decided by the limit a
// record states; a figure the claim puts on one row that is another row's is contradicted, even
// a target or a rate the column itself names; and a row of a table whose rows the claim names
// ("Pen A") is another member's record, which does not contradict the claim. Evidence is parsed
// by the real readers; every expected verdict is reasoned out in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const guide = {
  file: 'admin_guide.md',
  text: [
    '# Pump guide',
    '',
    '## Library size limits',
    '',
    '| pump model | maximum entries per library |',
    '|---|---|',
    '| SYR-3 syringe pump | 4,000 |',
    '| LVP-7 large-volume pump | 6,000 |',
    '',
    'SYR-3 pumps on firmware 3.2 or later install a staged library.',
    '',
  ].join('\n'),
};

describe('offline judge: a limit read under its column', () => {
  it('"up to 6,000 entries" for the SYR-3 is contradicted: its row states a maximum of 4,000', async () => {
    // The 3.2 of the firmware sentence is under 6,000 but is no limit of entries: the stated
    // maximum for the SYR-3 (4,000) decides the claimed one.
    const verdict = await judge('A SYR-3 library can hold up to 6,000 entries.', [guide], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it('the same limit as its row states is grounded, for either pump', async () => {
    for (const claim of ['A SYR-3 library can hold up to 4,000 entries.', 'An LVP-7 library can hold up to 6,000 entries.']) {
      const verdict = await judge(claim, [guide], { decision: 'rules' });
      assert.equal(verdict.partition, 'grounded', `${claim}: ${verdict.reason}`);
    }
  });
});

describe('offline judge: a header that names a member is no measure', () => {
  const licensing = {
    file: 'licensing.md',
    text: ['# Licensing', '', '| feature | Fleet Standard | Fleet Pro |', '|---|---|---|', '| Dispensers per station | up to 4 | up to 8 |', '| Stored presets | 12 | 24 |', ''].join('\n'),
  };

  it('"Fleet Pro costs about 20% more than Fleet Standard" is not contradicted by the editions\' counts', async () => {
    // The table gives no price: 24 presets under "Fleet Pro" are no cost, so nothing there
    // contradicts a price difference (it is simply not in evidence).
    const verdict = await judge('Fleet Pro costs about 20% more than Fleet Standard.', [licensing], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: another row of a table the claim names rows of', () => {
  const targets = {
    file: 'pen_targets.md',
    text: [
      '# Pen yield targets',
      '',
      'Yield is robot milk in kg per cow per day.',
      '',
      '| Pen | Group | Yield target (kg/cow/day) | Milking frequency target |',
      '|---|---|---|---|',
      '| A | High yielders | 33.0 | 3.4 |',
      '| B | First lactation | 30.0 | 3.2 |',
      '| C | Mid lactation | 34.0 | 3.4 |',
      '',
    ].join('\n'),
  };

  it("Pen B's 30.0 kg target does not contradict Pen A's 33.6 kg average", async () => {
    // Pen A's target (33.0 kg) is as claimed; the average of 33.6 kg is in no record, so the claim
    // is not borne out, but Pen B's and Pen C's targets are other pens' figures, not Pen A's.
    const verdict = await judge('Pen A averaged 33.6 kg per cow per day in week 19, above its 33.0 kg target.', [targets], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it("Pen C's 34.0 kg target put on Pen B is contradicted: Pen B's row gives 30.0 kg per cow per day", async () => {
    // "Pen B" names row B; its yield target column, in kg/cow/day by its header, holds 30.0; the
    // 34.0 claimed is row C's. The target and the rate are the column's own, not a bar over rows.
    const verdict = await judge('Pen B has a yield target of 34.0 kg per cow per day.', [targets], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it("Pen C's 34.0 kg target, claimed as its own, is grounded", async () => {
    const verdict = await judge('Pen C has a yield target of 34.0 kg per cow per day.', [targets], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });
});
