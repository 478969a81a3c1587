// The offline judge reading "Unit 1" as the code unit=U1 (rules/aliases.ts): a field's codes that
// are a few letters of the field's own name and a number. Evidence is parsed by the real evidence
// reader; the figures are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// U1: 160 + 150 = 310 run hours; U2: 162 + 165 = 327.
const units = {
  file: 'unit_weekly.csv',
  text: ['week_start,unit,run_hours,fuel_mscf', '2024-07-01,U1,160,2100', '2024-07-01,U2,162,2150', '2024-07-08,U1,150,1980', '2024-07-08,U2,165,2190'].join('\n'),
};

describe('offline judge: a numbered name read as the code of its field', () => {
  it('reads "Unit 1" as U1, so the unit\'s own figures decide', async () => {
    const rank = await judge('Unit 1 had more run hours than any other unit.', [units], { decision: 'rules' });
    assert.equal(rank.partition, 'contradicted', rank.reason);
    // (Read as U1 by the alias, or by the rank itself once "1" of "Unit 1" is a label and no figure.)
    assert.match(rank.reason, /reading Unit 1 as U1|ranks U1\b/);
    const stated = await judge('Unit 2 ran 165 hours in the week of 8 July.', [units], { decision: 'rules' });
    assert.equal(stated.partition, 'grounded', stated.reason);
    assert.match(stated.reason, /reading Unit 2 as U2/);
  });

  it('reads a name as written where the evidence writes it, and never a period as a code', async () => {
    const log = { file: 'ops.log', text: '2024-07-08T06:00:00Z Unit 1 tripped on high exhaust spread' };
    const written = await judge('Unit 1 had more run hours than any other unit.', [units, log], { decision: 'rules' });
    assert.doesNotMatch(written.reason, /reading Unit 1 as U1/);
    // week=W2 is a period, which the period readings take: "Week 2" is no code of a thing.
    const weeks = { file: 'weekly.csv', text: ['week,line,tonnes', 'W1,L1,400', 'W1,L2,380', 'W2,L1,410', 'W2,L2,390'].join('\n') };
    const period = await judge('Line 1 made 410 tonnes in Week 2.', [weeks], { decision: 'rules' });
    assert.doesNotMatch(period.reason, /Week 2 as W2/);
  });

  it('reads a field named by a noun that ends in s ("press", "presses") by the noun itself', async () => {
    // September plate remakes: P1 21, P2 13, P3 12. "Press 2" is P2 of `press`, whose singular
    // is "press" (not "pres"); P3's 12 is fewer than P2's 13.
    const remakes = {
      file: 'ctp.csv',
      text: ['month,press,plate_remakes', '2024-08,P1,20', '2024-08,P2,15', '2024-08,P3,14', '2024-09,P1,21', '2024-09,P2,13', '2024-09,P3,12'].join('\n'),
    };
    const fewest = await judge('Press 2 remade 13 plates in September, the fewest of any press that month.', [remakes], { decision: 'rules' });
    assert.equal(fewest.partition, 'contradicted', fewest.reason);
    assert.match(fewest.reason, /reading Press 2 as P2|ranks P2\b/);
    const plural = { file: 'presses.csv', text: ['presses,hours', 'P1,120', 'P2,96'].join('\n') };
    const stated = await judge('Press 2 ran for 96 hours.', [plural], { decision: 'rules' });
    assert.equal(stated.partition, 'grounded', stated.reason);
    assert.match(stated.reason, /reading Press 2 as P2/);
  });
});
