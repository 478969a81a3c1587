// The offline judge on who and what a claim compares or denies: a comparison's measure named by a
// phrase or by an out- verb, a number that labels a named value, a rank word that orders lengths,
// a denial scoped to the values and the period it names, and a figure that says how long or out of
// what rather than what held. Evidence is parsed by the real readers; figures worked out by hand.
import * as assert from 'node:assert/strict';
import { judge, judgeReport } from '../support/judge-sources';

// Tees 0.3 and 0.5 against approaches 0.4 and 0.6: approaches carried more in both weeks.
const scouting = {
  file: 'scouting.csv',
  text: ['week_start,area,dollar_spot_centers_per_1000sqft,scout', '2024-06-03,tees,0.3,AW', '2024-06-03,approaches,0.4,AW', '2024-06-03,greens,0.1,AW', '2024-06-10,tees,0.5,AW', '2024-06-10,approaches,0.6,AW', '2024-06-10,greens,0.2,AW'].join('\n'),
};

// Shift A: 2,412 + 2,300 = 4,712 filled; shift B: 2,288 + 2,250 = 4,538.
const shifts = {
  file: 'shift_output.csv',
  text: ['date,shift,carousel,filled,leak_fail', '2024-11-04,A,C1,2412,4', '2024-11-04,B,C1,2288,3', '2024-11-05,A,C1,2300,5', '2024-11-05,B,C1,2250,2'].join('\n'),
};

describe('offline judge: the measure of a comparison', () => {
  it('"more dollar spot than" names dollar_spot_centers_per_1000sqft, though the phrase leaves "centers" unsaid', async () => {
    const wrong = await judge('Tees carried more dollar spot than approaches throughout June.', [scouting], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /dollar_spot_centers_per_1000sqft/);
    const right = await judge('Approaches carried more dollar spot than tees throughout June.', [scouting], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"Shift B out-produced shift A" compares what each filled, and is contradicted; the other way round is not', async () => {
    const wrong = await judge('Shift B out-produced shift A over the week.', [shifts], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /out-produced" by filled/);
    const right = await judge('Shift A out-produced shift B over the week.', [shifts], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"outdoor" or "outcome" is no out- verb', async () => {
    const outdoor = await judge('Shift B worked the outdoor bays over the week.', [shifts], { decision: 'rules' });
    assert.doesNotMatch(outdoor.reason, /claim says "out/);
  });
});

describe('offline judge: a number that labels a named value', () => {
  // L4 is the most punctual, 2,732 of 2,900 on time (94.2%); L3 cancelled the most (35), and L4 cancelled 4 — the number of its name.
  const lines = {
    file: 'lines.csv',
    text: ['line,scheduled,cancelled,on_time', 'L1,4200,10,3860', 'L2,3600,17,3150', 'L3,3850,35,3234', 'L4,2900,4,2732'].join('\n'),
  };
  it('"Line 4 … at 94.2%" is not ranked by the column that holds a 4', async () => {
    const verdict = await judge('Line 4 was the most punctual line, at 94.2%.', [lines], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    assert.doesNotMatch(verdict.reason, /cancelled/);
  });
});

describe('offline judge: "the longest single …" orders lengths, not counts', () => {
  // Frozen lanes had 2 + 2 = 4 excursions, 2-8C lanes 6 + 8 = 14: a rank of classes by their count would wrongly contradict.
  const lanes = {
    file: 'lane_summary.csv',
    text: ['month,courier,product_class,shipments,excursions', '2024-07,Nordvik,frozen,44,2', '2024-07,Nordvik,2-8C,196,6', '2024-08,Nordvik,frozen,47,2', '2024-08,Nordvik,2-8C,201,8'].join('\n'),
  };
  const excursions = {
    file: 'excursions.csv',
    text: ['excursion_id,date,courier,product_class,duration_min', 'EXC-24321,2024-08-02,Nordvik,2-8C,40', 'EXC-24322,2024-08-06,Nordvik,frozen,212', 'EXC-24323,2024-08-09,Nordvik,2-8C,35'].join('\n'),
  };
  it('"the longest single excursion, on a frozen shipment, lasted 212 minutes" is no rank of product classes by excursions', async () => {
    const verdict = await judge('The longest single excursion, EXC-24322 on a Nordvik frozen shipment on 6 August, lasted 212 minutes.', [lanes, excursions], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
  it('a rank of groups by a count still reads "the most"', async () => {
    const verdict = await judge('Frozen shipments had the most excursions of any product class.', [lanes], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a denial scoped to the values and the period it names', () => {
  // MedExpress frozen: 1 excursion in June, 0 in August; MedExpress 2-8C: 3 in August.
  const lanes = {
    file: 'lane_summary.csv',
    text: ['month,courier,product_class,shipments,excursions', '2024-06,MedExpress,frozen,118,1', '2024-06,MedExpress,2-8C,412,3', '2024-08,MedExpress,frozen,117,0', '2024-08,MedExpress,2-8C,398,3', '2024-08,Arctis,frozen,99,1'].join('\n'),
  };
  it('rows of another product class, another courier or another month are no counter-example', async () => {
    const verdict = await judge("MedExpress's frozen lane had no excursions at all in August.", [lanes], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
  it('the lane\'s own row with excursions still contradicts the denial', async () => {
    const verdict = await judge("MedExpress's frozen lane had no excursions at all in June.", [lanes], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a figure that says how long or out of what, not what held', () => {
  // Legs 3 and 4, after Milan, were inside the band for both trucks; legs 1 and 2 were not for TRK-1.
  const legs = {
    file: 'tour_legs.csv',
    text: ['leg_no,from,to,truck,minutes_outside_band', '1,Hamburg,Leipzig,TRK-1,12', '1,Hamburg,Leipzig,TRK-2,0', '2,Leipzig,Milan,TRK-1,5', '2,Leipzig,Milan,TRK-2,0', '3,Milan,Lyon,TRK-1,0', '3,Milan,Lyon,TRK-2,0', '4,Lyon,Paris,TRK-1,0', '4,Lyon,Paris,TRK-2,0'].join('\n'),
  };
  it('"stayed inside the band for the last two legs" does not say something held at two', async () => {
    const verdict = await judge('After Milan, both trucks stayed inside the policy band for the last two legs.', [legs], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
  it('"no more than 21 of 50 connections" does not say something held at 50', async () => {
    // pass-api-1 used 21 of its 50; pass-api-2 all 50.
    const trace = {
      file: 'trace.jsonl',
      text: [
        '{"ts":"2024-02-17T08:50:02Z","type":"tool_call","tool":"metrics.query","args":{"service":"pass-api","fields":["db_pool_used"]}}',
        '{"ts":"2024-02-17T08:50:04Z","type":"tool_result","tool":"metrics.query","result":{"pass-api-1":{"p95_ms":155,"db_pool_used":"21/50"},"pass-api-2":{"p95_ms":5020,"db_pool_used":"50/50"}}}',
      ].join('\n'),
    };
    const verdict = await judge('pass-api-1 stayed healthy throughout, with no more than 21 of 50 pool connections in use in any sample.', [trace], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a change between two periods that each hold several rows', () => {
  // Q2: 17,420 + 17,980 + 17,150 = 52,550 MMscf; Q3: 18,420 + 17,690 + 18,200 = 54,310; +3.35%.
  const kpi = {
    file: 'station_kpi.log',
    text: [
      '[tool=kpi row=1] month=2024-04 station=MJ-2 throughput_mmscf=17420',
      '[tool=kpi row=2] month=2024-05 station=MJ-2 throughput_mmscf=17980',
      '[tool=kpi row=3] month=2024-06 station=MJ-2 throughput_mmscf=17150',
      '[tool=kpi row=4] month=2024-07 station=MJ-2 throughput_mmscf=18420',
      '[tool=kpi row=5] month=2024-08 station=MJ-2 throughput_mmscf=17690',
      '[tool=kpi row=6] month=2024-09 station=MJ-2 throughput_mmscf=18200',
    ].join('\n'),
  };
  it('"Q3 throughput was about 8% higher than Q2" is contradicted by the quarters\' monthly totals', async () => {
    const verdict = await judge('Q3 throughput was about 8% higher than Q2.', [kpi], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /52550 over 3 rows \(Q2\) to 54310 over 3 rows \(Q3\)/);
  });
  it('the right size and way are not contradicted; the wrong way is', async () => {
    const right = await judge('Q3 throughput was about 3% higher than Q2.', [kpi], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const reversed = await judge('Q3 throughput was about 3% lower than Q2.', [kpi], { decision: 'rules' });
    assert.equal(reversed.partition, 'contradicted', reversed.reason);
  });
});

describe('offline judge: "your … default" is the customer\'s own setting', () => {
  const notes = { file: 'release_notes.md', text: '# 5.4.0\n\n- Added: `availability.snapshot_time` makes the daily snapshot time configurable\n  (default 04:30 local time).\n' };
  const config = { file: 'config.json', text: JSON.stringify({ availability: { snapshot_time: '04:15' } }, null, 2) };
  it('"Your snapshot runs at the default time of 04:30" is contradicted by the config\'s 04:15', async () => {
    const verdict = await judge('Your snapshot runs at the default time of 04:30.', [notes, config], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /sets 04:15/);
  });
  it('the product\'s default, said as such, and the site\'s own time are not', async () => {
    const product = await judge('The snapshot runs at 04:30 by default.', [notes, config], { decision: 'rules' });
    assert.notEqual(product.partition, 'contradicted', product.reason);
    const own = await judge('Your snapshot runs at 04:15.', [notes, config], { decision: 'rules' });
    assert.notEqual(own.partition, 'contradicted', own.reason);
  });
});

describe('offline judge: "no other <thing> raised an alarm" where the records call things by code', () => {
  // S-07 is the setter the report is about; S-08, a code of the same shape, raised its own alarm at 03:41.
  const alerts = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=SET-TEMP-HIGH-S07 fired_at=2024-03-14T01:58:10Z severity=critical unit=S-07 summary="temp 101.2F above limit"',
      '[signal] alert_id=SET-RH-LOW-S08 fired_at=2024-03-14T03:41:26Z severity=warning unit=S-08 summary="rh 49% below limit 50%"',
    ].join('\n'),
  };
  it('an alarm of S-08 contradicts "no other setter or hatcher raised an alarm" said after S-07', async () => {
    const verdict = await judgeReport(['Setter S-07 overheated after its cooling valve stuck.', 'No other setter or hatcher raised an alarm during the night.'], [alerts], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /SET-RH-LOW-S08/);
  });
  it('with no other code of that shape alarming, the denial is not contradicted', async () => {
    const own = { file: 'alerts.log', text: alerts.text.split('\n')[0]! };
    const verdict = await judgeReport(['Setter S-07 overheated after its cooling valve stuck.', 'No other setter or hatcher raised an alarm during the night.'], [own], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: "no other keys were changed" against every write the evidence shows', () => {
  it('a command line\'s `--set` writes count, and a key that shares its last part with a named one is not named by it', async () => {
    // The report named raw_chromatograms.hot_days; the apply also set instrument_logs.hot_days=60.
    const trace = {
      file: 'trace.jsonl',
      text: JSON.stringify({ type: 'tool_call', tool: 'shell', args: { cmd: 'retention apply --set raw_chromatograms.hot_days=180 --set instrument_logs.hot_days=60' }, result: 'applied 2 settings', mutating: true, exit_ok: true }),
    };
    const verdict = await judgeReport(['The change lowered raw_chromatograms hot days from 365 to 180.', 'No other retention keys were changed.'], [trace], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /instrument_logs\.hot_days/);
  });
  it('an object of an old and a new value is the change of the key it stands under', async () => {
    // Both sensitivity and the heat alert threshold changed; the report named only sensitivity.
    const deploy = { file: 'deploy.json', text: JSON.stringify({ config_changes: { 'heat_detection.sensitivity': { from: 'medium', to: 'high' }, 'activity.heat_alert_threshold_pct': { from: 150, to: 140 } } }, null, 2) };
    const verdict = await judgeReport(['Heat detection sensitivity went from medium to high.', 'No other configuration keys were modified.'], [deploy], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /activity\.heat_alert_threshold_pct \(150 → 140\)/);
    const both = await judgeReport(['Heat detection sensitivity went from medium to high and the heat alert threshold from 150 to 140.', 'No other configuration keys were modified.'], [deploy], { decision: 'rules' });
    assert.notEqual(both.partition, 'contradicted', both.reason);
  });
});

describe('offline judge: a change recorded as an old and a new value under its own key', () => {
  // The CO2 limit went from 8,000 down to 7,500 ppm.
  const plan = { file: 'change_plan.json', text: JSON.stringify({ profile_change: { parameters: { co2_limit_ppm: { from: 8000, to: 7500 } } } }, null, 2) };
  it('"raised to 8,000 ppm" is contradicted: 8,000 was the old value and the limit was lowered', async () => {
    const verdict = await judge('The CO2 limit was raised to 8,000 ppm.', [plan], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /co2_limit_ppm from 8000 to 7500/);
  });
  it('the change said rightly, a value in a plan still to come, and another entity\'s setting are not', async () => {
    const right = await judge('The CO2 limit was lowered from 8,000 to 7,500 ppm.', [plan], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const planned = await judge('A retry is scheduled with the CO2 limit raised to 8,000 ppm.', [plan], { decision: 'rules' });
    assert.notEqual(planned.partition, 'contradicted', planned.reason);
    const other = await judge('HP-EAST-WING kept its CO2 limit at 8,000 ppm.', [plan], { decision: 'rules' });
    assert.notEqual(other.partition, 'contradicted', other.reason);
  });
});

describe('offline judge: a comparison whose measure a noun names by its unit', () => {
  // L1: 2,310 + 2,291 = 4,601 kWh; L2: 2,521 + 2,480 = 5,001 kWh: L2 used more.
  const energy = {
    file: 'metrics.log',
    text: [
      '[tool=energy row=1] date=2024-11-04 line=L1 kwh=2310 water_m3=167.6',
      '[tool=energy row=2] date=2024-11-04 line=L2 kwh=2521 water_m3=446.6',
      '[tool=energy row=3] date=2024-11-05 line=L1 kwh=2291 water_m3=167.4',
      '[tool=energy row=4] date=2024-11-05 line=L2 kwh=2480 water_m3=440.1',
    ].join('\n'),
  };
  it('"used less electricity than" compares the one column in kWh', async () => {
    const wrong = await judge('Line 2 used less electricity in total than Line 1 over the week.', [energy], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /by kwh/);
    const right = await judge('Line 1 used less electricity in total than Line 2 over the week.', [energy], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

describe('offline judge: a figure with a unit anchors only a column of that unit', () => {
  // round_days goes 9 → 10 from week 22 to 23; the claim's "10 mm" is rainfall, no count of days.
  const intake = { file: 'green_leaf_intake.csv', text: ['week,estate,round_days,green_leaf_kg', '2024-W22,North,9,41200', '2024-W23,North,10,39800', '2024-W22,South,9,38100', '2024-W23,South,10,36900'].join('\n') };
  it('"rainfall fell below 10 mm a week" is not read as a fall of round_days', async () => {
    const verdict = await judge('Rainfall at all three weather stations fell below 10 mm a week in weeks 22 and 23.', [intake], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
