// The offline judge on a claim that names an entity by the name a record pairs with its code
// (`shows.MRW.title = Marrow`) while the rows write the code (show=MRW): read as written, the
// claim's figures are checked against every show's rows; the coded reading checks the entity's own.
// Evidence is parsed by the real evidence reader; the figures are worked out by hand below.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// MRW: 41,200 in W36 → 58,600 in W39, +42.2%. All shows: 41,200 + 28,800 = 70,000 → 58,600 + 30,000 = 88,600, +26.6%.
const usage = {
  file: 'farm_usage.csv',
  text: ['week,show,core_hours', '2024-W36,MRW,41200', '2024-W36,ARD,28800', '2024-W39,MRW,58600', '2024-W39,ARD,30000'].join('\n'),
};
const budget = {
  file: 'budget.json',
  text: JSON.stringify({ shows: { MRW: { title: 'Marrow', core_hour_budget: 180000 }, ARD: { title: 'Ardent', core_hour_budget: 125000 } } }, null, 2),
};

describe('offline judge: an entity named by the name a record pairs with its code', () => {
  it("reads the entity's own rows where the claim, read without its name, is contradicted", async () => {
    // 41,200 → 58,600 is +42.2%: "about 42%" is Marrow's growth, not the +26.6% of both shows together.
    const verdict = await judge("Marrow's weekly core-hours grew by about 42% between W36 and W39.", [usage, budget], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it("still contradicts a figure that is wrong for the entity's own rows", async () => {
    // Marrow grew 42.2%, not 27%.
    const verdict = await judge("Marrow's weekly core-hours grew by about 27% between W36 and W39.", [usage, budget], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});
