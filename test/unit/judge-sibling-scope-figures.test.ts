// The offline judge on a figure a claim gives one scope of a JSON document (a plan, a tier) that
// is a sibling scope's value of the field the claim names. Evidence is parsed by the real reader.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const tiers = {
  file: 'dealer-tiers.json',
  text: JSON.stringify({
    tiers: {
      bronze: { rush_orders: false, payment_terms_days: 0, max_units_per_order: 20 },
      silver: { rush_orders: true, payment_terms_days: 30, max_units_per_order: 60 },
      gold: { rush_orders: true, payment_terms_days: 45, max_units_per_order: 150 },
    },
  }),
};

describe("offline judge: one member's figure given to another", () => {
  it("contradicts a figure that is another tier's value of the field the claim names", async () => {
    // tiers.silver.payment_terms_days is 30; 45 is gold's.
    const claim = await judge('Silver accounts are invoiced on 45-day payment terms.', [tiers]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /gold/);
  });

  it("leaves the member's own value alone, and a claim naming two members", async () => {
    assert.notEqual((await judge('Silver accounts are invoiced on 30-day payment terms.', [tiers])).partition, 'contradicted');
    assert.notEqual((await judge('Gold accounts are invoiced on 45-day payment terms.', [tiers])).partition, 'contradicted');
    assert.notEqual((await judge('Gold accounts get 45-day payment terms and silver ones 30.', [tiers])).partition, 'contradicted');
  });

  it("reads each field by its own value, not its object's other fields", async () => {
    // silver.max_units_per_order is 60: the claim gives silver its own value.
    assert.notEqual((await judge('Silver orders can hold up to 60 units.', [tiers])).partition, 'contradicted');
    // 150 is gold's max_units_per_order; silver's is 60.
    assert.equal((await judge('Silver orders can hold up to 150 units.', [tiers])).partition, 'contradicted');
  });
});
