// The offline judge reading the evidence as tables: ranks ("the highest of any depot"), comparisons
// of two named rows or periods, movements and multiples along a series, a figure put on the wrong
// row; and that no table reading can fail a review. Evidence is parsed by the real evidence
// reader; every expected partition is reasoned by hand in the comment.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { namesValue } from '../../src/core/judge/offline/align/table-alignment';
import { rankWording } from '../../src/core/judge/offline/contradictions/ranks';
import { multipleHolds, multipleWording } from '../../src/core/judge/offline/contradictions/table-multiples';
import { tablesOf } from '../../src/core/judge/offline/records/tables';
import { parseEvidenceSources } from '../../src/core/evidence';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import { numericValue } from '../../src/core/judge/offline/records/tables';
import { judge } from '../support/judge-sources';
import { createOfflineJudge } from '../../src/core/judge/offline';

const depots = {
  file: 'query_results.log',
  text: [
    '[tool=run_sql row=1] depot=LEEDS-01 quarter=2026Q1 deliveries=18420 failed_first_attempt=612',
    '[tool=run_sql row=2] depot=BRISTOL-02 quarter=2026Q1 deliveries=14105 failed_first_attempt=540',
    '[tool=run_sql row=3] depot=GLASGOW-03 quarter=2026Q1 deliveries=9870 failed_first_attempt=205',
    '[tool=run_sql row=4] depot=LEEDS-01 quarter=2025Q4 deliveries=19980 failed_first_attempt=801',
    '[tool=run_sql row=5] depot=BRISTOL-02 quarter=2025Q4 deliveries=13560 failed_first_attempt=498',
    '[tool=run_sql row=6] depot=GLASGOW-03 quarter=2025Q4 deliveries=10240 failed_first_attempt=260',
  ].join('\n'),
};

const reasons = {
  file: 'late_reasons.json',
  text: JSON.stringify(
    {
      quarter: '2026Q1',
      rows: [
        { depot: 'LEEDS-01', reason: 'linehaul_arrival_late', late_count: 391 },
        { depot: 'LEEDS-01', reason: 'driver_shortage', late_count: 274 },
        { depot: 'LEEDS-01', reason: 'address_issue', late_count: 808 },
        { depot: 'ALL', reason: 'address_issue', late_count: 1211 },
      ],
    },
    null,
    2,
  ),
};

describe('offline judge: ranks read from tables', () => {
  it('reads rank wording from the vocabulary, with ordinals and "than any other"', () => {
    assert.deepEqual(rankWording('Bristol had the highest number of failed first attempts'), { order: 'max', place: 1, wording: 'highest' });
    assert.equal(rankWording('Paediatrics had the shortest median stay')?.order, 'min');
    assert.equal(rankWording('Bakery came second, with 9,870 items missing.')?.place, 2);
    assert.equal(rankWording('Copse Hill generated more complaints than any other round.')?.order, 'max');
    // Words whose order depends on the measure keep that order open: the measure resolves it.
    assert.deepEqual(rankWording('Route 7 was the fastest.'), { order: 'faster', place: 1, wording: 'fastest' });
    assert.equal(rankWording('Leeds was the weakest depot.')?.order, 'worse');
    assert.equal(rankWording('The best and the lowest.'), undefined);
  });

  it('names a column value by its words, not by a code suffix it leaves out', () => {
    const claim = new Set(['bristol', 'driver', 'shortag', 'shortage', 'q1']);
    assert.ok(namesValue(claim, 'BRISTOL-02'));
    assert.ok(namesValue(claim, 'driver_shortage'));
    assert.ok(namesValue(claim, '2026Q1'));
    assert.ok(!namesValue(claim, 'address_issue'));
  });

  it('groups tool rows and JSON array elements into tables', () => {
    const tables = tablesOf(buildEvidenceIndex(parseEvidenceSources([depots, reasons]).items));
    const rows = tables.find((t) => t.file === 'query_results.log');
    const json = tables.find((t) => t.file === 'late_reasons.json');
    assert.equal(rows?.rows.length, 6);
    assert.deepEqual(json?.columns.sort(), ['depot', 'late_count', 'reason']);
  });

  it('a rank the rows go against is contradicted, naming the entity on top', async () => {
    // Q1 failed first attempts: Leeds 612 > Bristol 540, so Bristol is not the highest (in Q4 neither: 801 > 498).
    const claim = await judge('Bristol also had the highest number of failed first attempts of any depot in Q1, at 540.', [depots]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /LEEDS-01 612/);
  });

  it('a rank the rows bear out is not contradicted', async () => {
    // Leeds 612 is the most in Q1 (and 801 in Q4).
    const claim = await judge('Leeds had the highest number of failed first attempts of any depot.', [depots]);
    assert.notEqual(claim.partition, 'contradicted');
  });

  it('the rows are those the claim selects, and a total row is not ranked', async () => {
    // At Leeds: address_issue 808 leads; driver_shortage 274 is the smallest. The ALL row is a total.
    const wrong = await judge('At Leeds, driver shortage was the leading reason for late deliveries.', [reasons]);
    assert.equal(wrong.partition, 'contradicted');
    const right = await judge('At Leeds, address issues were the leading reason for late deliveries.', [reasons]);
    assert.notEqual(right.partition, 'contradicted');
  });
});

const routes = {
  file: 'ontime_query.log',
  text: [
    '[tool=run_sql row=1] route=40X period=2025-Q4 trips=2980 on_time_pct=88.1',
    '[tool=run_sql row=2] route=40X period=2026-Q1 trips=3320 on_time_pct=90.4',
    '[tool=run_sql row=3] route=27 period=2025-Q4 trips=6110 on_time_pct=77.8',
    '[tool=run_sql row=4] route=27 period=2026-Q1 trips=6020 on_time_pct=74.5',
  ].join('\n'),
};

const monthly = {
  file: 'query_results.log',
  text: [
    '[tool=run_sql row=1] month=2026-10 calls=50210 fcr_pct=73.5 abandoned_pct=4.1',
    '[tool=run_sql row=2] month=2026-11 calls=52618 fcr_pct=71.2 abandoned_pct=3.2',
  ].join('\n'),
};

const boardings = {
  file: 'boardings.json',
  text: JSON.stringify({ rows: [{ route: '12', q4_2025: 612400, q1_2026: 640100 }, { route: '27', q4_2025: 488900, q1_2026: 471300 }] }, null, 2),
};

describe('offline judge: comparisons and movements read from tables', () => {
  it('a comparison of two named periods the rows reverse is contradicted', async () => {
    // 40X: Q4 2,980 trips, Q1 3,320: Q1 had more, not fewer.
    const claim = await judge('40X ran fewer trips in Q1 than in Q4.', [routes]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /2026-Q1 3320 .* against 2025-Q4 2980/);
    // The same comparison the right way round stands.
    assert.notEqual((await judge('40X ran more trips in Q1 than in Q4.', [routes])).partition, 'contradicted');
  });

  it('an object keyed by period (weeks["2026-W15"]) is a table, and a code (D07) names its column', async () => {
    const weeks = {
      file: 'defects.json',
      text: JSON.stringify({ weeks: { '2026-W15': { D03_black_core: 412, D07_planarity_concave: 1040 }, '2026-W17': { D03_black_core: 1850, D07_planarity_concave: 1090 } } }, null, 2),
    };
    // D07 went from 1,040 (W15) to 1,090 (W17): it rose.
    assert.equal((await judge('Planarity defects (D07) fell slightly.', [weeks])).partition, 'contradicted');
    assert.notEqual((await judge('Planarity defects (D07) rose slightly.', [weeks])).partition, 'contradicted');
  });

  it('"than at <place>" is a comparison of two sides, not a bound ("than a …")', async () => {
    const sites = { file: 'deliveries.csv', text: ['week,site,avg_dockage_pct', 'W1,harwood,1.1', 'W1,elm-creek,1.6', 'W2,harwood,0.9', 'W2,elm-creek,1.4'].join('\n') };
    // Elm Creek's dockage is the higher in both weeks.
    assert.equal((await judge('Dockage was lower at Elm Creek than at Harwood throughout.', [sites])).partition, 'contradicted');
    assert.notEqual((await judge('Dockage was higher at Elm Creek than at Harwood throughout.', [sites])).partition, 'contradicted');
  });

  it("the measure is the column the comparison's own words name, whatever other figure the claim gives", async () => {
    const weekly = {
      file: 'depot_weeks.csv',
      text: ['week,depot,runs,salt_t', 'W1,Ashby,3,95', 'W1,Kettlebrook,4,98', 'W2,Ashby,2,70', 'W2,Kettlebrook,5,60'].join('\n'),
    };
    // Salt: Ashby 95 + 70 = 165, Kettlebrook 98 + 60 = 158. Runs: 5 against 9, four fewer.
    // "more salt than Kettlebrook" holds by salt_t; "less salt" does not, whatever "four fewer runs" says.
    const less = await judge('Ashby spread less salt than Kettlebrook despite making four fewer runs.', [weekly]);
    assert.equal(less.partition, 'contradicted');
    assert.match(less.reason, /by salt_t; in total over 2 rows each, Ashby 165 against Kettlebrook 158/);
    assert.notEqual((await judge('Ashby spread more salt than Kettlebrook despite making four fewer runs.', [weekly])).partition, 'contradicted');
  });

  it('the verb before the comparison names what was counted ("rejected fewer samples than"), the noun after it what of', async () => {
    const sendouts = {
      file: 'sendouts.csv',
      text: ['week,lab,samples,rejected', 'W1,NVD,97,1', 'W1,PWL,59,2', 'W2,NVD,100,0', 'W2,PWL,64,4'].join('\n'),
    };
    // Rejected: NVD 1 + 0 = 1, PWL 2 + 4 = 6 (samples: NVD 197, PWL 123, the other way round).
    const wrong = await judge('PWL rejected fewer samples than NVD over the period.', [sendouts]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /by rejected/);
    assert.notEqual((await judge('NVD rejected fewer samples than PWL over the period.', [sendouts])).partition, 'contradicted');
    // With no verb naming a column the noun's column is read: PWL handled fewer samples.
    assert.notEqual((await judge('PWL handled fewer samples than NVD over the period.', [sendouts])).partition, 'contradicted');
  });

  it('a bound ("more than 3,000 trips") is not read as a comparison of two sides', async () => {
    assert.notEqual((await judge('40X ran more than 3,000 trips in Q1.', [routes])).partition, 'contradicted');
    // Nor a multiple, nor the subject against its own start: 40X went 2,980 → 3,320 trips.
    assert.notEqual((await judge('40X trips more than doubled, from 2,980 in Q4 to 3,320 in Q1.', [routes])).reason.includes('claim says "more than"'), true);
    assert.notEqual((await judge('40X finished Q1 with more trips than it started Q4 with, going from 2,980 in Q4 to 3,320 in Q1.', [routes])).partition, 'contradicted');
  });

  it('"improved" is read against which way the measure is good', async () => {
    // fcr_pct (first-contact resolution, higher is better) went 73.5 → 71.2: it got worse.
    const worse = await judge('First-contact resolution improved slightly, to 71.2%.', [monthly]);
    assert.equal(worse.partition, 'contradicted');
    assert.match(worse.reason, /fcr_pct goes from 73\.5 .* to 71\.2/);
    // abandoned_pct (lower is better) went 4.1 → 3.2: "improved" holds.
    assert.notEqual((await judge('The abandoned-call rate improved in November, to 3.2%.', [monthly])).partition, 'contradicted');
  });

  it('a plain movement against a row with a column per period, in time order', async () => {
    // Route 27: q4_2025 488,900 → q1_2026 471,300: boardings fell.
    assert.equal((await judge('Boardings on route 27 grew in Q1.', [boardings])).partition, 'contradicted');
    assert.notEqual((await judge('Boardings on route 12 grew in Q1.', [boardings])).partition, 'contradicted');
  });

  it('"from A to B" with the two figures in the wrong time order is contradicted', async () => {
    // On-time share on route 27 was 77.8 in Q4 and 74.5 in Q1; "rose from 74.5% to 77.8%" has them the other way round.
    const claim = await judge("Route 27's on-time share rose from 74.5% to 77.8%.", [routes]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /the other way round/);
  });

  it('a figure the series does not hold leaves the movement to other checks', async () => {
    // 12% is in no row: the claim is about something the table does not give.
    assert.notEqual((await judge('Calls rose by 12% while first-contact resolution improved.', [monthly])).reason.includes('fcr_pct goes'), true);
  });
});

const zones = {
  file: 'zone_queries.log',
  text: [
    '[tool=run_sql row=1] zone=North-Ridge month=2025-12 peak_mw=412.6 avg_load_mw=288.1',
    '[tool=run_sql row=2] zone=North-Ridge month=2026-01 peak_mw=447.9 avg_load_mw=301.4',
    '[tool=run_sql row=3] zone=Vale-South month=2026-01 peak_mw=210.2 avg_load_mw=150.7',
  ].join('\n'),
};

describe("offline judge: a figure put on the wrong row", () => {
  it("another period's value on the named row is contradicted, naming whose it is", async () => {
    // North-Ridge in January: avg_load_mw=301.4; 288.1 is December's.
    const claim = await judge('Average January load in North-Ridge was 288.1 MW.', [zones]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /avg_load_mw=301\.4 .*288\.1 MW is North-Ridge 2025-12's/);
  });

  it("the row's own value stands, and a comparison with the other row is not read as the figure's row", async () => {
    assert.notEqual((await judge('Average January load in North-Ridge was 301.4 MW.', [zones])).partition, 'contradicted');
    assert.notEqual((await judge('Average load in North-Ridge was 301.4 MW in January, up from December.', [zones])).partition, 'contradicted');
  });

  it('a figure no row holds, where the named row gives that measure, is contradicted; a computed one is not', async () => {
    // Vale-South peak_mw=210.2, not 230.
    assert.equal((await judge('The Vale-South peak in January was 230 MW.', [zones])).partition, 'contradicted');
    // A sum of two rows (412.6 + 447.9 = 860.5) beside other figures is left to the derivations.
    assert.notEqual((await judge('North-Ridge peaks of 412.6 MW and 447.9 MW add up to 860.5 MW.', [zones])).partition, 'contradicted');
  });
});

describe('offline judge: a multiple the series does not give', () => {
  const handovers = {
    file: 'query_results.log',
    text: ['[tool=run_sql row=1] month=2026-02 handovers_over_60min=88 new_joiners=310', '[tool=run_sql row=2] month=2026-03 handovers_over_60min=219 new_joiners=1240'].join('\n'),
  };

  it('reads multiples and their hedges from the vocabulary; "half" alone is a share', () => {
    assert.deepEqual(multipleWording('Handovers more than tripled, to 219.'), { factor: 3, bound: 'above', wording: 'more than tripled' });
    assert.equal(multipleWording('February alone accounted for almost half of those reports.'), undefined);
    assert.equal(multipleWording('It stayed open for half an hour.'), undefined);
    // 219 / 88 = 2.49: not more than three times; 1240 / 310 = 4: four times, not three.
    assert.equal(multipleHolds({ factor: 3, bound: 'above', wording: '' }, 219 / 88), false);
    assert.equal(multipleHolds({ factor: 3, bound: 'plain', wording: '' }, 1240 / 310), false);
    assert.equal(multipleHolds({ factor: 4, bound: 'plain', wording: '' }, 1240 / 310), true);
    assert.equal(multipleHolds({ factor: 0.5, bound: 'plain', wording: '' }, 0.49), true);
  });

  it('a multiple against the period before the figure is contradicted; the right one stands', async () => {
    const tripled = await judge('Handovers over an hour more than tripled, to 219.', [handovers]);
    assert.equal(tripled.partition, 'contradicted');
    assert.match(tripled.reason, /×2\.49/);
    assert.notEqual((await judge('Handovers over an hour more than doubled, to 219.', [handovers])).partition, 'contradicted');
    assert.equal((await judge("New joiners reached 1,240, three times February's intake.", [handovers])).partition, 'contradicted');
    assert.notEqual((await judge("New joiners reached 1,240, four times February's intake.", [handovers])).partition, 'contradicted');
  });
});

describe('offline judge: table readings never fail a review', () => {
  it('any field names and values: every claim is still judged (property)', async () => {
    const claims = [
      'Year 5000 had the highest figure of all at 7.',
      'The eu rate was higher than the us rate.',
      'Volumes in 5000 grew from 7 to 9, more than tripled.',
      'No other keys were changed.',
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 4 }), fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 9999 }).map(String)), { minLength: 2, maxLength: 4 }), async (keys, values) => {
        const rows = values.map((value, i) => Object.fromEntries(keys.map((key, k) => [key, k === 0 ? value : i * 7 + k])));
        const sources = [
          { file: 'rows.json', text: JSON.stringify({ rows }) },
          // A tool result keyed by the same names (flattened fields such as result.windows["eu (5000)"]).
          { file: 'trace.jsonl', text: rows.map((row) => JSON.stringify({ type: 'tool_call', tool: 'q', args: {}, result: { windows: row, year: 5000 } })).join('\n') },
          // An object of objects keyed by the same names (paths such as groups["eu-west"].rate).
          { file: 'groups.json', text: JSON.stringify({ groups: Object.fromEntries(keys.map((key, k) => [key, { [keys[(k + 1) % keys.length]!]: values[k % values.length], rate: k }])) }) },
          { file: 'rows.log', text: rows.map((row, i) => `[tool=q row=${i + 1}] ` + Object.entries(row).map(([k, v]) => `${k.replace(/\s/g, '_') || 'k'}=${String(v).replace(/\s/g, '_') || 'v'}`).join(' ')).join('\n') },
        ];
        const evidence = parseEvidenceSources(sources).items;
        const judged = await createOfflineJudge().judgeClaims({ claims: claims.map((text, i) => ({ id: `C${i + 1}`, text, start: i * 100, end: i * 100 + text.length, line: i + 1 })), evidence });
        return judged.claims.every((claim) => !/judge failed/.test(claim.reason));
      }),
      { numRuns: 60, seed: 9 },
    );
  });
});

describe('offline judge: a rule that fails on one claim', () => {
  it('leaves that claim not judged (ungrounded, counted) and judges the others', async () => {
    // Stand-in for a bug met by an unforeseen input: the rules throw on one claim's text.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const rules = require('../../src/core/judge/offline/rules') as { judgeClaim: (...args: unknown[]) => unknown };
    const original = rules.judgeClaim;
    rules.judgeClaim = (...args: unknown[]) => {
      if ((args[0] as { text: string }).text.includes('BOOM')) throw new SyntaxError('Invalid regular expression');
      return original(...args);
    };
    try {
      const evidence = parseEvidenceSources([depots]).items;
      const texts = ['Leeds had 612 failed first attempts in Q1.', 'BOOM Bristol had 540.'];
      const judged = await createOfflineJudge().judgeClaims({ claims: texts.map((text, i) => ({ id: `C${i + 1}`, text, start: i * 60, end: i * 60 + text.length, line: i + 1 })), evidence });
      assert.equal(judged.claims[0]!.partition, 'grounded');
      assert.equal(judged.claims[1]!.partition, 'ungrounded');
      assert.equal(judged.claims[1]!.not_judged, true);
      assert.match(judged.claims[1]!.reason, /^not judged: the offline rules failed on this claim \(Invalid regular expression\)/);
    } finally {
      rules.judgeClaim = original;
    }
  });
});

describe('offline judge: a measure said to hold level', () => {
  const punctuality = {
    file: 'otp.log',
    text: [
      '[tool=otp_by_station row=1] station=OSL month=2026-02 on_time_pct=88.1 flights=410',
      '[tool=otp_by_station row=2] station=OSL month=2026-03 on_time_pct=84.0 flights=432',
      '[tool=otp_by_station row=3] station=CPH month=2026-02 on_time_pct=91.2 flights=380',
      '[tool=otp_by_station row=4] station=CPH month=2026-03 on_time_pct=91.6 flights=395',
    ].join('\n'),
  };

  it('"held steady" against 88.1% → 84.0% is contradicted; against 91.2% → 91.6% it stands', async () => {
    // 4.1 points is a fall, not a level; 0.4 points is within one point.
    const moved = await judge("OSL's on-time rate held steady in both months.", [punctuality]);
    assert.equal(moved.partition, 'contradicted');
    assert.match(moved.reason, /held steady.*88\.1.*84/);
    assert.notEqual((await judge("CPH's on-time rate held steady in both months.", [punctuality])).partition, 'contradicted');
  });

  it('a count is level within 5% of where it started; a level in another clause is not read', async () => {
    // 410 → 432 is +5.4%; OSL's flights "stayed flat" is wrong, and no claim is made of it in the second.
    assert.equal((await judge("OSL's flights stayed flat month over month.", [punctuality])).partition, 'contradicted');
    assert.notEqual((await judge("OSL's flights rose from 410 to 432, while CPH stayed roughly flat.", [punctuality])).partition, 'contradicted');
  });
});

describe('offline judge: a year the records give only inside a period code', () => {
  it('"in Q1 2026" is met by quarter=2026Q1 (and 2026-W15, 2024-07), not by another year', async () => {
    const rows = {
      file: 'wastage.log',
      text: ['[tool=q row=1] site=KLM quarter=2025Q4 received=210 wastage_pct=9.1', '[tool=q row=2] site=KLM quarter=2026Q1 received=188 wastage_pct=8.4'].join('\n'),
    };
    assert.equal((await judge('KLM received 188 units in Q1 2026.', [rows])).partition, 'grounded');
    assert.notEqual((await judge('KLM received 188 units in Q1 2027.', [rows])).partition, 'grounded');
  });

  it('"July 2024" is met by a month code (month=2024-07), not by 2024-08', async () => {
    const months = { file: 'water.log', text: ['[tool=q row=1] block=A month=2024-07 water_m3=3150', '[tool=q row=2] block=A month=2025-07 water_m3=3290'].join('\n') };
    assert.equal((await judge('Block A used 3,150 m³ in July 2024.', [months])).partition, 'grounded');
    assert.notEqual((await judge('Block A used 3,150 m³ in August 2024.', [months])).partition, 'grounded');
  });

  it('"week 15" and "week 16" are met by records of 2026-W15 and 2026-W16, not "week 18"', async () => {
    const weeks = { file: 'yield.log', text: ['[tool=q row=1] line=K2 week=2026-W15 grade_a_pct=93.2', '[tool=q row=2] line=K2 week=2026-W16 grade_a_pct=90.1'].join('\n') };
    assert.equal((await judge("K2's grade A yield fell from 93.2% in week 15 to 90.1% in week 16.", [weeks])).partition, 'grounded');
    assert.notEqual((await judge("K2's grade A yield fell from 93.2% in week 15 to 90.1% in week 18.", [weeks])).partition, 'grounded');
  });
});

describe('offline judge: a tool result that returns an array of row objects', () => {
  const trace = {
    file: 'trace.jsonl',
    text: JSON.stringify({ type: 'tool_call', tool: 'sql', args: { q: 'late by site' }, result: { rows: [{ site: 'A', late_count: 3 }, { site: 'B', late_count: 5 }, { site: 'C', late_count: 9 }] }, exit_ok: true }),
  };

  it('reads each element as a row: a figure on the wrong row, and a rank, are contradicted', async () => {
    // B's late_count is 5 (3 is A's); C's 9 is the most.
    assert.equal((await judge('Site B had 3 late deliveries.', [trace])).partition, 'contradicted');
    assert.equal((await judge('Site B had the most late deliveries.', [trace])).partition, 'contradicted');
    assert.notEqual((await judge('Site B had 5 late deliveries.', [trace])).partition, 'contradicted');
    assert.notEqual((await judge('Site C had the most late deliveries.', [trace])).partition, 'contradicted');
  });
});

describe('offline judge: a Markdown table in a document', () => {
  const plans = {
    file: 'plans.md',
    text: ['# Plans', '', '| Plan | Max rovers | Price per month |', '|---|---|---|', '| Starter | 2 | $49 |', '| Field | 5 | $129 |', '| Fleet | 20 | $399 |', ''].join('\n'),
  };

  it('reads its body rows as records under the column names, prices with their currency sign', async () => {
    // Fleet's $399 is the highest price, not Field's $129; Field allows 5 rovers, 20 is Fleet's.
    assert.equal((await judge('Field has the highest price per month.', [plans])).partition, 'contradicted');
    assert.notEqual((await judge('Fleet has the highest price per month.', [plans])).partition, 'contradicted');
    assert.equal((await judge('The Field plan allows 20 rovers.', [plans])).partition, 'contradicted');
  });

  it('reads a cell of a figure and its unit ("90 days") as that figure', async () => {
    const retention = {
      file: 'retention.md',
      text: ['## Data retention', '', '| Plan | Pick-level records kept |', '|---|---|', '| Starter | 30 days |', '| Standard | 90 days |', '| Pro | 365 days |', ''].join('\n'),
    };
    // Standard keeps 90 days; 365 days is Pro's.
    const wrong = await judge('On Standard, pick-level records are kept for 365 days.', [retention]);
    assert.equal(wrong.partition, 'contradicted');
    assert.match(wrong.reason, /365 days is Pro's/);
    assert.notEqual((await judge('On Standard, pick-level records are kept for 90 days.', [retention])).partition, 'contradicted');
  });

  it('a number with a unit spaced or glued on is a number; a ward code such as "6S" is not', () => {
    assert.equal(numericValue('90 days'), 90);
    assert.equal(numericValue('25GB'), 25);
    assert.equal(numericValue('$1,200'), 1200);
    assert.equal(numericValue('6S'), undefined);
    assert.equal(numericValue('6 South'), undefined);
  });
});

describe('offline judge: entities named by codes alike but for their number (WTG-03, WTG-07, WTG-11)', () => {
  const turbines = {
    file: 'q.log',
    text: [
      '[tool=query row=1] turbine=WTG-03 month=2026-04 availability_pct=97.2 lost_mwh=41',
      '[tool=query row=2] turbine=WTG-07 month=2026-04 availability_pct=91.4 lost_mwh=188',
      '[tool=query row=3] turbine=WTG-11 month=2026-04 availability_pct=98.9 lost_mwh=12',
    ].join('\n'),
  };

  it('"the three turbines" is met by a table of three turbines, "four" is not', async () => {
    assert.equal((await judge('Together the three turbines lost 241 MWh.', [turbines])).partition, 'grounded');
    assert.notEqual((await judge('All four turbines lost energy in April.', [turbines])).partition, 'grounded');
  });

  it('names only the codes the claim writes out, in the order it writes them', async () => {
    // WTG-07 91.4 < WTG-03 97.2; WTG-11 lost 12 MWh, less than WTG-03's 41; WTG-11 has the highest availability.
    assert.equal((await judge('WTG-07 had higher availability than WTG-03.', [turbines])).partition, 'contradicted');
    assert.notEqual((await judge('WTG-07 had lower availability than WTG-03.', [turbines])).partition, 'contradicted');
    assert.equal((await judge('WTG-11 lost more energy than WTG-03.', [turbines])).partition, 'contradicted');
    assert.equal((await judge('WTG-03 had the highest availability.', [turbines])).partition, 'contradicted');
    assert.notEqual((await judge('WTG-11 had the highest availability.', [turbines])).partition, 'contradicted');
  });
});
