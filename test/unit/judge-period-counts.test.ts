// The offline judge against a count of one entity's periods past a limit ("P3 went over the
// 45-minute daily downtime budget on five of the seven days"; derive/threshold-counts.ts) and a
// group's share of a whole named by the plant ("P3 produced 38% of the plant's scrap";
// contradictions/group-shares.ts). Evidence is parsed by the real evidence reader; every count and
// share is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// P3's downtime over the week: 36, 40, 45, 52, 49, 66, 71 minutes. Over 45: 52, 49, 66, 71 (four
// days; 45 itself is not over). P1's rows are another press's: 50 and 55 on two days.
const daily = {
  file: 'press_daily.csv',
  text: [
    'date,press,billets,downtime_min',
    '2024-10-07,P1,298,50',
    '2024-10-07,P3,182,36',
    '2024-10-08,P1,305,30',
    '2024-10-08,P3,179,40',
    '2024-10-09,P1,291,55',
    '2024-10-09,P3,181,45',
    '2024-10-10,P1,300,20',
    '2024-10-10,P3,176,52',
    '2024-10-11,P1,296,25',
    '2024-10-11,P3,178,49',
    '2024-10-12,P1,288,30',
    '2024-10-12,P3,174,66',
    '2024-10-13,P1,120,10',
    '2024-10-13,P3,171,71',
  ].join('\n'),
};

describe('offline judge: a count of one entity\'s periods past a limit', () => {
  it('is contradicted when the entity\'s rows put another number of days past it', async () => {
    const five = await judge('P3 went over the 45-minute daily downtime budget on five of the seven days.', [daily], { decision: 'rules' });
    assert.equal(five.partition, 'contradicted', five.reason);
    assert.match(five.reason, /4 of the 7 rows/);
  });

  it('is left alone when the count fits, or no entity picks the rows', async () => {
    const four = await judge('P3 went over the 45-minute daily downtime budget on four of the seven days.', [daily], { decision: 'rules' });
    assert.notEqual(four.partition, 'contradicted', four.reason);
    // Every press's rows together are no one entity's days.
    const anyPress = await judge('The presses went over the 45-minute daily downtime budget on five days.', [daily], { decision: 'rules' });
    assert.notEqual(anyPress.partition, 'contradicted', anyPress.reason);
  });
});

// One mill's days: gauge in tolerance 97.2, 96.9, 97.5, 97.8, 98.1, 97.0, 98.3 (%). At or above the
// 97.5% target: 97.5, 97.8, 98.1, 98.3 (four days; 97.5 meets it exactly); below it: three days.
// Downtime 30, 45, 60, 20, 50, 45, 10 minutes: at or under a 45-minute goal on five days.
const mill = {
  file: 'quality_daily.csv',
  text: [
    'date,coils,gauge_in_tol_pct,downtime_min',
    '2024-11-04,638,97.2,30',
    '2024-11-05,588,96.9,45',
    '2024-11-06,407,97.5,60',
    '2024-11-07,626,97.8,20',
    '2024-11-08,654,98.1,50',
    '2024-11-09,587,97.0,45',
    '2024-11-10,652,98.3,10',
  ].join('\n'),
};

describe('offline judge: a count of periods that met or missed a goal', () => {
  it('meeting a goal includes reaching it exactly, on the side the measure is good', async () => {
    const three = await judge('Gauge met the 97.5% target on three of the seven days.', [mill], { decision: 'rules' });
    assert.equal(three.partition, 'contradicted', three.reason);
    assert.match(three.reason, /4 of the 7 rows/);
    const four = await judge('Gauge met the 97.5% target on four of the seven days.', [mill], { decision: 'rules' });
    assert.notEqual(four.partition, 'contradicted', four.reason);
    // Missing it is being strictly below it: 97.2, 96.9 and 97.0.
    const missed = await judge('Gauge missed the 97.5% target on four of the seven days.', [mill], { decision: 'rules' });
    assert.equal(missed.partition, 'contradicted', missed.reason);
    assert.match(missed.reason, /3 of the 7 rows/);
  });

  it('a goal on a measure whose good side is lower, and none on a measure that says neither', async () => {
    // Downtime is better lower: at or under 45 minutes on five days (30, 45, 20, 45, 10).
    const downtime = await judge('The mill met the 45-minute downtime goal on four of the seven days.', [mill], { decision: 'rules' });
    assert.equal(downtime.partition, 'contradicted', downtime.reason);
    assert.match(downtime.reason, /5 of the 7 rows/);
    // Coils say no good side: no count of days is read for them.
    const coils = await judge('The mill met the 600-coil target on two of the seven days.', [mill], { decision: 'rules' });
    assert.notEqual(coils.partition, 'contradicted', coils.reason);
  });
});

// Scrap by press: P1 400 + 100 = 500, P2 300 + 200 = 500, P3 500 + 500 = 1,000 of 2,000 kg (50%).
const reasons = {
  file: 'scrap_reasons.csv',
  text: [
    'week,press,reason,scrap_kg,logs_rejected',
    '2024-W41,P1,butt_backend,400,0',
    '2024-W41,P1,die_lines,100,8',
    '2024-W41,P2,butt_backend,300,0',
    '2024-W41,P2,die_lines,200,12',
    '2024-W41,P3,butt_backend,500,0',
    '2024-W41,P3,die_lines,500,30',
  ].join('\n'),
};

describe('offline judge: a share of the plant\'s whole in a table of two measures', () => {
  it('reads the share by the measure the whole names', async () => {
    const wrong = await judge('P3 produced about 38% of the plant\'s scrap.', [reasons], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /scrap_kg is 1000 of 2000/);
    const right = await judge('P3 produced about 50% of the plant\'s scrap.', [reasons], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('leaves a rate of two measures alone', async () => {
    // Rejected logs against scrap is a rate of two columns, not P3's share of the plant's scrap.
    const rate = await judge('At P3, rejected logs came to about 38% of the plant\'s scrap.', [reasons], { decision: 'rules' });
    assert.notEqual(rate.partition, 'contradicted', rate.reason);
  });
});

// Hammer by category over the two months: Jewellery 600 + 640 = 1,240 of (600 + 400 + 250) + (640 +
// 360 + 250) = 2,500 (49.6%). lots_sold of lots_offered gives the table an implied share column
// (lots_sold_share), a rate computed from the table, no share the table itself states.
const lots = {
  file: 'lots_by_category.csv',
  text: [
    'month,category,lots_offered,lots_sold,hammer_gbp',
    '2024-07,Jewellery,80,60,600',
    '2024-07,Fine Art,50,40,400',
    '2024-07,Furniture,60,45,250',
    '2024-08,Jewellery,82,64,640',
    '2024-08,Fine Art,45,36,360',
    '2024-08,Furniture,58,44,250',
  ].join('\n'),
};

describe('offline judge: a share of a whole beside a rate the table implies', () => {
  it('reads the share by the measure the whole names, the implied rate aside', async () => {
    const wrong = await judge('Jewellery contributed about 31% of the quarter\'s hammer.', [lots], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /hammer_gbp is 1240 of 2500/);
    const right = await judge('Jewellery contributed about 50% of the quarter\'s hammer.', [lots], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

