// The offline judge on an entity a claim names by the name a JSON map of names gives its code
// (`"warehouse_names": {"WH-LEJ": "Leipzig"}`): the claim is read with the code, even when the
// name opens the sentence and the text alone finds the figure in another entity's row.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const orders = { file: 'orders.csv', text: ['warehouse,month,orders,late_orders', 'WH-LEJ,2026-02,41000,1480', 'WH-LEJ,2026-03,44900,1390', 'WH-RTM,2026-02,30000,900', 'WH-RTM,2026-03,33000,2100'].join('\n') };
const names = { file: 'names.json', text: JSON.stringify({ warehouse_names: { 'WH-LEJ': 'Leipzig', 'WH-RTM': 'Rotterdam' } }) };

describe('offline judge: names a map of names gives codes', () => {
  it("grounds the entity's own figure", async () => {
    // Leipzig is WH-LEJ: 1,390 late orders in March (row 3).
    assert.equal((await judge('In March, Leipzig had 1,390 late orders.', [orders, names])).partition, 'grounded');
  });

  it("does not ground another entity's figure when the name opens the sentence", async () => {
    // 2,100 is Rotterdam's (WH-RTM) March figure; Leipzig's rows say 1,480 and 1,390.
    const claim = await judge('Leipzig had 2,100 late orders in March.', [orders, names]);
    assert.notEqual(claim.partition, 'grounded', claim.reason);
    assert.match(claim.reason, /WH-LEJ/);
  });
});
