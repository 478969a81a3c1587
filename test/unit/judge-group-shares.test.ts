// The offline judge against a group's share of a whole that a breakdown table gives ("S-K made up
// about 45% of week 39 P50 scrap"; contradictions/group-shares.ts). Evidence is parsed by the real
// evidence reader; every share is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Week 39, P50: S-K 331 of 331 + 170 + 44 + 54 = 599 cells (55.3%); S-CAP 170 of 599 (28.4%).
// Week 38, P50: S-K 148 of 148 + 162 + 41 + 56 = 407 (36.4%). P30 rows are another product's.
const reasons = {
  file: 'scrap_reasons.csv',
  text: [
    'week,product,reason_code,cells',
    'W38,P50,S-K,148',
    'W38,P50,S-CAP,162',
    'W38,P50,S-DEAD,41',
    'W38,P50,S-VIS,56',
    'W38,P30,S-K,52',
    'W39,P50,S-K,331',
    'W39,P50,S-CAP,170',
    'W39,P50,S-DEAD,44',
    'W39,P50,S-VIS,54',
    'W39,P30,S-K,50',
  ].join('\n'),
};

describe('offline judge: a group\'s share of a breakdown\'s whole', () => {
  it('is contradicted when the named rows\' share is outside what the figure allows', async () => {
    const about = await judge('S-K made up about 45% of week 39 P50 scrap.', [reasons], { decision: 'rules' });
    assert.equal(about.partition, 'contradicted', about.reason);
    assert.match(about.reason, /331 of 599 .*\(55\.3%\)/);
    // "just over a third": at least 33.3%, and S-CAP's 28.4% is under it.
    const over = await judge('S-CAP made up just over a third of week 39 P50 scrap.', [reasons], { decision: 'rules' });
    assert.equal(over.partition, 'contradicted', over.reason);
  });

  it('is left alone when the share fits, or the whole is some other measure', async () => {
    const fits = await judge('S-K made up about 55% of week 39 P50 scrap.', [reasons], { decision: 'rules' });
    assert.notEqual(fits.partition, 'contradicted', fits.reason);
    const week38 = await judge('S-K made up about 36% of week 38 P50 scrap.', [reasons], { decision: 'rules' });
    assert.notEqual(week38.partition, 'contradicted', week38.reason);
    // "of available line hours" is not what the table counts.
    const other = await judge('S-K took about 45% of available line hours in week 39.', [reasons], { decision: 'rules' });
    assert.notEqual(other.partition, 'contradicted', other.reason);
  });
});

// L22's cold-end rows: checks 52,400 of 52,400 + 24,100 + 15,800 = 92,300 (56.8%).
// The checks rows of every line: L22's 52,400 of 38,900 + 52,400 = 91,300 (57.4%).
const rejects = {
  file: 'rejects_week43.csv',
  text: [
    'week,line,category,bottles',
    '2024-W43,L21,checks,38900',
    '2024-W43,L21,dimensional,41200',
    '2024-W43,L21,stones,17600',
    '2024-W43,L22,checks,52400',
    '2024-W43,L22,dimensional,24100',
    '2024-W43,L22,stones,15800',
  ].join('\n'),
};

describe('offline judge: the part of a share is the value the claim names first', () => {
  it('reads "checks … on L22, at N% of its rejects" as checks\' share of L22\'s rows', async () => {
    const right = await judge('Checks were the largest reject category on L22, at about 57% of its rejects.', [rejects], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const wrong = await judge('Checks were the largest reject category on L22, at about 40% of its rejects.', [rejects], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /for checks; its bottles is 52400 of 92300/);
  });
});
