// The offline judge's sums and rates over a table's rows when a claim gives each figure its own
// period ("from 1,053 in September to 1,002 in November", "2.8% in July and 2.7% in August"), and
// a rate the documents define from two columns, which over several rows is the sum of the one over
// the sum of the other. Evidence is parsed by the real reader; the rules' proposal is checked.
// Expected values are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { parseEvidenceSources } from '../../src/core/evidence';
import { judge, judgeReport, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: each figure its own period\'s rows', () => {
  // August 956; September: 250 + 260 + 270 + 273 = 1,053 requests; October 1,010; November: 240 + 250 + 256 + 256 = 1,002.
  const requests: Source = {
    file: 'requests.csv',
    text: [
      'hall,month,requests',
      ...['Alder,2025-08,230', 'Birch,2025-08,240', 'Cedar,2025-08,236', 'Damson,2025-08,250'],
      ...['Alder,2025-09,250', 'Birch,2025-09,260', 'Cedar,2025-09,270', 'Damson,2025-09,273'],
      ...['Alder,2025-10,245', 'Birch,2025-10,255', 'Cedar,2025-10,250', 'Damson,2025-10,260'],
      ...['Alder,2025-11,240', 'Birch,2025-11,250', 'Cedar,2025-11,256', 'Damson,2025-11,256'],
    ].join('\n'),
  };

  it('a sum written with its month is that month\'s rows\' sum', async () => {
    const right = await proposed('Requests across the four halls fell from 1,053 in September to 1,002 in November.', [requests]);
    assert.equal(right.partition, 'grounded', right.reason);
    // No month's rows, nor any two cells, sum to 1,150.
    const wrong = await proposed('Requests across the four halls fell from 1,053 in September to 1,150 in November.', [requests]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });

  // July: (60 + 24) / (2,000 + 1,000) = 84 / 3,000 = 2.8%; August: (80 + 28) / (2,500 + 1,500) =
  // 108 / 4,000 = 2.7%. The rows' own rates (3.0%, 2.4%; 3.2%, 1.9%) sum or average to neither.
  const remakes: Source = {
    file: 'remakes.csv',
    text: ['site,month,units_shipped,remakes', 'LDS,2025-07,2000,60', 'BRS,2025-07,1000,24', 'LDS,2025-08,2500,80', 'BRS,2025-08,1500,28'].join('\n'),
  };
  const notes: Source = { file: 'notes.md', text: '# Definitions\n\n**Remake rate** = remakes ÷ units shipped, counted in units.\n' };

  it('a defined rate over several rows is the sum of its top over the sum of its bottom', async () => {
    const right = await proposed('The remake rate was 2.8% in July and 2.7% in August.', [remakes, notes]);
    assert.equal(right.partition, 'grounded', right.reason);
    // "The rate": the table's one defined rate, named by its generic word.
    const generic = await proposed('The rate was 2.8% in July and 2.7% in August.', [remakes, notes]);
    assert.equal(generic.partition, 'grounded', generic.reason);
    // 3.1% is no month's rate.
    const wrong = await proposed('The remake rate was 2.8% in July and 3.1% in August.', [remakes, notes]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
});

describe('offline judge: each figure its own group\'s rows', () => {
  // Crowns: (30 + 18) / (1,000 + 1,000) = 2.4%; aligners: (9 + 6) / (600 + 400) = 1.5%.
  const remakes: Source = {
    file: 'remakes.csv',
    text: ['site,product,units_shipped,remakes', 'LDS,crown,1000,30', 'BRS,crown,1000,18', 'LDS,aligner,600,9', 'BRS,aligner,400,6'].join('\n'),
  };
  const notes: Source = { file: 'notes.md', text: '# Definitions\n\n**Remake rate** = remakes ÷ units shipped, counted in units.\n' };

  it('a group written in the plural after its figure ("1.5% for aligners") is that group\'s rows', async () => {
    const right = await proposed('The remake rate was 2.4% for crowns and 1.5% for aligners.', [remakes, notes]);
    assert.equal(right.partition, 'grounded', right.reason);
    // 1.9% is neither group's rate (nor the whole's: 63 / 3,000 = 2.1%).
    const wrong = await proposed('The remake rate was 2.4% for crowns and 1.9% for aligners.', [remakes, notes]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
});

describe('offline judge: a report table cell, about its row and its column', () => {
  // Week 41 of 2024 runs Monday 7 to Sunday 13 October. FX-11 wasted 650 + 610 + 700 = 1,960 m in
  // it; the 900 m of Monday 14 October is week 42's.
  const shifts: Source = {
    file: 'shift_output.csv',
    text: [
      'date,shift,press,good_m,waste_m',
      '2024-10-07,early,FX-11,14200,650',
      '2024-10-07,early,FX-12,11800,760',
      '2024-10-08,late,FX-11,13800,610',
      '2024-10-09,early,FX-12,12000,820',
      '2024-10-11,early,FX-11,15100,700',
      '2024-10-14,early,FX-11,14900,900',
    ].join('\n'),
  };
  const cell = async (text: string): Promise<string> => {
    const evidence = parseEvidenceSources([shifts]).items;
    // The cell "| FX-11 | 1,960 m |" under the header "Waste, week 41": its context is its row's label and its column's header.
    const claims = [{ id: 'C1', text, start: 0, end: text.length, line: 1, context: 'FX-11 Waste, week 41' }];
    const judged = (await createOfflineJudge({ decision: 'rules' }).judgeClaims({ claims, evidence })).claims[0]!;
    return judged.partition;
  };

  it('sums the rows of the row label\'s entity in the ISO week the header names', async () => {
    assert.equal(await cell('1,960 m'), 'grounded');
    // 1,840 m is no sum of the week's rows (nor of any few cells).
    assert.notEqual(await cell('1,840 m'), 'grounded');
  });
});

describe('offline judge: a group written right before its figure', () => {
  // Seven sections × three months. drug_cost_gbp for section i (0-based) in month m (0, 1, 2) is
  // 1,000 + 100·i + 10·m: Carnivores (i = 1) 1,100 + 1,110 + 1,120 = 3,330; Hoofstock (i = 2)
  // 1,200 + 1,210 + 1,220 = 3,630.
  const sections = ['Primates', 'Carnivores', 'Hoofstock', 'Birds', 'Reptiles', 'Aquarium', 'Small Mammals'];
  // (Enough columns that the rows' figures run past what pairs and totals of figures are tried over.)
  const rows = ['month,section,treatments,new_cases,anaesthetics,keepers,visits,weighings,samples,drug_cost_gbp'];
  for (const [m, month] of ['2024-04', '2024-05', '2024-06'].entries()) sections.forEach((section, i) => rows.push(`${month},${section},${20 + i + m},${5 + i},${1 + m},${3 + i},${40 + i},${12 + m},${7 + i + m},${1000 + 100 * i + 10 * m}`));
  const costs: Source = { file: 'vet_treatments.csv', text: rows.join('\n') };

  it('"Hoofstock at £3,630, ahead of Carnivores at £3,330": each sum is the group written before it', async () => {
    // The measure is the sentence before's (drug costs); the group after 3,630 is Carnivores, whose sum is 3,330.
    const texts = ['Drug costs for the quarter were led by two sections.', 'Hoofstock at £3,630, ahead of Carnivores at £3,330.'];
    const right = await judgeReport(texts, [costs], { decision: 'rules' });
    assert.equal(right.partition, 'grounded', right.reason);
    // Swapped, each figure is the other group's.
    const swapped = await judgeReport([texts[0]!, 'Hoofstock at £3,330, ahead of Carnivores at £3,630.'], [costs], { decision: 'rules' });
    assert.notEqual(swapped.partition, 'grounded', swapped.reason);
  });
});

describe('offline judge: "from … to …" with no period named is the first period to the last', () => {
  // cracked over eggs_received by month: March (9 + 11) / 2,000 = 1.0%; April (7 + 15) / 2,000 = 1.1%;
  // May (11 + 13) / 2,000 = 1.2%. No row gives 1.0% or 1.2% on its own. Months are ordered in
  // time, not by name (April sorts before March as text).
  const monthly: Source = {
    file: 'monthly.csv',
    text: ['month,farm,eggs_received,cracked', 'March,Ashcombe,1000,9', 'March,Brackenridge,1000,11', 'April,Ashcombe,1000,7', 'April,Brackenridge,1000,15', 'May,Ashcombe,1000,11', 'May,Brackenridge,1000,13'].join('\n'),
  };

  it('"went from 1.0% to 1.2% over the period": March\'s rate to May\'s', async () => {
    const right = await proposed('The crack rate went from 1.0% to 1.2% over the period.', [monthly]);
    assert.equal(right.partition, 'grounded', right.reason);
    // The other way round, each end is the other month's.
    const reversed = await proposed('The crack rate went from 1.2% to 1.0% over the period.', [monthly]);
    assert.notEqual(reversed.partition, 'grounded', reversed.reason);
  });
});

describe('offline judge: a rate "per" another measure over a group\'s rows', () => {
  // exposures over science_h: KRT-12 (50 + 60 + 36) / (7 + 8 + 5) = 146 / 20 = 7.3;
  // KRT-35 (30 + 20 + 48) / (6 + 4 + 10) = 98 / 20 = 4.9. No row gives either on its own.
  const nights: Source = {
    file: 'nightly.csv',
    text: ['night,telescope,science_h,exposures', '2024-10-01,KRT-12,7,50', '2024-10-01,KRT-35,6,30', '2024-10-02,KRT-12,8,60', '2024-10-02,KRT-35,4,20', '2024-10-03,KRT-12,5,36', '2024-10-03,KRT-35,10,48'].join('\n'),
  };

  it('"7.3 exposures per science hour, against 4.9 on KRT-35": each telescope\'s sum over sum', async () => {
    const right = await proposed('KRT-12 recorded about 7.3 exposures per science hour, against 4.9 on KRT-35.', [nights]);
    assert.equal(right.partition, 'grounded', right.reason);
    // 5.9 is neither telescope's rate.
    const wrong = await proposed('KRT-12 recorded about 7.3 exposures per science hour, against 5.9 on KRT-35.', [nights]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
});

describe('offline judge: a range of weeks or quarters holds every period between its ends', () => {
  // Weekly rows of two lines. W32: 400 + 380 = 780; W33: 410 + 390 = 800; W34: 396 + 404 = 800;
  // W35: 420 + 400 = 820. W32 to W35: 3,200; W33 to W35: 2,420; the two ends alone, W32 + W35: 1,600.
  const weekly: Source = {
    file: 'inspection_weekly.csv',
    text: [
      'week,line,inspected',
      ...['2024-W32,TB-A,400', '2024-W32,TB-B,380', '2024-W33,TB-A,410', '2024-W33,TB-B,390'],
      ...['2024-W34,TB-A,396', '2024-W34,TB-B,404', '2024-W35,TB-A,420', '2024-W35,TB-B,400'],
    ].join('\n'),
  };

  it('"across the weeks from W32 to W35" and "between W33 and W35" sum every week of the range', async () => {
    const all = await proposed('Across the four weeks from W32 to W35, the two lines inspected 3,200 retreads.', [weekly]);
    assert.equal(all.partition, 'grounded', all.reason);
    const later = await proposed('Between W33 and W35 the lines inspected 2,420 retreads.', [weekly]);
    assert.equal(later.partition, 'grounded', later.reason);
    // The two ends alone are no range's sum.
    const ends = await proposed('Across the four weeks from W32 to W35, the two lines inspected 1,600 retreads.', [weekly]);
    assert.notEqual(ends.partition, 'grounded', ends.reason);
  });

  // Q1: 120 + 130 = 250; Q2: 140; Q3: 150 + 160 = 310 (quarters of monthly rows would be held the same way).
  const quarterly: Source = {
    file: 'orders.csv',
    text: ['quarter,site,orders', '2025-Q1,North,120', '2025-Q1,South,130', '2025-Q2,North,140', '2025-Q3,North,150', '2025-Q3,South,160'].join('\n'),
  };

  it('"Q1–Q3" and "Q1 through Q3" hold Q2; 700 is the three quarters\' orders, 560 only the ends\'', async () => {
    for (const range of ['Q1–Q3', 'Q1 through Q3']) {
      const right = await proposed(`The two sites took 700 orders in ${range}.`, [quarterly]);
      assert.equal(right.partition, 'grounded', right.reason);
      const ends = await proposed(`The two sites took 560 orders in ${range}.`, [quarterly]);
      assert.notEqual(ends.partition, 'grounded', ends.reason);
    }
  });
});

describe('offline judge: the numbers of "weeks 36 to 39" label periods, they are no figures', () => {
  // Weekly rows: W36 1,000 + 2,000; W37 1,100 + 2,100; W38 1,200 + 2,200; W39 1,300 + 2,300.
  // Weeks 36 to 39: 3,000 + 3,200 + 3,400 + 3,600 = 13,200. 366,036 is a count some row holds
  // that a reading of 36 as a figure would take for its mistake (ten thousand times 36, near enough).
  const weekly: Source = {
    file: 'intake.csv',
    text: [
      'week,farm,eggs_received',
      ...['2024-W36,Ashcombe,1000', '2024-W36,Brackenridge,2000', '2024-W37,Ashcombe,1100', '2024-W37,Brackenridge,2100'],
      ...['2024-W38,Ashcombe,1200', '2024-W38,Brackenridge,2200', '2024-W39,Ashcombe,1300', '2024-W39,Brackenridge,2300'],
      '2024-W40,Carrow,366036',
    ].join('\n'),
  };

  it('"over weeks 36 to 39" sums the four weeks, and neither 36 nor 39 is a figure a record belies', async () => {
    const sum = await proposed('Over weeks 36 to 39 Ashcombe and Brackenridge delivered 13,200 eggs.', [weekly]);
    assert.equal(sum.partition, 'grounded', sum.reason);
    // A list after the plural names each week: weeks 37 and 38 hold 3,200 + 3,400 = 6,600.
    const list = await proposed('In weeks 37 and 38 Ashcombe and Brackenridge delivered 6,600 eggs.', [weekly]);
    assert.equal(list.partition, 'grounded', list.reason);
  });
});

describe('offline judge: a quarter written with its figure, and the group a clause opens with', () => {
  // Central: April 52 + May 49 + June 55 = 156 (Q2); July 61 + August 58 + September 57 = 176 (Q3).
  const faults: Source = {
    file: 'faults.csv',
    text: [
      'month,district,loops_in_service,faults_opened',
      ...['2024-04,North,1240,31', '2024-04,Central,1860,52', '2024-05,North,1240,28', '2024-05,Central,1860,49', '2024-06,North,1240,35', '2024-06,Central,1860,55'],
      ...['2024-07,North,1240,40', '2024-07,Central,1860,61', '2024-08,North,1240,41', '2024-08,Central,1860,58', '2024-09,North,1240,42', '2024-09,Central,1860,57'],
    ].join('\n'),
  };
  // A second table naming the district, and a figure of it that is no fault count.
  const notes: Source = {
    file: 'notes.md',
    text: '# Fault review, Q2–Q3 2024 — notes\n\n| Crew | District |\n|---|---|\n| CREW-1 | North |\n| CREW-2 | Central |\n\n- Central loops_in_service includes 64 video detection zones counted as loops.\n',
  };

  it('"156 in Q2 and 176 in Q3" is each quarter\'s months summed ("Q2" read as a period)', async () => {
    const right = await proposed('Central had 156 faults in Q2 and 176 in Q3.', [faults, notes]);
    assert.equal(right.partition, 'grounded', right.reason);
    // 166 is neither quarter's sum, nor any month's.
    const wrong = await proposed('Central had 166 faults in Q2 and 176 in Q3.', [faults, notes]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });

  // Metro 16 + 18 + 29 = 63, Coastal 21 + 25 + 11 = 57, South 19 + 17 + 15 = 51.
  const cashouts: Source = {
    file: 'cashouts.csv',
    text: [
      'month,region,cashout_events',
      ...['2024-07,Metro,16', '2024-07,Coastal,21', '2024-07,South,19', '2024-08,Metro,18', '2024-08,Coastal,25', '2024-08,South,17'],
      ...['2024-09,Metro,29', '2024-09,Coastal,11', '2024-09,South,15'],
    ].join('\n'),
  };

  it('the group a clause opens with owns its first figure; one written right before the next figure owns that one', async () => {
    const right = await proposed('Metro recorded the most cash-outs in the quarter, 63, ahead of Coastal with 57.', [cashouts]);
    assert.equal(right.partition, 'grounded', right.reason);
    // Swapped: 57 is Coastal's total and 63 Metro's, not the other way round.
    const swapped = await proposed('Metro recorded the most cash-outs in the quarter, 57, ahead of Coastal with 63.', [cashouts]);
    assert.notEqual(swapped.partition, 'grounded', swapped.reason);
  });
});
