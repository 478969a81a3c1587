// The offline judge on structure that reports write differently from their records: values
// inside identifiers, table rows, counts of events, states in other words, short names, and
// questions that ask two things or ask for a kind of value. Expected labels come from reasoning
// about each claim and its items (the comment beside each case says why).
import * as assert from 'node:assert/strict';
import { askedValue, createOfflineJudge } from '../../src/core/judge/offline';
import { questionPropositions } from '../../src/core/judge/offline/rules';
import { extractFeatures, splitProseSentences } from '../../src/core/retrieval/index';
import type { EvidenceItem, EvidenceKind, JudgedClaim, ReportClaim } from '../../src/core/review-types';
import { segmentReport } from '../../src/core/segment';

function item(id: string, text: string, kind: EvidenceKind = 'log_line', extra: Partial<EvidenceItem> = {}): EvidenceItem {
  const line = Number(id.replace(/\D/g, '')) || 1;
  return { id, file: 'evidence.log', line, endLine: line, text, kind, fields: {}, ...extra };
}

async function judgeAll(claims: Array<string | Partial<ReportClaim>>, evidence: EvidenceItem[], question?: string): Promise<JudgedClaim[]> {
  const reportClaims = claims.map((claim, i) => {
    const text = typeof claim === 'string' ? claim : claim.text!;
    return { id: `C${i + 1}`, start: 0, end: text.length, line: 1, ...(typeof claim === 'string' ? {} : claim), text };
  });
  return (await createOfflineJudge().judgeClaims({ claims: reportClaims, evidence, question })).claims;
}

async function one(claim: string | Partial<ReportClaim>, evidence: EvidenceItem[], question?: string): Promise<JudgedClaim> {
  return (await judgeAll([claim], evidence, question))[0]!;
}

describe('offline judge: structure written differently', () => {
  describe('feature extraction', () => {
    it('reads "total-vm:5.1GB" as a key and its value', () => {
      const features = extractFeatures('killed process 1 (java) total-vm:5.1GB');
      const size = features.quantities.find((q) => q.dimension === 'bytes');
      assert.ok(size, 'a size is read');
      assert.equal(size.value, 5.1e9);
      assert.deepEqual(size.key, ['total', 'vm']);
    });

    it('reads the window of a metric name (pod_restarts_30m) as a duration of 30 minutes', () => {
      const features = extractFeatures('rule=pod_restarts_30m value=3');
      const window = features.quantities.find((q) => q.dimension === 'duration');
      assert.ok(window);
      assert.equal(window.value, 1800);
      const week = extractFeatures('metric=errors_7d').quantities.find((q) => q.dimension === 'duration');
      assert.equal(week?.value, 7 * 86400);
    });

    it('keeps the unit of "2 GB per day" (an amount per day), while "3 per user" is a ratio', () => {
      const daily = extractFeatures('can upload 2 GB per day').quantities[0]!;
      assert.equal(daily.dimension, 'bytes');
      assert.equal(daily.value, 2e9);
      assert.equal(extractFeatures('3 seats per user').quantities[0]!.dimension, 'ratio');
    });

    it('does not count a number word or an ordinal suffix as a content word', () => {
      assert.deepEqual(extractFeatures('Completed in three minutes.').words, ['complet']);
      assert.ok(!extractFeatures('through the 27th').words.includes('th'));
    });

    it('splits CamelCase event names into their words', () => {
      const words = extractFeatures('Warning OOMKilling pod/api-1').words;
      assert.ok(words.includes('oom') && words.includes('kill'), words.join(' '));
    });

    it('keeps an initial inside a name when splitting prose into sentences', () => {
      assert.deepEqual(splitProseSentences('Mark L. Lester is an American director. He was born in 1946.'), [
        'Mark L. Lester is an American director.',
        'He was born in 1946.',
      ]);
    });
  });

  describe('records', () => {
    const events = [
      item('E1', '2026-06-08T10:41:03Z Warning OOMKilling pod/search-api-2xkq Memory cgroup out of memory: killed process 1 (java)'),
      item('E2', '2026-06-08T10:41:06Z Normal Started pod/search-api-2xkq Started container search-api'),
      item('E3', '2026-06-08T10:52:44Z Warning OOMKilling pod/search-api-8mzt Memory cgroup out of memory: killed process 1 (java)'),
      item('E4', '2026-06-08T11:04:19Z Warning OOMKilling pod/search-api-2xkq Memory cgroup out of memory: killed process 1 (java)'),
      item('E5', '[tool=query_metrics row=10:40] pod=search-api-8mzt mem_working_set=3.4GiB mem_limit=4GiB', 'tool_row'),
    ];

    it('grounds a count that equals the number of records of that event', async () => {
      // E1, E3 and E4 are the three OOM kills between 10:41 and 11:04.
      const claim = await one('Pods of search-api were OOM-killed three times between 10:41 and 11:04.', events);
      assert.equal(claim.partition, 'grounded');
      for (const ref of ['E1', 'E3', 'E4']) assert.ok(claim.evidence_refs.includes(ref), claim.evidence_refs.join(','));
    });

    it('does not ground a count the records do not add up to', async () => {
      // There are three kills, not four.
      const claim = await one('Pods of search-api were OOM-killed four times between 10:41 and 11:04.', events);
      assert.notEqual(claim.partition, 'grounded');
    });

    it('contradicts a size given for a numbered pod at a time where the row gives another', async () => {
      // The row for search-api-8mzt at 10:40 gives 3.4 GiB (and its 4 GiB limit); 3.9 GiB is neither.
      const claim = await one('Pod search-api-8mzt was at 3.9 GiB at 10:40.', events);
      assert.equal(claim.partition, 'contradicted');
      assert.deepEqual(claim.evidence_refs, ['E5']);
      assert.match(claim.reason, /3\.4GiB/);
    });

    it('grounds the same size', async () => {
      assert.equal((await one('Pod search-api-8mzt was at 3.4 GiB at 10:40.', events)).partition, 'grounded');
    });

    it('does not take "out of memory" as a stated cause "memory leak"', async () => {
      const claim = await one('The OOM kills were caused by a memory leak in search-api 3.7.2.', events);
      assert.equal(claim.partition, 'ungrounded');
    });
  });

  describe('table rows and states', () => {
    const steps = [
      item('E1', 'steps[0]: name=canary status=failed duration_s=418', 'json_field', { jsonPath: 'steps[0]' }),
      item('E2', 'steps[1]: name=rollback status=succeeded duration_s=186', 'json_field', { jsonPath: 'steps[1]' }),
    ];

    it('judges a table cell about its row: "Completed in just over three minutes" in the rollback row', async () => {
      // The rollback row succeeded in 186 s = 3 min 6 s; "completed" is "succeeded" in other words.
      const claim = await one({ text: 'Completed in just over three minutes.', context: 'rollback' }, steps);
      assert.equal(claim.partition, 'grounded');
      assert.deepEqual(claim.evidence_refs, ['E2']);
    });

    it('contradicts the state of the row the cell belongs to', async () => {
      // The canary row failed.
      const claim = await one({ text: 'Completed.', context: 'canary' }, steps);
      assert.equal(claim.partition, 'contradicted');
      assert.deepEqual(claim.evidence_refs, ['E1']);
    });

    it('does not contradict a state that names no subject at all', async () => {
      // "Completed." alone could be about either row: nothing says it is the failed one.
      const claim = await one('Completed.', steps);
      assert.notEqual(claim.partition, 'contradicted');
    });

    it('segmentation gives a prose table cell its row label as context', () => {
      const report = '| step | outcome |\n|---|---|\n| rollback | Completed in just over three minutes. |\n';
      const [claim] = segmentReport(report).claims;
      assert.equal(claim?.text, 'Completed in just over three minutes.');
      assert.equal(claim?.context, 'rollback');
    });

    it('grounds an ordinal day ("through the 27th") by a date on that day', async () => {
      const billing = [item('E1', 'query_billing month=2026-05 through=2026-05-27 total_usd=44790', 'tool_call')];
      assert.equal((await one('May spend through the 27th was $44,790.', billing)).partition, 'grounded');
      assert.notEqual((await one('May spend through the 28th was $44,790.', billing)).partition, 'grounded');
    });
  });

  describe('questions', () => {
    const knowledge = [
      item('E1', 'Pamela Renea Veasey (born May 25, 1962) is an American television writer. Jon Jost (born 16 May 1943 in Chicago) is an American independent filmmaker.', 'paragraph'),
      item('E2', 'Tim McIlrath is an American punk rock musician. Cid Corman was an American poet.', 'paragraph'),
    ];

    it('splits "are both A and B …" and "are A and B both …" into two propositions', () => {
      assert.deepEqual(questionPropositions('Are both Tim McIlrath and Cid Corman American punk rock musicians?'), [
        'Tim McIlrath American punk rock musicians',
        'Cid Corman American punk rock musicians',
      ]);
      assert.deepEqual(questionPropositions('Are Pam Veasey and Jon Jost both American?'), ['Pam Veasey American', 'Jon Jost American']);
      assert.deepEqual(questionPropositions('Is Jon Jost a filmmaker?'), ['Is Jon Jost a filmmaker']);
    });

    it('"yes" needs both parts; "no" is right when one fails', async () => {
      // Both are American (Pam is short for Pamela).
      assert.equal((await one('Yes.', knowledge, 'Are Pam Veasey and Jon Jost both American?')).partition, 'grounded');
      // Cid Corman was a poet, not a punk rock musician: "yes" is not supported, "no" is.
      const question = 'Are both Tim McIlrath and Cid Corman American punk rock musicians?';
      assert.equal((await one('Yes.', knowledge, question)).partition, 'ungrounded');
      assert.equal((await one('No.', knowledge, question)).partition, 'grounded');
    });

    it('knows when a question asks for a date or a number', () => {
      assert.equal(askedValue('In what year was the creator of the theme born?'), 'date');
      assert.equal(askedValue('What is the birth date of the coach?'), 'date');
      assert.equal(askedValue('How many weeks did it spend at No. 1?'), 'number');
      assert.equal(askedValue('Who directed Beowulf?'), undefined);
    });

    it('a true statement that does not give the asked year does not answer the question', async () => {
      const answer = await one('Jon Jost is an American independent filmmaker.', knowledge, 'In what year was Jon Jost born?');
      assert.equal(answer.partition, 'ungrounded');
      assert.match(answer.reason, /does not answer/);
      // The answer with the year is grounded.
      assert.equal((await one('Jon Jost was born in 1943.', knowledge, 'In what year was Jon Jost born?')).partition, 'grounded');
    });
  });
});
