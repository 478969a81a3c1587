// The offline judge deriving a figure from a table's rows in aggregate: a sum over the rows the
// claim names (a quarter holds its months), a group's share of the total, a rate of two measures'
// sums, the difference of two groups. Evidence is parsed by the real evidence reader; every
// expected value is worked out by hand in the comment.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judge } from '../support/judge-sources';
import { extractFeatures, type Quantity } from '../../src/core/retrieval/index';
import { aggregateIs } from '../../src/core/judge/offline/derive/matching';

const sailings = {
  file: 'sailings.log',
  text: [
    '[tool=run_sql row=1] route=R1 month=2026-01 scheduled=300 operated=290 on_time=261',
    '[tool=run_sql row=2] route=R1 month=2026-02 scheduled=280 operated=270 on_time=240',
    '[tool=run_sql row=3] route=R1 month=2026-04 scheduled=310 operated=305 on_time=290',
    '[tool=run_sql row=4] route=R2 month=2026-01 scheduled=120 operated=110 on_time=99',
    '[tool=run_sql row=5] route=R2 month=2026-02 scheduled=100 operated=95 on_time=80',
    '[tool=run_sql row=6] route=R2 month=2026-04 scheduled=130 operated=128 on_time=120',
  ].join('\n'),
};

describe('offline judge: figures a table gives in aggregate', () => {
  it('a total over the months of a named quarter is grounded', async () => {
    // Q1 2026 holds January and February (April is Q2): 300 + 280 + 120 + 100 = 800.
    const claim = await judge('Across both routes, 800 sailings were scheduled in Q1 2026.', [sailings]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it('a total no grouping of the rows gives is not grounded', async () => {
    // 830 is no sum of Q1's scheduled sailings (800 in all, 580 on R1, 220 on R2, 420 in January, 380 in February) nor a difference of two.
    const claim = await judge('Across both routes, 830 sailings were scheduled in Q1 2026.', [sailings]);
    assert.notEqual(claim.partition, 'grounded', claim.reason);
  });

  it('a rate of two measures summed over the same rows is grounded', async () => {
    // Q1 on time 261 + 240 + 99 + 80 = 680 of 290 + 270 + 110 + 95 = 765 operated: 88.9%.
    const claim = await judge('In Q1 2026, 88.9% of operated sailings ran on time.', [sailings]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it("a group's sum and its difference from another group's are grounded", async () => {
    // R1 in Q1: 300 + 280 = 580; R2: 120 + 100 = 220; 580 − 220 = 360.
    const claim = await judge('Route R1 scheduled 580 sailings in Q1 2026, 360 more than R2.', [sailings]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it("a group's share of the total is grounded", async () => {
    // 580 of the 800 scheduled in Q1 is 72.5%.
    const claim = await judge('R1 accounted for 72.5% of the sailings scheduled in Q1 2026.', [sailings]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it("sums every row for a figure 'from' which another came, with no 'to' after it (a source, not a change's first end)", async () => {
    // The rentals table of a released blind case: hours_booked over all 32 rows is 527 (W06 alone
    // gives 130); revenue_cad 154,065. "from 527 booked hours" is the source of the revenue.
    const dir = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'corpus', 'analysis-127-february-ice-usage');
    const read = (file: string) => ({ file, text: readFileSync(join(dir, file), 'utf8') });
    const claim = await judge('Private ice rentals brought in CAD 154,065 from 527 booked hours, more than the drop-in sessions earned.', [read('sessions.csv'), read('private_ice.csv')]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it('gives a rate the documents define as a fraction ("divided by") as a percentage of the group\'s sums', async () => {
    // Yield = plantable / cavities sown. GH-1: (41,280 + 26,880) / (48,000 + 32,000) = 68,160 / 80,000 = 85.2%.
    const sowings = { file: 'sowings.csv', text: ['gh,lot,cavities_sown,plantable', 'GH-1,L1,48000,41280', 'GH-1,L2,32000,26880', 'GH-2,L3,56000,50400', 'GH-2,L4,20000,16000'].join('\n') };
    const standard = { file: 'standard.md', text: '# Yield standard\n\nYield is plantable seedlings divided by cavities sown, per sowing.\n' };
    assert.equal((await judge("GH-1's yield was 85.2%.", [sowings, standard])).partition, 'grounded');
    assert.notEqual((await judge("GH-1's yield was 86.2%.", [sowings, standard])).partition, 'grounded');
  });

  describe('a JSON map of figures by month, one per owner', () => {
    const haulers = {
      file: 'haulers.json',
      text: JSON.stringify(
        {
          unit: 'tonnes',
          haulers: [
            { name: 'CityWaste', monthly: { '2025-06': 948, '2025-07': 1012, '2025-08': 987, '2025-09': 901 } },
            { name: 'GreenLoop', monthly: { '2025-06': 455, '2025-07': 470, '2025-08': 498, '2025-09': 512 } },
          ],
        },
        null,
        2,
      ),
    };

    it("sums a named owner's months of a quarter", async () => {
      // CityWaste in Q3 (July–September): 1012 + 987 + 901 = 2,900 (June is Q2).
      assert.equal((await judge('CityWaste brought 2,900 tonnes in Q3.', [haulers])).partition, 'grounded');
      assert.notEqual((await judge('CityWaste brought 2,950 tonnes in Q3.', [haulers])).partition, 'grounded');
    });

    it("gives the owner's share of the quarter's total", async () => {
      // GreenLoop in Q3: 470 + 498 + 512 = 1,480; 2,900 / (2,900 + 1,480) = 66.2%, not 66.3%.
      assert.equal((await judge('CityWaste brought 66.2% of the tonnes in Q3.', [haulers])).partition, 'grounded');
      assert.notEqual((await judge('CityWaste brought 66.3% of the tonnes in Q3.', [haulers])).partition, 'grounded');
    });
  });
});

// Car park revenue by month: July 251,330 + 142,870 + 96,410 + 49,920 = 540,530; August 266,410 +
// 147,660 + 86,900 + 53,280 = 554,250; September 247,020 + 150,410 + 100,630 + 51,760 = 549,820. Tickets in August: 50,880 + 31,020 + 19,740 + 13,320 = 114,960.
const carparks = {
  file: 'carparks.log',
  text: [
    '[tool=carpark_monthly row=1] month=2024-07 site=RVS name="Riverside" spaces=640 avg_occ_pct=71.4 tickets=48210 revenue_gbp=251330 ev_sessions=1220',
    '[tool=carpark_monthly row=2] month=2024-07 site=MKT name="Market Street" spaces=410 avg_occ_pct=64.8 tickets=30115 revenue_gbp=142870 ev_sessions=860',
    '[tool=carpark_monthly row=3] month=2024-07 site=STN name="Station Road" spaces=290 avg_occ_pct=58.2 tickets=21960 revenue_gbp=96410 ev_sessions=410',
    '[tool=carpark_monthly row=4] month=2024-07 site=CHP spaces=220 avg_occ_pct=44.1 tickets=12480 revenue_gbp=49920 ev_sessions=0',
    '[tool=carpark_monthly row=5] month=2024-08 site=RVS name="Riverside" spaces=640 avg_occ_pct=74.9 tickets=50880 revenue_gbp=266410 ev_sessions=1384',
    '[tool=carpark_monthly row=6] month=2024-08 site=MKT name="Market Street" spaces=410 avg_occ_pct=66.0 tickets=31020 revenue_gbp=147660 ev_sessions=902',
    '[tool=carpark_monthly row=7] month=2024-08 site=STN name="Station Road" spaces=290 avg_occ_pct=52.7 tickets=19740 revenue_gbp=86900 ev_sessions=395',
    '[tool=carpark_monthly row=8] month=2024-08 site=CHP spaces=220 avg_occ_pct=47.5 tickets=13320 revenue_gbp=53280 ev_sessions=0',
    '[tool=carpark_monthly row=9] month=2024-09 site=RVS name="Riverside" spaces=640 avg_occ_pct=69.8 tickets=47150 revenue_gbp=247020 ev_sessions=1431',
    '[tool=carpark_monthly row=10] month=2024-09 site=MKT name="Market Street" spaces=410 avg_occ_pct=67.3 tickets=31590 revenue_gbp=150410 ev_sessions=977',
    '[tool=carpark_monthly row=11] month=2024-09 site=STN name="Station Road" spaces=290 avg_occ_pct=60.9 tickets=22870 revenue_gbp=100630 ev_sessions=452',
    '[tool=carpark_monthly row=12] month=2024-09 site=CHP spaces=220 avg_occ_pct=45.2 tickets=12940 revenue_gbp=51760 ev_sessions=0',
  ].join('\n'),
};

describe('offline judge: a total named by its currency or written with a magnitude word', () => {
  it('reads a currency sign as the column of that currency ("£554,250" is a total of revenue_gbp)', async () => {
    const right = await judge('August was the strongest month, with £554,250 across the four sites.', [carparks]);
    assert.equal(right.partition, 'grounded', right.reason);
    // 564,250 is no month's total, nor a sum of two months'.
    const wrong = await judge('August was the strongest month, with £564,250 across the four sites.', [carparks]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });

  it('compares a count written with "million" or "thousand" whole against a count column', async () => {
    // 114,960 tickets is 115.0 thousand to the written tenth (114,950–115,050); 115.2 thousand is not.
    const thousand = await judge('In August the four sites sold 115.0 thousand tickets.', [carparks]);
    assert.equal(thousand.partition, 'grounded', thousand.reason);
    const wrong = await judge('In August the four sites sold 115.2 thousand tickets.', [carparks]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
});

describe('offline judge: the other end of a change', () => {
  const ontime = {
    file: 'ontime.log',
    text: [
      '[tool=run_sql row=1] route=harbour quarter=2025Q4 on_time_pct=77.8',
      '[tool=run_sql row=2] route=harbour quarter=2026Q1 on_time_pct=74.5',
      '[tool=run_sql row=3] route=castle quarter=2025Q4 on_time_pct=80.2',
      '[tool=run_sql row=4] route=castle quarter=2026Q1 on_time_pct=71.5',
    ].join('\n'),
  };

  it("is contradicted by the row's next period when one end is a cell and the other is no one's", async () => {
    // 77.8 is the harbour route in 2025Q4 (row 1); the same route's next quarter says 74.5, not 70.9.
    const claim = await judge('The harbour route slipped from 77.8% to 70.9%.', [ontime]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /74\.5/);
  });

  it('is left alone when the other end is another row of the same measure', async () => {
    // 71.5 is the castle route's 2026Q1 figure: which series the claim means is in doubt, so this check gives no red mark.
    const claim = await judge('The harbour route slipped from 77.8% to 71.5%.', [ontime]);
    assert.doesNotMatch(claim.reason, /other end/);
  });
});

describe('aggregate matching: the unit a figure is written in', () => {
  const figure = (text: string): Quantity => extractFeatures(text).quantities[0]!;

  it('compares a count written with a magnitude word whole: 3,889,797 bottles are "about 3.89 million"', () => {
    assert.equal(aggregateIs(figure('about 3.89 million good bottles'), 3_889_797), true);
    assert.equal(aggregateIs(figure('about 3.89 million good bottles'), 3.89), true, 'a column kept in millions still matches');
    // 3.5 million is 10% off 3,889,797: beyond an "about".
    assert.equal(aggregateIs(figure('about 3.5 million good bottles'), 3_889_797), false);
  });

  it('keeps a unit figure in its written unit: 14,377.9 MWh is a column of MWh, not of Wh', () => {
    assert.equal(aggregateIs(figure('14,377.9 MWh in March'), 14_377.9), true);
    assert.equal(aggregateIs(figure('14,377.9 MWh in March'), 14_377_900_000), false);
  });
});

// Private ice hours by rink: A 34 + 18 + 12 + 3 + 36 + 16 + 10 + 4 = 133; B 20 + 22 + 8 + 2 + 18 + 24 + 9 + 1 = 104 (all 237).
const privateIce = {
  file: 'private_ice.csv',
  text: [
    'week,rink,customer_type,hours_booked,rate_cad,revenue_cad',
    '2025-W06,A,minor_hockey,34,310,10540',
    '2025-W06,A,adult_league,18,340,6120',
    '2025-W06,A,figure_club,12,290,3480',
    '2025-W06,A,corporate_school,3,360,1080',
    '2025-W07,A,minor_hockey,36,310,11160',
    '2025-W07,A,adult_league,16,340,5440',
    '2025-W07,A,figure_club,10,290,2900',
    '2025-W07,A,corporate_school,4,360,1440',
    '2025-W06,B,minor_hockey,20,310,6200',
    '2025-W06,B,adult_league,22,340,7480',
    '2025-W06,B,figure_club,8,290,2320',
    '2025-W06,B,corporate_school,2,360,720',
    '2025-W07,B,minor_hockey,18,310,5580',
    '2025-W07,B,adult_league,24,340,8160',
    '2025-W07,B,figure_club,9,290,2610',
    '2025-W07,B,corporate_school,1,360,360',
  ].join('\n'),
};

describe('offline judge: two groups named by a word and a letter, with their figures in order', () => {
  it('reads "Rink A" as rink=A and gives "133 against 104" to A and B in turn', async () => {
    const right = await judge('Rink A carried more private ice hours than Rink B, 133 against 104.', [privateIce]);
    assert.equal(right.partition, 'grounded', right.reason);
  });

  it('does not ground figures that are no group\'s', async () => {
    // 138 is neither rink's total (133, 104) nor the whole (237).
    const wrong = await judge('Rink A carried more private ice hours than Rink B, 138 against 104.', [privateIce]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
});
