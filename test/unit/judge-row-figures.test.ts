// The offline judge deriving a figure from two cells of one row: the span between a row's two
// moments, a rate of two of its columns named by the figure's units ("L/h" is litres over hours),
// the whole table's rate when no row is named; and a range that writes its unit once. Evidence is
// parsed by the real evidence reader; every expected value is worked out by hand in the comment.
import * as assert from 'node:assert/strict';
import { extractFeatures } from '../../src/core/retrieval/index';
import { judge } from '../support/judge-sources';

const fleet = {
  file: 'fleet_week.csv',
  text: [
    'machine_id,shift_hours,fuel_l,area_ha,downtime_h',
    'GR-01,40.0,1000,80.0,0.0',
    'GR-02,50.0,1450,58.0,2.0',
    'GR-03,30.0,600,50.0,4.0',
  ].join('\n'),
};

const calls = {
  file: 'calls.json',
  text: JSON.stringify(
    {
      calls: [
        { vessel: 'MV Lark Bay', berth: 'B1', arrived: '2024-10-07T06:30:00Z', departed: '2024-10-08T09:15:00Z', moves: 2310 },
        { vessel: 'MV Tern Point', berth: 'B2', arrived: '2024-10-07T14:00:00Z', departed: '2024-10-08T08:40:00Z', moves: 1480 },
      ],
    },
    null,
    2,
  ),
};

describe('offline judge: figures one row gives through two of its cells', () => {
  it("a rate named by its units is the row's numerator column over its denominator column", async () => {
    // GR-02: 1,450 L over 50.0 shift hours = 29.0 L/h; over 58.0 ha = 25.0 L/ha.
    const perHour = await judge('GR-02 used 29.0 L/h.', [fleet]);
    assert.equal(perHour.partition, 'grounded', perHour.reason);
    const perHectare = await judge('GR-02 burned 25.0 L per hectare.', [fleet]);
    assert.equal(perHectare.partition, 'grounded', perHectare.reason);
  });

  it('a rate no pair of the named columns gives is not grounded', async () => {
    // GR-02: 1,450 / 50.0 = 29.0 and 1,450 / 2.0 = 725 per downtime hour; 27.0 is neither.
    const claim = await judge('GR-02 used 27.0 L/h.', [fleet]);
    assert.notEqual(claim.partition, 'grounded', claim.reason);
  });

  it('with no row named, the rate is the column sums’ ratio', async () => {
    // (1,000 + 1,450 + 600) L over (40 + 50 + 30) shift hours = 3,050 / 120 = 25.4 L/h.
    const claim = await judge('Across all machines, fuel came to 25.4 L per shift hour.', [fleet]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it("a duration is the span between a named row's two moments, across midnight", async () => {
    // MV Tern Point: 14:00 on the 7th to 08:40 on the 8th = 18 h 40 min.
    const claim = await judge('MV Tern Point left B2 after 18 hours 40 minutes.', [calls]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it("another row's span is not the named row's", async () => {
    // 26 h 45 min is MV Lark Bay's stay (06:30 on the 7th to 09:15 on the 8th), not MV Tern Point's.
    const claim = await judge('MV Tern Point left B2 after 26 hours 45 minutes.', [calls]);
    assert.notEqual(claim.partition, 'grounded', claim.reason);
  });

  it('a range writes its unit once: both ends are in it', () => {
    const read = (text: string) => extractFeatures(text).quantities.map((q) => [q.dimension, q.value]);
    // 31.4 hours = 113,040 s; 28.7 hours = 103,320 s.
    assert.deepEqual(read('Average berth time fell from 31.4 to 28.7 hours.'), [['duration', 113040], ['duration', 103320]]);
    assert.deepEqual(read('It rose from 12 to 15%.'), [['percent', 12], ['percent', 15]]);
    // Not a range: a count of hosts, then hours.
    assert.deepEqual(read('3 hosts were down for 5 hours.'), [['count', 3], ['duration', 18000]]);
  });
});

describe('offline judge: a date that is another date plus a period', () => {
  const change = { file: 'change.log', text: '2026-04-17T06:00:00Z snapshot snap-vx-0417 taken before the irrigation change, retention 14 days' };

  it("is grounded when a record's date plus the stated period gives it", async () => {
    // snap-vx-0417 taken on 17 April; kept 14 days: 17 + 14 = 1 May.
    const claim = await judge('Snapshot snap-vx-0417 is kept for 14 days, so it can be used until 1 May.', [change]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it('is not grounded when no date and period give it', async () => {
    // 17 April + 14 days is 1 May, not 5 May (nor 30 April, the inclusive end; nor 3 April, 14 days before).
    const claim = await judge('Snapshot snap-vx-0417 is kept for 14 days, so it can be used until 5 May.', [change]);
    assert.notEqual(claim.partition, 'grounded', claim.reason);
  });
});

describe('offline judge: comparing two rows of a table with attribute columns', () => {
  const machines = {
    file: 'machines.csv',
    text: ['machine_id,model,shift_hours,area_ha', 'GR-01,Alpha 600,40.0,80.0', 'GR-02,Beta 400,50.0,58.0', 'GR-03,Alpha 600,30.0,50.0'].join('\n'),
  };

  it('a column with one value per machine (its model) does not keep two machines apart', async () => {
    // GR-02 groomed 58.0 ha, GR-01 80.0 ha: "more area than GR-01" is reversed; area_ha is named by "area" (ha is its unit).
    const claim = await judge('GR-02 groomed more area than GR-01.', [machines]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    const right = await judge('GR-01 groomed more area than GR-02.', [machines]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

describe('offline judge: comparing a rate of two columns', () => {
  it('"more area per hour than" compares area over shift hours, not area', async () => {
    // GR-01: 80.0 ha / 40.0 h = 2.0 ha/h; GR-02: 58.0 / 50.0 = 1.16; GR-03: 50.0 / 30.0 = 1.67.
    // downtime_h has zeros, so it is no denominator. GR-03 groomed less area than GR-02 but more per hour.
    const more = await judge('GR-03 groomed more area per hour than GR-02.', [fleet]);
    assert.notEqual(more.partition, 'contradicted', more.reason);
    const less = await judge('GR-02 groomed more area per hour than GR-01.', [fleet]);
    assert.equal(less.partition, 'contradicted', less.reason);
  });
});

describe('offline judge: a rate worded with its rate noun, between two sides one of which is described', () => {
  // Failures by month: C3 has 30 fixtures and 3 + 4 = 7 failures (7 / 60 fixture-months = 0.117);
  // C2 has 186 fixtures and 14 + 12 = 26 failures (26 / 372 = 0.070). description is one per circuit.
  const circuits = {
    file: 'lamp_failures.csv',
    text: [
      'month,circuit,description,fixtures,lamp_failures',
      '2024-10,C2,RWY centreline,186,14',
      '2024-10,C3,RWY 27 approach,30,3',
      '2024-11,C2,RWY centreline,186,12',
      '2024-11,C3,RWY 27 approach,30,4',
    ].join('\n'),
  };

  it('"the RWY 27 approach circuit C3 had a lower failure rate per fixture than C2" is contradicted: 0.117 against 0.070', async () => {
    const claim = await judge('The RWY 27 approach circuit C3 had a lower failure rate per fixture than C2.', [circuits], { decision: 'rules' });
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /by lamp_failures \/ fixtures/);
  });

  it('"C3 had a higher failure rate per fixture than C2" is not contradicted', async () => {
    const claim = await judge('The RWY 27 approach circuit C3 had a higher failure rate per fixture than C2.', [circuits], { decision: 'rules' });
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
});
