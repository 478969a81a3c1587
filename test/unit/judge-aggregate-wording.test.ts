// The offline judge summing a table's rows by the claim's wording: a noun of the column's verb
// ("deliveries" of delivered_t, "shipments" of shipped) names the column, and a name the claim
// leaves out ("none of them to Marlow Cross", "excluding Rotterdam") is no focus: its rows are
// left out of the sum. Expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const barns = {
  file: 'barn_stock.csv',
  text: [
    'week_start,depot,opening_t,delivered_t,used_t',
    '2024-12-02,Ashby,2150,200,112',
    '2024-12-02,Marlow Cross,1700,0,95',
    '2024-12-02,Kettlebrook,1050,500,98',
    '2024-12-09,Ashby,2238,0,120',
    '2024-12-09,Marlow Cross,1605,0,101',
    '2024-12-09,Kettlebrook,1452,250,97',
  ].join('\n'),
};

describe('offline judge: a sum of rows the claim words as a noun of the column, leaving out a name', () => {
  it('sums the column a noun of its verb names, over the rows but those of the name left out', async () => {
    // delivered_t: 200 + 0 + 500 + 0 + 0 + 250 = 950, all of it outside Marlow Cross.
    const none = await judge('Deliveries over the two weeks totalled 950 t, none of them to Marlow Cross.', [barns]);
    assert.equal(none.partition, 'grounded', none.reason);
    // used_t without Marlow Cross: 112 + 98 + 120 + 97 = 427.
    const excluding = await judge('The depots other than Marlow Cross used 427 t of salt.', [barns]);
    assert.equal(excluding.partition, 'grounded', excluding.reason);
  });

  it('is not met by another sum, nor by the left-out name made the focus', async () => {
    const wrong = await judge('Deliveries over the two weeks totalled 980 t, none of them to Marlow Cross.', [barns]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    // Marlow Cross alone used 95 + 101 = 196 t, not 427.
    const focus = await judge('Marlow Cross used 427 t of salt.', [barns]);
    assert.notEqual(focus.partition, 'grounded', focus.reason);
  });
});

describe('offline judge: sums over rows with blank cells, of two measures, of a hyphenated name, and a share of a whole after it', () => {
  const checks = {
    file: 'checks.csv',
    text: [
      'check_id,check,status,routine_mh,nonroutine_mh,xray_fail,visual_fail',
      'CK-1,C-check,done,8100,5200,12,7',
      'CK-2,C-check,done,7900,4900,9,5',
      'CK-3,A-check,done,600,310,2,1',
      'CK-4,C-check,planned,,,,',
    ].join('\n'),
  };

  it('skips a blank cell (a row with nothing yet), reads "non-routine" as nonroutine, and adds two measures the claim names', async () => {
    // nonroutine_mh over the done checks: 5,200 + 4,900 + 310 = 10,410; routine 8,100 + 7,900 + 600 = 16,600.
    const hours = await judge('Non-routine work came to 10,410 man-hours against 16,600 routine.', [checks]);
    assert.equal(hours.partition, 'grounded', hours.reason);
    // xray_fail + visual_fail: (12 + 9 + 2) + (7 + 5 + 1) = 23 + 13 = 36.
    const failed = await judge('Across the checks, 36 parts failed inspection by X-ray or visual check.', [checks]);
    assert.equal(failed.partition, 'grounded', failed.reason);
    const wrong = await judge('Across the checks, 38 parts failed inspection by X-ray or visual check.', [checks]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });

  it("reads a percentage's whole after it ('52% of the week's 1,609 results') over every row", async () => {
    const results = { file: 'results.csv', text: ['week,analyzer,results', '2026-W14,ATL-1,767', '2026-W14,ATL-2,842'].join('\n') };
    // 767 + 842 = 1,609; 842 / 1,609 = 52.3%.
    const share = await judge("ATL-2 produced about 52% of the week's 1,609 results.", [results]);
    assert.equal(share.partition, 'grounded', share.reason);
  });
});

describe('offline judge: a numbered name written as its code', () => {
  const lines = { file: 'lines.csv', text: ['date,line,bottles_good', '2024-11-04,L1,100', '2024-11-04,L2,140', '2024-11-05,L1,120', '2024-11-05,L2,160'].join('\n') };

  it('reads "Line 2" as line=L2: the column\'s word by its initial, then the number', async () => {
    // L2: 140 + 160 = 300; L1: 100 + 120 = 220.
    const two = await judge('Line 2 made 300 good bottles over the two days.', [lines]);
    assert.equal(two.partition, 'grounded', two.reason);
    const one = await judge('Line 1 made 220 good bottles over the two days.', [lines]);
    assert.equal(one.partition, 'grounded', one.reason);
    // 220 is Line 1's, not Line 2's.
    const swapped = await judge('Line 2 made 220 good bottles over the two days.', [lines]);
    assert.notEqual(swapped.partition, 'grounded', swapped.reason);
  });
});
