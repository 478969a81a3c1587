// Aggregates a claim names only by its context. A claim that names no measure of a table ("June's total was about 23% above April's") speaks of
// the one the sentence before it named ("Monthly treatments rose …"): the aggregate is taken over
// that column. Evidence is parsed by the real reader; the rules' proposal is checked with the
// claim before it. And a whole written after a part ("201 of the quarter's 740 overtime hours")
// may be every row's total though the part is one group's. Expected verdicts are worked out by
// hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judgeReport, type Source } from '../support/judge-sources';

const proposed = (texts: string[], sources: Source[]): Promise<JudgedClaim> => judgeReport(texts, sources, { decision: 'rules' });

describe('offline judge: a measure named by the sentence before', () => {
  // treatments: April 40 + 35 = 75, June 52 + 48 = 100 (a third more, +33.3%);
  // drug_cost_gbp: April 900 + 700 = 1,600, June 1,000 + 900 = 1,900 (+18.75%).
  const treatments: Source = {
    file: 'vet_treatments.csv',
    text: ['month,section,treatments,new_cases,drug_cost_gbp', '2024-04,Primates,40,15,900', '2024-04,Birds,35,12,700', '2024-06,Primates,52,16,1000', '2024-06,Birds,48,20,900'].join('\n'),
  };
  const before = 'Monthly treatments rose from 75 in April to 100 in June.';

  it('"June\'s total was about 33% above April\'s" after a sentence about treatments', async () => {
    // 100 / 75 − 1 = 33.3%: "about 33%".
    // The figure follows from the table; what the rules still miss is wording ('total', 'above').
    const right = await proposed([before, "June's total was about 33% above April's."], [treatments]);
    assert.doesNotMatch(right.reason, /33%/);
  });

  it('without the sentence before, nothing says which column "total" is', async () => {
    const alone = await proposed(["June's total was about 33% above April's."], [treatments]);
    assert.match(alone.reason, /not in evidence: 33%/);
  });
});

describe('offline judge: the whole a group\'s part is counted out of', () => {
  // overtime_hours: Hoofstock 50 + 61 = 111; Birds 30 + 19 = 49; all rows 160.
  const hours: Source = {
    file: 'keeper_hours.csv',
    text: ['month,section,rostered_hours,overtime_hours', '2024-04,Hoofstock,500,50', '2024-04,Birds,420,30', '2024-05,Hoofstock,510,61', '2024-05,Birds,400,19'].join('\n'),
  };

  it('"111 of the quarter\'s 160 overtime hours": 160 is every section\'s', async () => {
    const right = await proposed(["Hoofstock accounted for 111 of the quarter's 160 overtime hours."], [hours]);
    assert.doesNotMatch(right.reason, /not in evidence/);
  });

  it('a whole no sum gives is still missing', async () => {
    // 170 is no total of the rows.
    const wrong = await proposed(["Hoofstock accounted for 111 of the quarter's 170 overtime hours."], [hours]);
    assert.match(wrong.reason, /170/);
  });
});

describe('offline judge: a share of a named count over a whole the claim words otherwise', () => {
  // class_a over eggs_received: (955 + 965 + 950 + 970) / 4,000 = 3,840 / 4,000 = 96.0%; no row
  // gives 96.0% on its own (95.5%, 96.5%, 95.0%, 97.0%).
  const intake: Source = {
    file: 'farm_weeks.csv',
    text: ['week,farm,eggs_received,class_a,cracked', '2024-W36,Ashcombe,1000,955,21', '2024-W36,Brackenridge,1000,965,14', '2024-W37,Ashcombe,1000,950,26', '2024-W37,Brackenridge,1000,970,11'].join('\n'),
  };

  it('"96.0% of intake made class A" is class_a over eggs_received, a column holding it on every row', async () => {
    const right = await proposed(['Across the two weeks, 96.0% of intake made class A.'], [intake]);
    assert.doesNotMatch(right.reason, /not in evidence: 96\.0%/);
    // 96.4% is no such share.
    const wrong = await proposed(['Across the two weeks, 96.4% of intake made class A.'], [intake]);
    assert.match(wrong.reason, /96\.4%/);
  });
});
