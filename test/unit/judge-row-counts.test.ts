// The offline judge counting a table's rows the claim names: the values it names in each column,
// within the two clock times it gives, a part "of them" leaving one column out; the count's noun
// names the table. Evidence is parsed by the real evidence reader; counts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge, judgeReport } from '../support/judge-sources';

const calls = {
  file: 'crm_calls.csv',
  text: [
    'call_id,received_at,zone,category,status',
    'C-1,2024-01-16T01:15Z,Harbour,billing,closed',
    'C-2,2024-01-16T03:44Z,East,low_heat,closed',
    'C-3,2024-01-16T03:51Z,East,no_heat,closed',
    'C-4,2024-01-16T04:10Z,Harbour,low_heat,closed',
    'C-5,2024-01-16T04:40Z,East,low_heat,open',
    'C-6,2024-01-16T07:30Z,East,no_heat,open',
  ].join('\n'),
};

describe('offline judge: a count of the rows of a table the claim names', () => {
  it('counts the rows holding the values it names, within its two times; a part of them leaves a column out', async () => {
    // Between 03:44 and 04:40: C-2, C-3, C-4, C-5 are low or no heat (4); C-2, C-3, C-5 are East (3).
    const verdict = await judge('Customer service logged 4 low- or no-heat calls between 03:44 and 04:40, 3 of them from East-zone customers.', [calls]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
    // No-heat calls: C-3 and C-6.
    const two = await judge('There were two no_heat calls.', [calls]);
    assert.equal(two.partition, 'grounded', two.reason);
  });

  it('is not met by another count, nor by a noun that does not name the table', async () => {
    const five = await judge('Customer service logged 5 low- or no-heat calls between 03:44 and 04:40.', [calls]);
    assert.notEqual(five.partition, 'grounded', five.reason);
    // Two no_heat rows, but "engineers" are no rows of a table of calls.
    const engineers = await judge('There were two no_heat engineers.', [calls]);
    assert.notEqual(engineers.partition, 'grounded', engineers.reason);
  });

  it('reads the whole a count is a part of past "of the 7", and "of them" as the things the claim before counted', async () => {
    // Seven lots, four of them released (HX-01, HX-02, SB-03, HX-03).
    const lots = {
      file: 'lot_tests.csv',
      text: ['lot_id,crop,variety,release_status', 'HX-01,corn,PG-4410,released', 'HX-02,corn,PG-4410,released', 'SB-01,soybean,PGS-28X,held', 'SB-02,soybean,PGS-28X,downgraded', 'SB-03,soybean,PGS-31,released', 'HX-03,corn,PG-3870,released', 'HX-04,corn,PG-3870,held'].join('\n'),
    };
    const spec = { file: 'release_spec.md', text: '# Lot release\n\n- `released`: meets every minimum for its crop.\n- `held`: waiting on a retest.\n- `downgraded`: sold under a lower grade.\n' };
    const part = await judge('Four of the 7 lots were released.', [lots, spec]);
    assert.equal(part.partition, 'grounded', part.reason);
    const wrong = await judge('Five of the 7 lots were released.', [lots, spec]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    const them = await judgeReport(['The lab tested 7 seed lots in the week.', 'Four of them were released.'], [lots, spec]);
    assert.equal(them.partition, 'grounded', them.reason);
    const five = await judgeReport(['The lab tested 7 seed lots in the week.', 'Five of them were released.'], [lots, spec]);
    assert.notEqual(five.partition, 'grounded', five.reason);
  });

  it('a part named by a code of digits ("BRB 4-118") out of every row ("5 of the 20"), and a part and whole whose noun comes before them', async () => {
    // Six excursions: BRB 4-118 has E-1, E-3, E-5 (3); BRB 2-204 has E-2; LSB 4-118 has E-4 and E-6.
    const excursions = {
      file: 'lab_excursions.csv',
      text: [
        'event_id,building,room,peak_f',
        'E-1,BRB,4-118,75.8',
        'E-2,BRB,2-204,76.1',
        'E-3,BRB,4-118,75.2',
        'E-4,LSB,4-118,77.0',
        'E-5,BRB,4-118,75.5',
        'E-6,LSB,4-118,76.4',
      ].join('\n'),
    };
    // (The rules' proposal: what they read is this test's subject.)
    const right = await judge('BRB 4-118 had 3 of the 6 excursions.', [excursions], { decision: 'rules' });
    assert.equal(right.partition, 'grounded', right.reason);
    // No set of rows the claim names counts 7 (all six rows, BRB's four, room 4-118's five).
    const wrongWhole = await judge('BRB 4-118 had 3 of the 7 excursions.', [excursions], { decision: 'rules' });
    assert.notEqual(wrongWhole.partition, 'grounded', wrongWhole.reason);
    // "the most excursions, 3 of the 6": the noun before the part and its whole.
    const before = await judge('BRB 4-118 logged the most excursions, 3 of the 6.', [excursions], { decision: 'rules' });
    assert.equal(before.partition, 'grounded', before.reason);
  });
});
