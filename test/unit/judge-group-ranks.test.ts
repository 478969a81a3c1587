// The offline judge against a rank of groups that each have several rows ("man-hours per tonne
// were lowest in GD1" over a table of projects; contradictions/group-ranks.ts). Evidence is parsed
// by the real evidence reader; every rate is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// GD1: (6,900 + 4,700) man-hours over (18.5 + 11.8) t = 11,600 / 30.3 = 382.8 per tonne.
// GD2: (15,800 + 22,400) / (42.0 + 64.5) = 38,200 / 106.5 = 358.7. FD-2: (5,400 + 2,600) / (9.2 + 3.1) = 8,000 / 12.3 = 650.4.
// The booked row gives no figures and counts for nothing.
const projects = {
  file: 'projects.csv',
  text: [
    'project_id,dock,status,steel_t,manhours',
    'P-1,GD1,completed,18.5,6900',
    'P-2,FD-2,completed,9.2,5400',
    'P-3,GD2,completed,42.0,15800',
    'P-4,GD1,completed,11.8,4700',
    'P-5,GD2,completed,64.5,22400',
    'P-6,FD-2,completed,3.1,2600',
    'P-7,GD1,booked,,',
  ].join('\n'),
};

describe('offline judge: a rank of groups of rows by a rate', () => {
  it('is contradicted when another group\'s summed rate is lower', async () => {
    const verdict = await judge('Man-hours per tonne of steel were lowest in GD1.', [projects], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /GD2 has 358\.7 against GD1's 382\.8/);
  });

  it('is left alone when the named group is the one at that end', async () => {
    const lowest = await judge('Man-hours per tonne of steel were lowest in GD2.', [projects], { decision: 'rules' });
    assert.notEqual(lowest.partition, 'contradicted', lowest.reason);
    const highest = await judge('Man-hours per tonne of steel were highest in FD-2.', [projects], { decision: 'rules' });
    assert.notEqual(highest.partition, 'contradicted', highest.reason);
  });
});

// U1: 160 + 150 + 158 = 468 run hours; U2: 162 + 165 + 160 = 487; U3: 12 + 0 + 40 = 52.
// Trips: U1 0 + 1 + 0 = 1, U2 1 + 1 + 1 = 3, U3 0 + 0 + 0 = 0.
const units = {
  file: 'unit_weekly.csv',
  text: [
    'week_start,unit,run_hours,trips,availability_pct',
    '2024-07-01,U1,160,0,95.2',
    '2024-07-01,U2,162,1,96.4',
    '2024-07-01,U3,12,0,100.0',
    '2024-07-08,U1,150,1,89.3',
    '2024-07-08,U2,165,1,98.2',
    '2024-07-08,U3,0,0,100.0',
    '2024-07-15,U1,158,0,94.0',
    '2024-07-15,U2,160,1,95.2',
    '2024-07-15,U3,40,0,100.0',
  ].join('\n'),
};

describe('offline judge: a rank of groups of rows by a total', () => {
  it('is contradicted when another group\'s rows add up to more (or less)', async () => {
    const more = await judge('U1 had more run hours than any other unit.', [units], { decision: 'rules' });
    assert.equal(more.partition, 'contradicted', more.reason);
    assert.match(more.reason, /U2 has 487 against U1's 468/);
    // U3's single trip-free total (0) is lower than U1's 1.
    const fewest = await judge('U1 had the fewest trips of the three units.', [units], { decision: 'rules' });
    assert.equal(fewest.partition, 'contradicted', fewest.reason);
  });

  it('is left alone for the group at that end, and for a level that does not add up', async () => {
    const most = await judge('U2 had more run hours than any other unit.', [units], { decision: 'rules' });
    assert.notEqual(most.partition, 'contradicted', most.reason);
    // Availability is a percentage per week: its sum over a unit's weeks ranks nothing (the
    // weeks' own rows may still rank it).
    const level = await judge('U1 had the highest availability of the three units.', [units], { decision: 'rules' });
    assert.doesNotMatch(level.reason, /total of availability/);
    // "the most reliable" is a quality, not an amount of anything.
    const quality = await judge('U1 was the most reliable unit.', [units], { decision: 'rules' });
    assert.notEqual(quality.partition, 'contradicted', quality.reason);
  });
});

// Rejected of dispatched, per retailer: Fairmart (2 + 4) / (120 + 130) = 6 / 250 = 2.4%;
// Greenway (3 + 8) / (64 + 62) = 11 / 126 = 8.7%; Orchard (1 + 0) / (40 + 44) = 1 / 84 = 1.2%.
// rejected_firmness and rejected_other are parts of pallets_rejected (never more on any row, though
// it is 0 on one), so "reject" names pallets_rejected. Week totals: W10 120 + 64 + 40 = 224, W11 236.
const dispatch = {
  file: 'dispatch_weekly.csv',
  text: [
    'week,retailer,pallets_dispatched,pallets_rejected,rejected_firmness,rejected_other',
    '2025-W10,Fairmart,120,2,0,2',
    '2025-W10,Greenway,64,3,3,0',
    '2025-W10,Orchard,40,1,1,0',
    '2025-W11,Fairmart,130,4,3,1',
    '2025-W11,Greenway,62,8,8,0',
    '2025-W11,Orchard,44,0,0,0',
  ].join('\n'),
};

describe('offline judge: a rank of groups of rows by a share of their count', () => {
  it('is contradicted when another group\'s share of its rows is lower (or higher)', async () => {
    const lowest = await judge('Fairmart had the lowest reject rate of the three retailers.', [dispatch], { decision: 'rules' });
    assert.equal(lowest.partition, 'contradicted', lowest.reason);
    assert.match(lowest.reason, /Orchard has 1\.2 against Fairmart's 2\.4/);
    const highest = await judge('Orchard had the highest reject rate of the three retailers.', [dispatch], { decision: 'rules' });
    assert.equal(highest.partition, 'contradicted', highest.reason);
  });

  it('is left alone for the group at that end', async () => {
    const lowest = await judge('Orchard had the lowest reject rate of the three retailers.', [dispatch], { decision: 'rules' });
    assert.notEqual(lowest.partition, 'contradicted', lowest.reason);
    const highest = await judge('Greenway had the highest reject rate of the three retailers.', [dispatch], { decision: 'rules' });
    assert.notEqual(highest.partition, 'contradicted', highest.reason);
  });
});

describe('offline judge: a rank of periods named by their own name', () => {
  it('reads "week 10" as the rows of 2025-W10 and ranks the weeks by their totals', async () => {
    const busiest = await judge('Week 10 was the busiest dispatch week.', [dispatch], { decision: 'rules' });
    assert.equal(busiest.partition, 'contradicted', busiest.reason);
    assert.match(busiest.reason, /2025-W11 has 236 against 2025-W10's 224/);
    const right = await judge('Week 11 was the busiest dispatch week.', [dispatch], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

// Call-out rate (call-outs over standby days) by base and month; each base has two rows a month.
// April: NRT (60 + 30) / (300 + 100) = 22.5%, BRS (50 + 20) / (250 + 100) = 20.0%.
// May:   NRT (66 + 24) / (300 + 100) = 22.5%, BRS (70 + 20) / (250 + 100) = 25.7%.
// (The press table below is the one where the group leads overall and loses one period.)
const callouts = {
  file: 'standby_callouts.csv',
  text: [
    'month,base,standby_type,standby_days,callouts',
    '2024-04,NRT,home,300,60',
    '2024-04,NRT,airport,100,30',
    '2024-04,BRS,home,250,50',
    '2024-04,BRS,airport,100,20',
    '2024-05,NRT,home,300,66',
    '2024-05,NRT,airport,100,24',
    '2024-05,BRS,home,250,70',
    '2024-05,BRS,airport,100,20',
  ].join('\n'),
};

// Run minutes by press and week. W14: P-3 6,900, P-6 6,800; W15: P-3 6,850, P-6 6,900;
// W16: P-3 6,950, P-6 6,100. Over the three weeks P-3 ran 20,700 and P-6 19,800: P-3 leads
// overall but not in W15.
const presses = {
  file: 'press_weeks.csv',
  text: ['week,press,run_minutes', '2025-W14,P-3,6900', '2025-W14,P-6,6800', '2025-W15,P-3,6850', '2025-W15,P-6,6900', '2025-W16,P-3,6950', '2025-W16,P-6,6100'].join('\n'),
};

describe('offline judge: a rank claimed in every period', () => {
  it('is contradicted by the period in which another group leads, even when the group leads overall', async () => {
    const verdict = await judge('P-3 logged the most run minutes of the two presses in every week.', [presses], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /in 2025-W15 P-6 has 6900 against P-3's 6850/);
  });

  it('reads a hyphenated rate word as its glued column ("call-out" names callouts) and ranks each month', async () => {
    const verdict = await judge('NRT had the highest call-out rate of the two bases in every month.', [callouts], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /in 2024-05 BRS has 25\.7 against NRT's 22\.5/);
  });

  it('is left alone when the group leads in each period', async () => {
    // W14 6,900 > 6,800 and W16 6,950 > 6,100 hold, but only over those weeks: with W15 left out
    // of the table P-3 leads every week.
    const twoWeeks = { file: 'press_weeks.csv', text: presses.text.split('\n').filter((line) => !line.startsWith('2025-W15')).join('\n') };
    const verdict = await judge('P-3 logged the most run minutes of the two presses in every week.', [twoWeeks], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a rank of groups by how many rows each has', () => {
  // One row per call: defrost has 3 (WO-2, WO-4, WO-6), condenser fan 2 (WO-1, WO-5), compressor 1;
  // Okafor took 3 (WO-1, WO-2, WO-3), Reyes 2, Vogt 1.
  const calls = {
    file: 'service_calls.csv',
    text: [
      'call_id,store,category,technician',
      'WO-1,203,condenser fan,Okafor',
      'WO-2,208,defrost,Okafor',
      'WO-3,211,compressor,Okafor',
      'WO-4,214,defrost,Reyes',
      'WO-5,203,condenser fan,Reyes',
      'WO-6,222,defrost,Vogt',
    ].join('\n'),
  };

  it('"the most common category" and "the most calls" count each group\'s rows', async () => {
    const common = await judge('Condenser fan faults were the most common category.', [calls], { decision: 'rules' });
    assert.equal(common.partition, 'contradicted', common.reason);
    assert.match(common.reason, /defrost has 3 against condenser fan's 2/);
    const right = await judge('Defrost was the most common category.', [calls], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // "calls" names the table of calls: Okafor's 3 beat Reyes's 2.
    const calls2 = await judge('Reyes handled the most calls.', [calls], { decision: 'rules' });
    assert.equal(calls2.partition, 'contradicted', calls2.reason);
    const okafor = await judge('Okafor handled the most calls.', [calls], { decision: 'rules' });
    assert.notEqual(okafor.partition, 'contradicted', okafor.reason);
  });

  it('counts no rows of a table without one row per thing', async () => {
    // Monthly rows, no identifier column: two months of each category say nothing of how many calls.
    const monthly = {
      file: 'calls_monthly.csv',
      text: ['month,category,hours', '2024-07,defrost,5', '2024-08,defrost,6', '2024-07,condenser fan,9', '2024-08,condenser fan,2', '2024-09,condenser fan,1'].join('\n'),
    };
    const verdict = await judge('Defrost was the most common category.', [monthly], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a rank of groups by a share taken over a period', () => {
  // Over the two days: UK2 (930 + 920) / (1,000 + 1,000) = 92.5%; US1 (910 + 930) / (1,000 + 1,000) = 92.0%; EU1 95.0%.
  const auth = {
    file: 'daily_auth.csv',
    text: [
      'date,acquirer,attempts,approved',
      '2024-11-04,ACQ-EU1,1000,950',
      '2024-11-04,ACQ-UK2,1000,930',
      '2024-11-04,ACQ-US1,1000,910',
      '2024-11-05,ACQ-EU1,1000,950',
      '2024-11-05,ACQ-UK2,1000,920',
      '2024-11-05,ACQ-US1,1000,930',
    ].join('\n'),
  };

  it('"the lowest weekly approval rate": the period word names no column', async () => {
    const wrong = await judge('ACQ-UK2 had the lowest weekly approval rate.', [auth], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /ACQ-US1 has 92 against ACQ-UK2's 92\.5/);
    const right = await judge('ACQ-US1 had the lowest weekly approval rate.', [auth], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

// Discharges by month and hour band: January 600 + 900 + 452 = 1,952; February 580 + 850 + 400 =
// 1,830; March 610 + 880 + 436 = 1,926. via_discharge_lounge is a part, named with the word too.
const discharges = {
  file: 'discharges_by_hour.csv',
  text: [
    'month,hour_band,discharges,via_discharge_lounge',
    '2025-01,08-12,600,100', '2025-01,12-16,900,200', '2025-01,16-20,452,150',
    '2025-02,08-12,580,90', '2025-02,12-16,850,210', '2025-02,16-20,400,140',
    '2025-03,08-12,610,95', '2025-03,12-16,880,230', '2025-03,16-20,436,160',
  ].join('\n'),
};

describe("offline judge: a period ranked by its rows' total, the measure named by the claim's figure", () => {
  it('"March was the busiest of the three months, with 1,926 discharges" is contradicted: January had 1,952', async () => {
    const verdict = await judge('March was the busiest of the three months, with 1,926 discharges.', [discharges], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /by the total of discharges; 2025-01 has 1952 against 2025-03's 1926/);
  });

  it('"January was the busiest of the three months, with 1,952 discharges" is not contradicted', async () => {
    const verdict = await judge('January was the busiest of the three months, with 1,952 discharges.', [discharges], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

// Revenue per ride by week and district. W39: Baixa 99,000 / 30,000 = 3.30, Campanhã 38,500 / 13,000
// = 2.96, Foz 52,000 / 16,000 = 3.25. W36: Campanhã 36,000 / 12,500 = 2.88 (lower, but another week).
const rides = {
  file: 'rides_weekly.csv',
  text: [
    'week,district,rides,avg_ride_min,revenue_eur',
    'W36,Baixa,31000,11.4,99500', 'W36,Campanhã,12500,12.0,36000', 'W36,Foz,15000,13.1,50000',
    'W39,Baixa,30000,11.2,99000', 'W39,Campanhã,13000,12.2,38500', 'W39,Foz,16000,13.0,52000',
  ].join('\n'),
};

describe('offline judge: a group ranked within a period the claim names', () => {
  it('"Campanhã has the lowest revenue per ride of the three districts, at about €2.96 in W39" is not ranked among weeks', async () => {
    const verdict = await judge('Campanhã still has the lowest revenue per ride of the three districts, at about €2.96 in W39.', [rides], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('"Foz has the lowest revenue per ride of the three districts in W39" is contradicted by Campanhã', async () => {
    const verdict = await judge('Foz has the lowest revenue per ride of the three districts in W39.', [rides], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /Campanhã has 2\.96/);
  });
});
