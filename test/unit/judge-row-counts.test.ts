// The offline judge counting a table's rows the claim names: the values it names in each column,
// within the two clock times it gives, a part "of them" leaving one column out; the count's noun
// names the table. Evidence is parsed by the real evidence reader; counts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

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
});
