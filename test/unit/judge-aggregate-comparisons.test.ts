// The offline judge on a comparison of two sides that each span several rows: each side is its
// rows' aggregate (a rate the documents define or a rate column's two parts, summed over the rows;
// else a count's sum), not a row-by-row comparison. Evidence is parsed by the real evidence reader;
// every aggregate is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: comparing two sides of several rows each', () => {
  const sessions = {
    file: 'sessions.csv',
    text: [
      'month,venue,venue_type,attended,deferred',
      '2024-07,Halden,fixed,1000,100',
      '2024-07,Ashcombe,fixed,800,90',
      '2024-07,Brookmere,mobile,300,40',
      '2024-07,Elmstead,mobile,200,20',
      '2024-08,Halden,fixed,1100,110',
      '2024-08,Brookmere,mobile,310,35',
    ].join('\n'),
  };
  const definitions = { file: 'targets.md', text: '# Definitions\n\nDeferral rate = donors deferred / donors attended.\n' };

  it('compares a rate the documents define over each side\'s rows', async () => {
    // Fixed: (100 + 90 + 110) / (1000 + 800 + 1100) = 300 / 2900 = 10.3%; mobile: (40 + 20 + 35) / (300 + 200 + 310) = 95 / 810 = 11.7%.
    const claim = await judge('Mobile sessions deferred donors at a lower rate than the fixed centres did.', [sessions, definitions]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /deferred/);
    assert.notEqual((await judge('Mobile sessions deferred donors at a higher rate than the fixed centres did.', [sessions, definitions])).partition, 'contradicted');
  });

  const provisioning = {
    file: 'provisioning.csv',
    text: ['ship,month,received_kg,rejected_kg,rejection_rate', 'Aurora,2024-07,1000,10,1.00', 'Aurora,2024-08,1000,30,3.00', 'Borealis,2024-07,4000,80,2.00', 'Borealis,2024-08,4000,70,1.75'].join('\n'),
  };

  it("reads a rate column as its two parts and compares the fleet's totals", async () => {
    // rejection_rate is rejected_kg / received_kg × 100 on every row. July: (10 + 80) / 5000 = 1.8%;
    // August: (30 + 70) / 5000 = 2.0%, though Borealis alone fell. Lower in August is wrong.
    const claim = await judge('The fleet rejection rate was lower in August than in July.', [provisioning]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.notEqual((await judge('The fleet rejection rate was higher in August than in July.', [provisioning])).partition, 'contradicted');
  });

  it('leaves alone an entity named by a name a record maps to its code', async () => {
    // Leipzig is WH-LEJ (names.json): 1,390 late orders in March against 1,480 in February, fewer.
    // Both warehouses together went the other way (3,490 against 2,380): no total of every warehouse is Leipzig's.
    const orders = { file: 'orders.csv', text: ['warehouse,month,orders,late_orders', 'WH-LEJ,2026-02,41000,1480', 'WH-LEJ,2026-03,44900,1390', 'WH-RTM,2026-02,30000,900', 'WH-RTM,2026-03,33000,2100'].join('\n') };
    const names = { file: 'names.json', text: JSON.stringify({ warehouse_names: { 'WH-LEJ': 'Leipzig', 'WH-RTM': 'Rotterdam' } }) };
    assert.notEqual((await judge('Leipzig had fewer late orders in March than in February.', [orders, names])).partition, 'contradicted');
  });
});
