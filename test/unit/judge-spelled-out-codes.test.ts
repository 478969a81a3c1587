// The offline judge reading a name the evidence spells out before its code ("Hand moulding (HM)")
// as that code (rules/aliases.ts), here for a bound on a rate the documents define (scrap rate =
// scrapped ÷ poured). Evidence is parsed by the real evidence reader; the figures are worked out
// by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const definitions = {
  file: 'kpi_definitions.md',
  text: [
    '# Scrap KPIs',
    '',
    '**Scrap rate** is scrapped castings divided by castings poured, by count, per line and month.',
    '',
    '| Area | Scrap rate target |',
    '|---|---|',
    '| Machine line 1 | at or below 4.0 % |',
    '| Hand moulding (HM) | at or below 7.0 % |',
  ].join('\n'),
};

// HM: January 140 / 2,150 = 6.51 %, February 150 / 2,080 = 7.21 %, March 120 / 2,200 = 5.45 %.
const scrap = {
  file: 'scrap_by_line.csv',
  text: [
    'month,line,castings_poured,castings_scrapped',
    '2024-01,ML-1,42100,1060',
    '2024-01,HM,2150,140',
    '2024-02,ML-1,41800,1010',
    '2024-02,HM,2080,150',
    '2024-03,ML-1,43000,990',
    '2024-03,HM,2200,120',
  ].join('\n'),
};

describe('offline judge: a name spelled out before its code', () => {
  it('reads "Hand moulding" as HM and its scrap rate row by row against the bound', async () => {
    const verdict = await judge('Hand moulding stayed within its 7 % target in every month.', [definitions, scrap], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /reading Hand moulding as HM/);
    assert.match(verdict.reason, /scrap_rate=7\.21/);
  });

  it('is left alone when every month keeps to the bound', async () => {
    // February with 140 scrapped: 140 / 2,080 = 6.73 %, and every HM month is under 7 %.
    const kept = { ...scrap, text: scrap.text.replace('2024-02,HM,2080,150', '2024-02,HM,2080,140') };
    const verdict = await judge('Hand moulding stayed within its 7 % target in every month.', [definitions, kept], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
