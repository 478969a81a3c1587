// Shares a table implies by a count and the total it is counted out of, with no document to
// define them; figures in units of pressure and speed (bar, psi, km/h, m/s), glued to their
// number or carried by a field's name; and years, which date a record and measure nothing.
// Expected values are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { extractFeatures } from '../../src/core/retrieval/index';
import { withImpliedShares } from '../../src/core/judge/offline/records/implied-shares';
import type { Table, TableRow } from '../../src/core/judge/offline/records/table-types';
import { judge } from '../support/judge-sources';

function table(header: string[], rows: string[][]): Table {
  const made: TableRow[] = rows.map((cells) => ({ unit: undefined as never, refs: [], values: new Map(cells.map((cell, at) => [header[at]!, cell])), cells: new Map() }));
  return { file: 'rows.csv', columns: [...header], rows: made };
}

describe('offline judge: implied shares and units of pressure and speed', () => {
  describe('a share a table implies', () => {
    it('a count over the total of its name, named as a total, becomes a percentage column', () => {
      const weekly = table(['week', 'analyser', 'stat_samples', 'stat_within_60m'], [['W1', 'BG-3', '240', '238'], ['W2', 'BG-3', '252', '249']]);
      assert.deepEqual(withImpliedShares(weekly), ['stat_within_60m_share']);
      // 238 / 240 = 99.1667%; 249 / 252 = 98.8095%.
      assert.deepEqual(weekly.rows.map((row) => row.values.get('stat_within_60m_share')), ['99.1667%', '98.8095%']);
    });

    it('two parts of one total make no share of each other, nor does a column no name calls a total', () => {
      // wasted_overproduction holds the other two in every row, but its name says it is a part.
      const waste = table(['line', 'meals_produced', 'wasted_overproduction', 'wasted_temperature', 'wasted_labelling'], [['L1', '21400', '310', '20', '12'], ['L2', '18900', '290', '0', '8']]);
      assert.deepEqual(withImpliedShares(waste), []);
    });

    it('a whole smaller than the sum of its name\'s other counts in some row is no whole', () => {
      // spots_scheduled is 100 in W2 while aired + missed come to 104 there.
      const spots = table(['week', 'spots_scheduled', 'spots_aired', 'spots_missed'], [['W1', '100', '96', '4'], ['W2', '100', '98', '6']]);
      assert.deepEqual(withImpliedShares(spots), []);
    });

    const weekly = {
      file: 'lab_tat_weekly.csv',
      text: ['week_start,analyser,stat_samples,stat_within_60m', '2024-09-09,BG-3,240,238', '2024-09-09,UA-1,18,17', '2024-09-16,BG-3,231,229', '2024-09-16,UA-1,15,15', '2024-09-23,BG-3,252,249', '2024-09-23,UA-1,20,19'].join('\n'),
    };

    it('"stayed above 99% in every week" is read against the share row by row', async () => {
      // BG-3: 238/240 = 99.17%, 229/231 = 99.13%, 249/252 = 98.81% in the week of 23 September.
      const wrong = await judge('BG-3 stayed above 99% in every week.', [weekly]);
      assert.equal(wrong.partition, 'contradicted', wrong.reason);
      assert.match(wrong.reason, /98\.8095%/);
      const right = await judge('BG-3 stayed above 98% in every week.', [weekly]);
      assert.notEqual(right.partition, 'contradicted', right.reason);
    });
  });

  describe('pressures and speeds', () => {
    const read = (text: string): Array<[number, string]> => extractFeatures(text).quantities.map((q) => [Number(q.value.toPrecision(6)), q.dimension]);

    it('bar, mbar, kPa and psi are pressures in pascals, spaced or glued to their number', () => {
      assert.deepEqual(read('tripped on low suction at 0.18 bar'), [[18000, 'pressure']]);
      assert.deepEqual(read('HP-1 TRIP cause=LOW_SUCTION suction=0.18bar'), [[18000, 'pressure']]);
      assert.deepEqual(read('leak test 1.3 mbar'), [[130, 'pressure']]);
      assert.deepEqual(read('pressure 30 psi'), [[206843, 'pressure']]); // 30 × 6,894.757
      assert.deepEqual(read('header_barg=4.20'), [[420000, 'pressure']]);
    });

    it('a change written with an arrow gives its first figure the second\'s unit', () => {
      assert.deepEqual(read('ramp LP header SP 4.2 -> 3.9 barg'), [[420000, 'pressure'], [390000, 'pressure']]);
      assert.deepEqual(read('HH setpoint 9,400 → 9,250 mm'), [[9.4, 'length'], [9.25, 'length']]);
    });

    it('km/h and m/s are speeds; a wind or speed field ending in _ms is metres per second, any other _ms milliseconds', () => {
      assert.deepEqual(read('the lift stops at 75 km/h'), [[20.8334, 'speed']]); // 75 × 0.277778
      assert.deepEqual(read('runs at 3.0 m/s in slow mode'), [[3, 'speed']]);
      assert.deepEqual(read('mean_wind_speed_ms=7.1'), [[7.1, 'speed']]);
      assert.deepEqual(read('p99_ms=840'), [[0.84, 'duration']]);
    });

    it('a pressure the log gives glued to its unit grounds the claim, and another pressure does not', async () => {
      const scada = { file: 'scada.log', text: '2024-09-14T05:41:07Z ERROR scada[ff-plc1] HP-1 TRIP cause=LOW_SUCTION suction=0.18bar' };
      const right = await judge('Duty pump HP-1 tripped on low suction at 0.18 bar.', [scada]);
      assert.equal(right.partition, 'grounded', right.reason);
      const wrong = await judge('Duty pump HP-1 tripped on low suction at 0.25 bar.', [scada]);
      assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    });
  });

  describe('years', () => {
    it('a season written "2025/26" is a period, not the figures 2025 and 26', () => {
      assert.deepEqual(extractFeatures('Snowmaking targets — 2025/26 season').quantities, []);
      // Not consecutive years: two figures.
      assert.deepEqual(extractFeatures('ratio 2025/30').quantities.map((q) => q.value), [2025, 30]);
    });

    it('the year of a release ("2026.04") is no reading a claimed figure could be mistaken for', async () => {
      const notes = { file: 'release-notes.md', text: ['# Shelfwise release notes: 2026.04', '', '_Released 8 April 2026_', '', '## Lending limits', '', '- Standard cardholders can now have up to 12 loans (previously 10) and 15 holds (previously 10).'].join('\n') };
      // Both limits were 10 before the release: nothing says otherwise, least of all the release's year.
      const verdict = await judge('Both limits were raised from 10 in the 8 April 2026 release.', [notes]);
      assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
      assert.doesNotMatch(verdict.reason, /says 2026/);
    });

    it('a figure that only looks like a year is still a reading: a batch limit of 2000 against a claimed 1,000', async () => {
      const log = { file: 'rollout.log', text: '2024-05-02T10:00:00Z INFO gateway config resend_batch_limit=2000 previous=500' };
      const verdict = await judge('The resend batch limit was raised from 500 to 1,000.', [log]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
    });

    it('a heading\'s year is no reading of a decimal figure: "from 32.6 to 40.4 leaks per 100 km" against "Leak survey programme 2024"', async () => {
      const programme = { file: 'survey_program.md', text: ['# Leak survey programme 2024', '', '## Definitions', '', 'Leak rate is reported as leaks (all grades) per 100 km of main surveyed in the quarter.'].join('\n') };
      // The document defines the rate and gives no value of it: 2024 names the programme's year.
      const verdict = await judge('The leak rate rose from 32.6 to 40.4 leaks per 100 km surveyed.', [programme], { decision: 'rules' });
      assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    });
  });
});
