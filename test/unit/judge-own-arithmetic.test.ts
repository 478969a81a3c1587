// The offline judge against a claim whose own figures do not make what it says they make
// (rules/own-arithmetic.ts): a change between two figures, a part of a whole, a comparison by a
// share, the time between two clock times. Evidence is parsed by the real evidence reader; every
// figure is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';
import { extractFeatures } from '../../src/core/retrieval/index';
import { readWording } from '../../src/core/judge/offline/language';
import { ownArithmeticConflict } from '../../src/core/judge/offline/rules/own-arithmetic';
import type { ClaimView } from '../../src/core/judge/offline/claim-view';

/** The check alone, on a claim's text (it reads nothing but the claim). */
const ownArithmeticOf = (text: string) => ownArithmeticConflict({ claim: { id: 'C1', text, start: 0, end: text.length, line: 1 }, features: extractFeatures(text), wording: readWording(text) } as unknown as ClaimView);

// Weekly averages of the secondary pumps: 182 kW in W40, 139 kW in W41. The drop is 43 kW,
// 43 / 182 = 23.6%; "about a quarter" (25%) is within a fifth of it, "about 31%" is not.
const pumps = {
  file: 'energy.log',
  text: [
    '2024-10-07T00:00:00Z INFO bms[energy] week=W40 secondary_pump_kw_avg=182',
    '2024-10-14T00:00:00Z INFO bms[energy] week=W41 secondary_pump_kw_avg=139',
  ].join('\n'),
};

// Eight excursions, two of them plant-related: 2 / 8 = 25%, a quarter, not a third.
const excursions = {
  file: 'excursions.csv',
  text: ['id,room,plant_related', 'EX-1,L101,no', 'EX-2,L102,yes', 'EX-3,L103,no', 'EX-4,L104,no', 'EX-5,L105,yes', 'EX-6,L106,no', 'EX-7,L107,no', 'EX-8,L108,no'].join('\n'),
};

// Cases packed on line 2: 35,120 on Monday, 29,410 on Tuesday. 29,410 / 35,120 = 0.837: 16.3% fewer.
const packing = {
  file: 'packing.log',
  text: ['2024-09-16T22:00:00Z INFO mes[line-2] day=Monday cases_packed=35120', '2024-09-17T22:00:00Z INFO mes[line-2] day=Tuesday cases_packed=29410'].join('\n'),
};

// FO-55120 was planned for 06:00 and started at 09:30: three and a half hours (210 minutes) late.
// The press stopped at 02:38 and restarted at 03:52: 74 minutes, an hour and a quarter.
const timeline = {
  file: 'mes.log',
  text: [
    '2024-09-17T06:00:00Z INFO mes[fill] order=FO-55120 line=FL-2 status=PLANNED_START',
    '2024-09-17T09:30:00Z INFO mes[fill] order=FO-55120 line=FL-2 status=STARTED',
    '2024-09-17T02:38:00Z WARN mes[press] press=P-3 production halted',
    '2024-09-17T03:52:00Z INFO mes[press] press=P-3 production restarted',
  ].join('\n'),
};

describe("offline judge: a claim's own arithmetic", () => {
  it('contradicts a change its two figures do not make, and keeps one they do', async () => {
    const wrong = await judge('Secondary pump power fell from 182 kW in W40 to 139 kW in W41, a drop of about 31%.', [pumps], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /31%.*23\.6%/);
    const right = await judge('Secondary pump power fell from 182 kW in W40 to 139 kW in W41, a drop of about 24%.', [pumps], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const fraction = await judge('Secondary pump power fell by about a quarter, from 182 kW in W40 to 139 kW in W41.', [pumps], { decision: 'rules' });
    assert.notEqual(fraction.partition, 'contradicted', fraction.reason);
  });

  it('contradicts a share its part and whole do not make', async () => {
    const wrong = await judge('Two of the 8 excursions, a third of the total, were plant-related.', [excursions], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /25%/);
    const right = await judge('Two of the 8 excursions (25%) were plant-related.', [excursions], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('contradicts a comparison by a share the two figures do not make', async () => {
    const wrong = await judge('Line 2 packed 29,410 cases on Tuesday, about a quarter fewer than the 35,120 it packed on Monday.', [packing], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /16\.3%/);
    const right = await judge('Line 2 packed 29,410 cases on Tuesday, about 16% fewer than the 35,120 it packed on Monday.', [packing], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('contradicts a length the two clock times do not make, reading "an hour and a quarter"', async () => {
    const wrong = await judge('Filling order FO-55120 on FL-2 moved from 06:00 to 09:30, a delay of about two and a half hours.', [timeline], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /210 minutes/);
    const right = await judge('Filling order FO-55120 on FL-2 moved from 06:00 to 09:30, a delay of about three and a half hours.', [timeline], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const quarter = await judge('Production on P-3 was halted from 02:38 until 03:52, a stop of roughly an hour and a quarter.', [timeline], { decision: 'rules' });
    assert.notEqual(quarter.partition, 'contradicted', quarter.reason);
  });

  it('leaves a forecast alone, and reads multiples and a change by half as what they say', async () => {
    // (139 to 120 kW would be a drop of 13.7%, not 40%: a plan's arithmetic is not read; as a statement it is.)
    assert.equal(ownArithmeticOf('Raising the setpoint would take pump power from 139 kW to 120 kW, a drop of about 40%.'), undefined);
    assert.match(ownArithmeticOf('Raising the setpoint took pump power from 139 kW to 120 kW, a drop of about 40%.')?.actual ?? '', /^13\.7%$/);
    // 139 / 182 is no multiple, but 35,120 / 29,410 = 1.19, "about 1.2-fold" holds.
    const fold = await judge('Cases packed on line 2 went up about 1.2-fold, from 29,410 to 35,120.', [packing], { decision: 'rules' });
    assert.notEqual(fold.partition, 'contradicted', fold.reason);
    // From 139 to 182 is a rise of 31%, about a third: "rose by about half" (50%) is wrong.
    const half = await judge('Secondary pump power rose by about half, from 139 kW to 182 kW.', [pumps], { decision: 'rules' });
    assert.equal(half.partition, 'contradicted', half.reason);
  });
});
