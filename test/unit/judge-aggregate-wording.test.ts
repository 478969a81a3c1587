// The offline judge summing a table's rows by the claim's wording: a noun of the column's verb
// ("deliveries" of delivered_t, "shipments" of shipped) names the column, and a name the claim
// leaves out ("none of them to Marlow Cross", "excluding Rotterdam") is no focus: its rows are
// left out of the sum. Expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const barns = {
  file: 'barn_stock.csv',
  text: [
    'week_start,depot,opening_t,delivered_t,used_t',
    '2024-12-02,Ashby,2150,200,112',
    '2024-12-02,Marlow Cross,1700,0,95',
    '2024-12-02,Kettlebrook,1050,500,98',
    '2024-12-09,Ashby,2238,0,120',
    '2024-12-09,Marlow Cross,1605,0,101',
    '2024-12-09,Kettlebrook,1452,250,97',
  ].join('\n'),
};

describe('offline judge: a sum of rows the claim words as a noun of the column, leaving out a name', () => {
  it('sums the column a noun of its verb names, over the rows but those of the name left out', async () => {
    // delivered_t: 200 + 0 + 500 + 0 + 0 + 250 = 950, all of it outside Marlow Cross.
    const none = await judge('Deliveries over the two weeks totalled 950 t, none of them to Marlow Cross.', [barns]);
    assert.equal(none.partition, 'grounded', none.reason);
    // used_t without Marlow Cross: 112 + 98 + 120 + 97 = 427.
    const excluding = await judge('The depots other than Marlow Cross used 427 t of salt.', [barns]);
    assert.equal(excluding.partition, 'grounded', excluding.reason);
  });

  it('is not met by another sum, nor by the left-out name made the focus', async () => {
    const wrong = await judge('Deliveries over the two weeks totalled 980 t, none of them to Marlow Cross.', [barns]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    // Marlow Cross alone used 95 + 101 = 196 t, not 427.
    const focus = await judge('Marlow Cross used 427 t of salt.', [barns]);
    assert.notEqual(focus.partition, 'grounded', focus.reason);
  });
});
