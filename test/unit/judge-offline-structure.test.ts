// The offline judge on structure that reports write differently from their records: values
// inside identifiers, table rows, counts of events, states in other words, short names, and
// questions that ask two things or ask for a kind of value. Expected labels come from reasoning
// about each claim and its items (the comment beside each case says why).
import * as assert from 'node:assert/strict';
import { askedValue, createOfflineJudge, type OfflineJudgeOptions } from '../../src/core/judge/offline';
import { parseEvidenceSources } from '../../src/core/evidence/index';
import { questionPropositions } from '../../src/core/judge/offline/answers';
import { readWording } from '../../src/core/judge/offline/language';
import { extractFeatures, splitProseSentences } from '../../src/core/retrieval/index';
import type { EvidenceItem, EvidenceKind, JudgedClaim, ReportClaim } from '../../src/core/review-types';
import { segmentReport } from '../../src/core/segment';

function item(id: string, text: string, kind: EvidenceKind = 'log_line', extra: Partial<EvidenceItem> = {}): EvidenceItem {
  const line = Number(id.replace(/\D/g, '')) || 1;
  return { id, file: 'evidence.log', line, endLine: line, text, kind, fields: {}, ...extra };
}

async function judgeAll(claims: Array<string | Partial<ReportClaim>>, evidence: EvidenceItem[], question?: string, options: OfflineJudgeOptions = {}): Promise<JudgedClaim[]> {
  const reportClaims = claims.map((claim, i) => {
    const text = typeof claim === 'string' ? claim : claim.text!;
    return { id: `C${i + 1}`, start: 0, end: text.length, line: 1, ...(typeof claim === 'string' ? {} : claim), text };
  });
  // Before the grounded cut unless asked: these cases are about reading structure (the cut: grounded-cut.test.ts).
  return (await createOfflineJudge({ groundedCut: 0, ...options }).judgeClaims({ claims: reportClaims, evidence, question })).claims;
}

/**
 * What the rules propose, before the decision model weighs it. A grounded or a contradicted
 * proposal the model is not sure of may be withheld as ungrounded (the safe side, allowed only
 * where training found such overrides right on reports the rules had never seen); cases about
 * reading structure check the proposal, and that the judge does not turn it against the claim.
 */
async function proposed(claim: string | Partial<ReportClaim>, evidence: EvidenceItem[], question?: string): Promise<JudgedClaim> {
  const [rules] = await judgeAll([claim], evidence, question, { decision: 'rules' });
  const [judged] = await judgeAll([claim], evidence, question);
  const withheld = (rules!.partition === 'grounded' || rules!.partition === 'contradicted') && judged!.partition === 'ungrounded';
  assert.ok(judged!.partition === rules!.partition || withheld, `${judged!.partition}: ${judged!.reason}`);
  return rules!;
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

    it('reads a generic value= in the unit its metric names, and byte rates in field names', () => {
      const rate = (text: string) => extractFeatures(text).quantities.map((q) => [q.value, q.dimension, q.hasUnit]);
      // mb_per_s is megabytes a second: 27.9 MB/s = 27,900,000 bytes/s, as "27.9 MB/s" reads in prose.
      assert.deepEqual(rate('metric=loki_received_mb_per_s value=27.9'), [[27.9e6, 'rate', true]]);
      assert.deepEqual(rate('loki_received_mb_per_s=27.9'), [[27.9e6, 'rate', true]]);
      assert.deepEqual(rate('Loki was receiving 27.9 MB/s'), [[27.9e6, 'rate', true]]);
      assert.deepEqual(rate('metric=cpu_pct value=97'), [[97, 'percent', true]]);
      assert.deepEqual(rate('metric=log_lines_per_s value=41200'), [[41200, 'rate', true]]);
      // A metric without a unit in its name leaves the value a plain count.
      assert.deepEqual(rate('metric=queue_depth value=41200'), [[41200, 'count', false]]);
    });

    it('reads "41,200 log lines a second" as a rate and "28 an hour" as no duration', () => {
      const quantities = extractFeatures('Output rose from 3,900 to 41,200 log lines a second.').quantities;
      // A range writes its unit once: "from 3,900 to 41,200 log lines a second" is two rates.
      assert.deepEqual(quantities.map((q) => [q.value, q.dimension]), [[3900, 'rate'], [41200, 'rate']]);
      assert.ok(!extractFeatures('The pool costs EUR 28 an hour.').quantities.some((q) => q.dimension === 'duration'));
      // "a second later" is still a second.
      assert.ok(extractFeatures('It restarted, and a second later it failed again.').quantities.some((q) => q.dimension === 'duration' && q.value === 1));
      // "an hour" after an identifier's digit, or after "in about", is a span; "a second region" an ordinal.
      const span = (text: string) => extractFeatures(text).quantities.map((q) => [q.raw, q.dimension]);
      assert.deepEqual(span('The db-2 outage lasted about an hour.'), [['an hour', 'duration']]);
      assert.deepEqual(span('RESTORE-12 restored 2 TB in about an hour.'), [['2 TB', 'bytes'], ['an hour', 'duration']]);
      assert.deepEqual(span('api-7 threw errors for a minute.'), [['a minute', 'duration']]);
      assert.deepEqual(span('api-7 scaled to 6 replicas and a second region.'), [['6', 'count']]);
    });

    it('reads each figure in the period it is written with ("the 3,120 of the previous quarter")', async () => {
      const rows = [
        item('E1', '[tool=query_db row=1] query=quarter_summary quarter=2025Q4 reports_received=3120 within_target_pct=88.2', 'tool_row'),
        item('E2', '[tool=query_db row=2] query=quarter_summary quarter=2026Q1 reports_received=5870 within_target_pct=79.4', 'tool_row'),
        item('E4', '[tool=query_db row=4] query=category_split quarter=2026Q1 category=cat2 defects=1730', 'tool_row'),
        item('E6', '[tool=query_db row=6] query=category_split quarter=2025Q4 category=cat2 defects=880', 'tool_row'),
      ];
      // 5,870 is Q1's (E2); the quarter before Q1 is Q4, whose figure is 3,120 (E1).
      const both = await one('Residents reported 5,870 potholes in Q1, nearly double the 3,120 of the previous quarter.', rows);
      assert.equal(both.partition, 'grounded');
      assert.deepEqual([...both.evidence_refs].sort(), ['E1', 'E2']);
      // Q4's figure is not Q1's.
      assert.notEqual((await one('Residents reported 3,120 potholes in Q1.', rows)).partition, 'grounded');
      // "Q4's 880" is Q4's; 1,730, with no period of its own, may come from any quarter's row.
      assert.equal((await one("1,730 defects, nearly double Q4's 880.", rows)).partition, 'grounded');
      assert.notEqual((await one("880 defects, about half Q4's 1,730.", rows)).partition, 'grounded');
      // "down from 88.2% in Q4": 88.2% is Q4's; 79.4% is the other quarter's.
      assert.equal((await one('Only 79.4% of repairs were on time, down from 88.2% in Q4.', rows)).partition, 'grounded');
      // With Q4 of two years in the evidence, "the previous quarter" does not say which: 3,120 is
      // 2024's Q4, the quarter before 2026Q1 had 2,950.
      const years = [
        ['2024-Q4', 3120],
        ['2025-Q2', 3550],
        ['2025-Q4', 2950],
        ['2026-Q1', 5870],
      ].map(([quarter, reports], i) => item(`E${i + 1}`, `[tool=q row=${i + 1}] query=potholes quarter=${quarter} potholes_reported=${reports}`, 'tool_row'));
      assert.notEqual((await one('Potholes reported reached 5,870 in Q1, nearly double the 3,120 of the previous quarter.', years)).partition, 'grounded');
    });

    it('a figure stated at its own time is the record of that moment, unless that record names another entity', async () => {
      const log = [
        item('E9', '2026-08-19T05:58:00Z INFO pricing change PRC-0819 applied to catalog'),
        item('E1', '2026-08-19T06:14:05Z INFO result-cache invalidation published: skus=15310 (partitions 0,1,2,4,5)'),
        item('E2', '2026-08-19T07:52:33Z INFO result-cache invalidation published: skus=3109 (partition 3)'),
        item('E3', '2026-08-19T09:00:00Z metrics host=db-prod-2 cpu_pct=97'),
      ];
      // 3,109 at 07:52 is E2, 15,310 at 06:14 is E1, though neither line names PRC-0819.
      const right = await one('The 3,109 SKUs invalidated at 07:52 came after the 15,310 done at 06:14 for PRC-0819.', log);
      assert.equal(right.partition, 'grounded');
      assert.deepEqual([...right.evidence_refs].sort(), ['E1', 'E2', 'E9']);
      // Swapped, neither figure is its moment's.
      assert.notEqual((await one('The 15,310 SKUs invalidated at 07:52 came after the 3,109 done at 06:14 for PRC-0819.', log)).partition, 'grounded');
      // 97% at 09:00 is db-prod-2's, not db-prod-1's.
      assert.notEqual((await one('During PRC-0819, db-prod-1 was at 97% CPU at 09:00.', log)).partition, 'grounded');
      // Nor is a record of that minute whose fields name another entity (cluster=analytics).
      const lag = [
        item('E1', '2026-03-03T03:12:00Z metrics host=db-prod-1 cpu_pct=41'),
        item('E2', '2026-03-03T03:12:00Z metrics cluster=analytics replica=reporting lag_s=45'),
      ];
      assert.notEqual((await one('db-prod-1 replication lag hit 45 s at 03:12.', lag)).partition, 'grounded');
    });

    it('a number naming a release ("version 13", "Android 13") and "five times that" are no measured values', async () => {
      const crashes = [
        item('E1', '[tool=crash row=1] os=android13 sessions=412000 crashes=9010', 'tool_row'),
        item('E2', '[tool=crash row=2] os=android12 sessions=80000 crashes=8700', 'tool_row'),
      ];
      // "five times that on Android 13" compares two rates; neither 5 nor 13 is a count of crashes.
      assert.notEqual((await one('Their crash rate was roughly five times that on Android 13.', crashes)).partition, 'contradicted');
      const secrets = [
        item('E1', '2026-05-14T10:02:11Z INFO secrets copy ledger/jwt version=13 to sm://ledger/jwt'),
        item('E2', '2026-05-14T10:36:00Z INFO ledger-api rollout finished, 6 pods ready, secret version 6 of sm://ledger/jwt'),
      ];
      // Version 13 was copied (E1); E2's 6 ready pods are no other value of it.
      assert.equal((await one('The agent copied version 13 across at 10:02 and restarted the deployment, which finished at 10:36.', secrets)).partition, 'grounded');
      // A release range is a figure to check: "from Android 8 upwards" is still read.
      assert.equal(extractFeatures('every version from Android 8 upwards').quantities.length, 1);
    });

    it('labels, settings and units are still compared where a record gives that very measure', async () => {
      const rows = [
        item('E1', '[tool=prom row=1] host=api-7 request_p99_ms=480', 'tool_row'),
        item('E2', '[tool=jvm row=3] host=app-3 heap_used_mb=900', 'tool_row'),
        item('E3', '[tool=crashlytics row=1] app=Lumen android_version=12 crashes=340 share_pct=71', 'tool_row'),
        item('E4', '[tool=deploy row=1] change=CHG-4410 ring=3 hosts=120 status=done', 'tool_row'),
        item('E5', '[tool=kubectl row=1] pod=worker-5 restarts=9 last_reason=OOMKilled', 'tool_row'),
      ];
      // request_p99_ms is a reading, not a request limit.
      assert.equal((await one('api-7 responded in 120 ms at p99.', rows)).partition, 'contradicted');
      // 900 MB written as 900 GB is a unit slip.
      assert.equal((await one('app-3 heap use reached 900 GB.', rows)).partition, 'contradicted');
      // The record gives the label a value: Android 12, ring 3.
      assert.equal((await one('Most Lumen crashes (71%) came from devices on Android 13.', rows)).partition, 'contradicted');
      assert.equal((await one('CHG-4410 was rolled out to ring 2, covering 120 hosts.', rows)).partition, 'contradicted');
      // "4 times that morning" counts restarts.
      assert.equal((await one('worker-5 restarted 4 times that morning.', rows)).partition, 'contradicted');
    });

    it('"412 port allocation errors a minute" is a rate, not a one-minute duration', async () => {
      const alert = [item('E1', '[signal] alert_id=NET-NAT-4 fired_at=2026-10-14T13:34:00Z host=natgw-prod-a port_allocation_errors_per_min=412 threshold=100', 'signal')];
      assert.equal((await one('At 13:34 UTC, NET-NAT-4 fired on natgw-prod-a with 412 port allocation errors a minute.', alert)).partition, 'grounded');
    });

    it('figures in other units hundreds of times apart, limits and shares of a claim\'s own figures are not misread values', async () => {
      const records = [
        item('E3', 'service = search-api change_id=CHG-7042 container_memory_limit=14Gi rollback_criteria=roll back if search p99 stays above 180 ms for 10 minutes', 'json_field'),
        item('E4', '[tool=jvm row=07:35:00] pod=search-api-11 rss_gib=11.2 search_p99_ms=172', 'tool_row'),
      ];
      // 172 ms is no misreading of the 10-minute window.
      assert.equal((await one('At 07:35 search p99 reached 172 ms, close to but still under the 180 ms rollback limit.', records)).partition, 'grounded');
      // 11.2 GiB of 14 GiB (14Gi, a Kubernetes quantity) is 80%: the claim's own share.
      assert.equal((await one('Its memory footprint was 11.2 GiB, roughly 80% of the 14 GiB container limit.', records)).partition, 'grounded');
      assert.notEqual((await one('Its memory footprint was 11.2 GiB, roughly 60% of the 14 GiB container limit.', records)).partition, 'grounded');
      // A limit is a setting, not the change's reading of the heap.
      const limit = [item('E3', 'service = search-api change_id=CHG-7042 container_memory_limit_gib=14', 'json_field')];
      assert.notEqual((await one('CHG-7042 kept the 10 GiB heap of search-api.', limit)).partition, 'contradicted');
      // A one-letter size is binary as often as not: heap_max=10g is a 10 GiB heap.
      const jvm = [item('E1', '[tool=jvm row=1] pod=search-api-3 heap_max=10g', 'tool_row')];
      assert.equal((await one('search-api-3 runs with a 10 GiB maximum heap.', jvm)).partition, 'grounded');
    });

    it('reads "one item in every 21" as a share of 1/21, met by the ratio of two figures of a record', async () => {
      const features = extractFeatures('Roughly one item in every 21 was substituted, against 1 in 30 in November.');
      assert.deepEqual(
        features.quantities.map((q) => [q.dimension, Number(q.value.toFixed(2))]),
        [['percent', 4.76], ['percent', 3.33]],
      );
      // A year is not a share.
      assert.deepEqual(extractFeatures('One release in 2025 broke it.').quantities.map((q) => q.dimension), ['count']);
      const rows = [item('E1', '[tool=run_query row=2] month=2026-12 items_ordered=3349870 items_substituted=157440', 'tool_row')];
      // 157,440 / 3,349,870 = 4.70%, one in 21.3.
      assert.equal((await one('In December roughly one item in every 21 was substituted.', rows)).partition, 'grounded');
      // One in 15 would be 6.7%.
      assert.notEqual((await one('In December roughly one item in every 15 was substituted.', rows)).partition, 'grounded');
    });

    it('grounds a rate read off a metric row in other units', async () => {
      const rows = [item('E1', '[tool=prom_query row=2] ts=2026-08-19T14:10:00Z tenant=prod metric=loki_received_mb_per_s value=27.9', 'tool_row')];
      const claim = await one('At 14:10 Loki was receiving 27.9 MB/s for the tenant.', rows);
      assert.equal(claim.partition, 'grounded');
      assert.notEqual((await one('At 14:10 Loki was receiving 29.7 MB/s for the tenant.', rows)).partition, 'grounded');
    });

    it('does not count a number word or an ordinal suffix as a content word', () => {
      assert.deepEqual(extractFeatures('Completed in three minutes.').words, ['complet']);
      assert.ok(!extractFeatures('through the 27th').words.includes('th'));
    });

    it('splits CamelCase event names into their words', () => {
      const words = extractFeatures('Warning OOMKilling pod/api-1').words;
      assert.ok(words.includes('oom') && words.includes('kill'), words.join(' '));
    });

    it('ends a sentence before a lowercase command name, but not after a unit', () => {
      const report = 'Python 3.9 was last supported by 2.8. quiver 3.0 was released in February. It answered in 38 ms. after the fix.';
      assert.deepEqual(
        segmentReport(report).claims.map((c) => c.text),
        ['Python 3.9 was last supported by 2.8.', 'quiver 3.0 was released in February.', 'It answered in 38 ms. after the fix.'],
      );
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

  describe('support', () => {
    it('cites the fewest items that carry the claim: one row is a tool match, not a synthesis with a line that only adds a word', async () => {
      const evidence = [
        item('E1', '[tool=query_metrics row=14:02:30] host=db-prod-1 cpu_pct=97.2', 'tool_row'),
        item('E2', '2026-03-14T14:02:31Z WARN monitor db-prod-1 cpu saturated at the peak of the flash sale'),
      ];
      // The row gives the host, the figure and the time; the log line adds only "peak" and "flash sale".
      const peak = await one('db-prod-1 CPU peaked at 97.2% at 14:02:30 during the flash sale.', evidence);
      assert.equal(peak.partition, 'grounded');
      assert.equal(peak.type, 'tool_match');
      assert.deepEqual(peak.evidence_refs, ['E1']);
      // Two rows are needed for a rise: that stays a synthesis of both.
      const rows = [...evidence, item('E3', '[tool=query_metrics row=14:01:00] host=db-prod-1 cpu_pct=41.3', 'tool_row')];
      const rise = await one('db-prod-1 CPU rose from 41.3% at 14:01:00 to 97.2% at 14:02:30.', rows);
      assert.equal(rise.type, 'synthesis');
      assert.deepEqual([...rise.evidence_refs].sort(), ['E1', 'E3']);
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
      assert.equal(claim?.context, 'rollback outcome');
    });

    it('does not oppose one record word to a claim that names both sides of the property', async () => {
      const gates = [
        item('E1', '2026-10-06T06:00:00Z INFO gatecheck wave=1 site=DC-North install_success=100.0% scan_confirm_p95_ms=612 gate=pass'),
        item('E2', '2026-10-08T06:00:00Z WARN gatecheck wave=3 site=DC-West install_success=100.0% scan_confirm_p95_ms=1180 gate=fail'),
      ];
      // The claim says which thing failed (DC-West's gate, E2) and which succeeded (the install):
      // DC-North's "install_success" in E1 does not oppose its "Failed".
      const claim = await one({ text: 'Failed with a p95 of 1,180 ms, despite 100% install success.', context: 'DC-West' }, gates);
      assert.equal(claim.partition, 'grounded');
      assert.deepEqual(claim.evidence_refs, ['E2']);
      // Two states in one claim do not shield the asserted one: "succeeded" against status=failed.
      const run = [item('E1', '[tool=backup row=1] run=R-551 status=failed', 'tool_row')];
      assert.equal((await one('Run R-551 succeeded after an earlier failure.', run)).partition, 'contradicted');
      // A condition names a state ("if … completed"); what follows "and found" asserts one.
      const done = [item('E1', '[tool=backup row=1] run=R-551 status=completed', 'tool_row')];
      assert.equal((await one('We checked if backup run R-551 completed and found it had failed.', done)).partition, 'contradicted');
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

    it('in a question that asks several things, "yes" answers the part that asks yes or no', async () => {
      const question = 'How long can a signed URL stay valid, what happens when the key is rotated, and can a link be restricted to certain IP addresses?';
      assert.deepEqual(questionPropositions(question), ['can a link be restricted to certain IP addresses']);
      // Only yes-or-no parts, or none: the question stays whole.
      assert.deepEqual(questionPropositions('Is the link signed, and is it encrypted?'), ['Is the link signed, and is it encrypted']);

      const docs = [
        item('E1', 'Signed URLs stay valid for at most 7 days.', 'paragraph'),
        item('E2', 'The ip_allow condition restricts a link to up to 10 CIDR ranges; requests from any other address are refused with 403.', 'paragraph'),
      ];
      // The statement after "Yes:" is grounded and is about restricting links to addresses.
      const yes = await proposed('Yes: ip_allow restricts a link to up to 10 CIDR ranges, and requests from other addresses are refused with 403.', docs, question);
      assert.equal(yes.partition, 'grounded');
      // A grounded statement about something else does not answer the yes-or-no part.
      assert.notEqual((await one('Yes: signed URLs stay valid for at most 7 days.', docs, question)).partition, 'grounded');
    });

    it('"yes" needs both parts; "no" is right when one fails', async () => {
      // Both are American (Pam is short for Pamela).
      assert.equal((await one('Yes.', knowledge, 'Are Pam Veasey and Jon Jost both American?')).partition, 'grounded');
      // Cid Corman was a poet, not a punk rock musician: "yes" is not supported, "no" is.
      const question = 'Are both Tim McIlrath and Cid Corman American punk rock musicians?';
      assert.equal((await one('Yes.', knowledge, question)).partition, 'ungrounded');
      assert.equal((await proposed('No.', knowledge, question)).partition, 'grounded');
    });

    it('a document naming who did what contradicts the claim that someone else did it', async () => {
      const film = [item('E1', 'Beowulf is a 2007 film directed by Robert Zemeckis and written by Neil Gaiman and Roger Avary, based on the Old English poem.', 'paragraph')];
      // Every word is in the sentence, but Gaiman wrote it; Zemeckis directed it.
      const wrong = await one('Neil Gaiman directed Beowulf.', film);
      assert.equal(wrong.partition, 'ungrounded');
      assert.match(wrong.reason, /directed by Robert Zemeckis, not Neil Gaiman/);
      assert.equal((await one('Robert Zemeckis directed Beowulf.', film)).partition, 'grounded');
      assert.equal((await one('Beowulf was written by Roger Avary.', film)).partition, 'grounded');
      // A bare name answering "directed by who?" is held to the same relation.
      const question = 'Beowulf, a 2007 film, was directed by who?';
      assert.equal((await one('Neil Gaiman', film, question)).partition, 'ungrounded');
      assert.equal((await one('Robert Zemeckis', film, question)).partition, 'grounded');
    });

    it('reads a long list of agents whole, up to the next relation', async () => {
      const company = [item('E1', 'The association was founded by Olympic wrestler Kamal Shalorus and professional fighter Matthew Granahan, and managed by Ann Lee.', 'paragraph')];
      // Granahan is among the founders, though an adjective stands first in the list.
      assert.equal((await one('The association was founded by Matthew Granahan.', company)).partition, 'grounded');
      assert.equal((await one('The association was founded by Ann Lee.', company)).partition, 'ungrounded');
    });

    it('in prose, a name of several words must stand together', async () => {
      const park = [item('E1', 'Presque Isle State Park is a 3112 acre Pennsylvania state park on a peninsula that juts into Lake Erie.', 'paragraph')];
      // Every word of "Lake Erie State Park" is in the sentence, but not as one name.
      assert.equal((await one('Lake Erie State Park.', park)).partition, 'ungrounded');
      assert.equal((await one('Presque Isle State Park.', park)).partition, 'grounded');
      // A middle name between the parts, and a short first name, still make the name.
      const bio = [item('E1', 'Timothy James McIlrath is an American punk rock musician.', 'paragraph')];
      assert.equal((await proposed('Tim McIlrath is an American punk rock musician.', bio)).partition, 'grounded');
    });

    it('a statement about one option of a choice question must say what was asked of it', async () => {
      const bios = [item('E1', 'Christy Canyon is an American pornographic actress. Jacob "Jack" Kevorkian publicly championed a terminal patient\'s right to die via physician-assisted suicide.', 'paragraph')];
      const question = 'Which of the following is best known for publicly championing a right to die: Christy Canyon or Jack Kevorkian?';
      const beside = await one('Christy Canyon was a pornographic actress.', bios, question);
      assert.equal(beside.partition, 'ungrounded');
      assert.match(beside.reason, /does not answer/);
      // The bare option, even with a fuller name, and a statement of the asked thing are answers.
      assert.equal((await one('Jacob "Jack" Kevorkian', bios, question)).partition, 'grounded');
      assert.equal((await one('Jack Kevorkian publicly championed the right to die.', bios, question)).partition, 'grounded');
    });

    it('an answer that is a question, or whose subject is the person the question gives, does not answer it', async () => {
      const physics = [item('E1', 'Otto Stern, who won the Nobel Prize in 1943, is associated with Max Volmer.', 'paragraph')];
      const question = 'Who won a Nobel Prize in 1943 and is associated with Max Volmer?';
      const swapped = await one('Max Volmer won a Nobel Prize in 1943 and is associated with Otto Stern.', physics, question);
      assert.equal(swapped.partition, 'ungrounded');
      assert.match(swapped.reason, /subject is the one the question gives/);
      assert.equal((await one('Otto Stern won the Nobel Prize in 1943.', physics, question)).partition, 'grounded');
      const asking = await one('Otto Stern won which prize in 1943?', physics, question);
      assert.equal(asking.partition, 'ungrounded');
      assert.match(asking.reason, /asks one/);
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

  describe('numbers as reports write them', () => {
    it('scales "1.2 million" and "48.2 million"', () => {
      const [recipients] = extractFeatures('sent to 1.2 million recipients').quantities;
      assert.equal(recipients?.value, 1_200_000);
      // Written to one decimal of a million: a step of 100,000, so 1,240,000 rounds to it and 1,300,000 does not.
      assert.equal(recipients?.scale, 1_000_000);
    });

    it('reads spelled-out and compound durations', () => {
      const value = (text: string): number | undefined => extractFeatures(text).quantities.find((q) => q.dimension === 'duration')?.value;
      assert.equal(value('lasted three hours and twenty minutes'), 3 * 3600 + 20 * 60);
      assert.equal(value('about a minute and a half behind'), 90);
      assert.equal(value('kept for one year'), 365 * 86400);
      assert.equal(value('for three consecutive days'), 3 * 86400);
      assert.equal(value('about 41 microseconds'), 41e-6);
      // "one of the hosts" is not a quantity.
      assert.equal(extractFeatures('one of the hosts').quantities.length, 0);
    });

    it('reads rates: "1,850 evictions per second", value=1850/s, evicted_keys_per_s=1910', () => {
      assert.equal(extractFeatures('about 1,850 evictions per second').quantities[0]?.dimension, 'rate');
      const alert = extractFeatures('rule=redis_evictions_high value=1850/s').quantities.find((q) => q.value === 1850);
      assert.equal(alert?.dimension, 'rate');
      assert.equal(extractFeatures('evicted_keys_per_s=1910').quantities[0]?.dimension, 'rate');
    });

    it('a size written in GiB is exact; GB may be meant as GiB', async () => {
      const row = [item('E1', '[tool=redis_info row=10:20:00] node=sess-redis-1 used_memory_bytes=2147483648 maxmemory_bytes=4294967296', 'tool_row')];
      // 4294967296 bytes is exactly 4 GiB: 3.9 GiB is another size.
      assert.notEqual((await one('sess-redis-1 had a maxmemory of 3.9 GiB.', row)).partition, 'grounded');
      assert.equal((await one('sess-redis-1 had a maxmemory of 4 GiB.', row)).partition, 'grounded');
      // 4294967296 bytes is 4.29 GB, and "4.3 GB" is how people often write it.
      assert.equal((await one('sess-redis-1 had a maxmemory of 4.3 GB.', row)).partition, 'grounded');
    });

    it('meets "36 minutes" in a bare field value (median_pick_min=36), as the claim wrote it', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=1] month=2026-02 warehouse=WH-LEJ median_pick_min=38', 'tool_row'),
        item('E2', '[tool=run_sql row=4] month=2026-03 warehouse=WH-LEJ median_pick_min=36', 'tool_row'),
      ];
      const claim = await one('WH-LEJ had a median pick time of 36 minutes in March.', rows);
      assert.equal(claim.partition, 'grounded');
      assert.deepEqual(claim.evidence_refs, ['E2']);
      // 37 minutes is in neither row.
      assert.notEqual((await one('WH-LEJ had a median pick time of 37 minutes in March.', rows)).partition, 'grounded');
    });

    it('grounds a code named by its number through the metric holding it', async () => {
      const alert = [item('E1', '[signal] alert_id=A-5512 rule=http_401_rate node=gw-eu-3 value=18.7%', 'signal')];
      assert.equal((await one('Alert A-5512 fired when the 401 rate on gw-eu-3 reached 18.7%.', alert)).partition, 'grounded');
      assert.notEqual((await one('Alert A-5512 fired when the 403 rate on gw-eu-3 reached 18.7%.', alert)).partition, 'grounded');
    });
  });

  describe('limits, totals and spans', () => {
    const limits = [item('E1', 'plans.free: storage_gb=5 max_file_mb=250', 'json_field', { jsonPath: 'plans.free' })];

    it('"up to 500 MB" against a 250 MB maximum is another limit, not a satisfied bound', async () => {
      const claim = await one('On the free plan files can be up to 500 MB.', limits);
      assert.equal(claim.partition, 'contradicted');
      assert.equal((await one('On the free plan files can be up to 250 MB.', limits)).partition, 'grounded');
    });

    it('"Every store met the 2,000 kg donation minimum" is contradicted by one store\'s record below it, not by a target', async () => {
      const targets = item('E1', 'targets.donation_kg_per_store_min = 2000 waste_pct_max=2.5', 'json_field', { jsonPath: 'targets.donation_kg_per_store_min' });
      const short = item('E2', '[tool=run_sql row=donations] ASH: donated_kg=3120; BRK: donated_kg=2480; DUN: donated_kg=1060', 'tool_row');
      const met = item('E2', '[tool=run_sql row=donations] ASH: donated_kg=3120; BRK: donated_kg=2480; DUN: donated_kg=2060', 'tool_row');
      const verdict = await one('Every store met the 2,000 kg donation minimum.', [targets, short]);
      assert.equal(verdict.partition, 'contradicted');
      assert.match(verdict.reason, /1060/);
      const v541 = await one('Every store met the 2,000 kg donation minimum.', [targets, met]); assert.notEqual(v541.partition, 'contradicted', v541.reason);
      // A goal of another measure (a first-attempt target of 92%) says nothing of on-time weeks.
      const goals = [item('E1', 'targets.on_time_pct = 97.5 first_attempt_success_pct=92.0', 'json_field', { jsonPath: 'targets.on_time_pct' })];
      assert.notEqual((await one('Every other week came in above the 97.5% target.', goals)).partition, 'contradicted');
    });

    it('"came down by 23 days, to 58" is the change of a …_days field between two rows; "Ring 1" labels a ring, it is no count', async () => {
      const rows = [
        item('E1', '[tool=sql row=1] query=holds_summary quarter=2026Q2 median_wait_days=27 p90_wait_days=81', 'tool_row'),
        item('E2', '[tool=sql row=2] query=holds_summary quarter=2026Q3 median_wait_days=19 p90_wait_days=58', 'tool_row'),
      ];
      assert.equal((await one('The 90th-percentile wait came down by 23 days, to 58.', rows)).partition, 'grounded');
      assert.notEqual((await one('The 90th-percentile wait came down by 70 days, to 58.', rows)).partition, 'grounded');
      // 27 + 19 = 46 is a sum of two medians, not a change.
      assert.notEqual((await one('The 90th-percentile wait came down by 46 days, to 58.', rows)).partition, 'grounded');
      const gate = [item('E1', 'tool_call get_gate_decision args={"ring":"ring1-pilot"} result=metric=update_failure_rate_pct value=5.1 max=3.0 result=fail note="19 of 21 failures are disk space"', 'tool_call')];
      assert.notEqual((await one("Ring 1's failure rate of about 5.1% was over the 3% gate.", gate)).partition, 'contradicted');
    });

    it('"up to 250 seats" is decided by the stated maximum (max_seats=500), not by a smaller figure of the same measure (min_seats=3)', async () => {
      const plans = [item('E1', 'plans[1].id = growth seat_price_monthly=14 min_seats=3 max_seats=500', 'json_field', { jsonPath: 'plans[1].id' })];
      assert.notEqual((await one('The growth plan allows up to 250 seats.', plans)).partition, 'grounded');
      assert.equal((await one('The growth plan allows up to 500 seats.', plans)).partition, 'grounded');
    });

    it('a total over a breakdown is derived, not contradicted by one of its parts', async () => {
      const fleet = [item('E1', 'vendor=Kestrel chargers=412', 'tool_row'), item('E2', 'vendor=Ampero chargers=268', 'tool_row'), item('E3', 'vendor=Nordlad chargers=155', 'tool_row')];
      // 412 + 268 + 155 = 835.
      const claim = await one('The network has 835 chargers.', fleet);
      assert.equal(claim.partition, 'grounded');
      assert.equal(claim.type, 'synthesis');
    });

    it('does not count a figure twice when a JSON object and its field restate it (250 + 250 is not 500)', async () => {
      const json = [
        { ...item('E3', 'plans.free: storage_gb=5 max_file_mb=250', 'json_field', { jsonPath: 'plans.free' }), line: 3 },
        { ...item('E3.2', 'plans.free.max_file_mb = 250', 'json_field', { jsonPath: 'plans.free.max_file_mb' }), line: 3 },
      ];
      assert.equal((await one('On the free plan files can be up to 500 MB.', json)).partition, 'contradicted');
    });

    it('sums the rows that share a field value (the March rows), not every row', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=1] month=2026-02 warehouse=WH-LEJ orders=41230', 'tool_row'),
        item('E2', '[tool=run_sql row=2] month=2026-02 warehouse=WH-RTM orders=35810', 'tool_row'),
        item('E3', '[tool=run_sql row=3] month=2026-02 warehouse=WH-MAD orders=18940', 'tool_row'),
        item('E4', '[tool=run_sql row=4] month=2026-03 warehouse=WH-LEJ orders=44905', 'tool_row'),
        item('E5', '[tool=run_sql row=5] month=2026-03 warehouse=WH-RTM orders=38120', 'tool_row'),
        item('E6', '[tool=run_sql row=6] month=2026-03 warehouse=WH-MAD orders=19870', 'tool_row'),
      ];
      // 44,905 + 38,120 + 19,870 = 102,895 (March); all six rows add up to 198,875.
      const march = await one('Order volume reached 102,895 orders.', rows);
      assert.equal(march.partition, 'grounded');
      assert.equal(march.type, 'synthesis');
      assert.notEqual((await one('Order volume reached 102,985 orders.', rows)).partition, 'grounded');
    });

    it('sums a breakdown inside one record even when other records repeat one of its figures', async () => {
      const evidence = [
        item('E1', 'run_sql result: Kestrel: chargers=412; Ampero: chargers=268; Nordlad: chargers=155', 'tool_call'),
        item('E2', 'run_sql result: cold_sites=41 chargers=171', 'tool_call'),
      ];
      // 412 + 268 + 155 = 835 in E1; E2's 171 chargers belong to another question.
      assert.equal((await one('The network has 835 chargers.', evidence)).partition, 'grounded');
    });

    it("totals a measure per period when each tool result holds one row per month", async () => {
      const sites = [
        ['Central', 210, 265],
        ['Riverside', 35, 20],
        ['Campus', 402, 188],
      ].map(([site, september, october], i) =>
        item(`E${i + 1}`, `run_sql result=site=${site} month=2026-09 full_rejections=${september}; site=${site} month=2026-10 full_rejections=${october}`, 'tool_call'),
      );
      // September 210 + 35 + 402 = 647, October 265 + 20 + 188 = 473: each row's own month decides.
      const right = await one('Couriers were turned away by a full locker 473 times, down from 647.', sites);
      assert.equal(right.partition, 'grounded');
      assert.equal(right.type, 'synthesis');
      // 210 + 265 + 35 + … mixes the months: 475 is no month's total.
      assert.notEqual((await one('Couriers were turned away by a full locker 475 times in October.', sites)).partition, 'grounded');
    });

    it('does not set a compared figure against the record of the figure it is compared with', async () => {
      const before = [item('E1', '[tool=wms_metrics row=2026-10-05T14:00] site=DC-North fw=11.4.2 scan_confirm_p95_ms=640 roam_failures_per_h=4', 'tool_row')];
      // 640 ms is the 11.4.2 side of the claim's own comparison; only the 598 ms side is missing here.
      const claim = await one('After wave 2, DC-North was scanning faster, with a p95 of 598 ms against 640 ms on 11.4.2.', before);
      assert.equal(claim.partition, 'ungrounded');
      assert.match(claim.reason, /598 ms/);
    });

    it('a version says which release a figure was on; the named site still anchors the other figure', async () => {
      const rows = [
        item('E1', '[tool=wms_metrics row=2026-10-05T14:00] site=DC-North fw=11.4.2 scan_confirm_p95_ms=640', 'tool_row'),
        item('E2', '[tool=wms_metrics row=2026-10-07T14:00] site=DC-North fw=11.6.0 scan_confirm_p95_ms=598', 'tool_row'),
        item('E3', '[tool=wms_metrics row=2026-10-07T14:00] site=DC-South fw=11.6.0 scan_confirm_p95_ms=577', 'tool_row'),
      ];
      // 598 ms is DC-North's reading on the new release (E2), 640 ms its reading on 11.4.2 (E1).
      const claim = await one('DC-North was scanning faster, with a p95 of 598 ms against 640 ms on 11.4.2.', rows);
      assert.equal(claim.partition, 'grounded');
      assert.deepEqual([...claim.evidence_refs].sort(), ['E1', 'E2']);
      // DC-South's 577 ms is not DC-North's.
      assert.notEqual((await one('DC-North was scanning faster, with a p95 of 577 ms against 640 ms on 11.4.2.', rows)).partition, 'grounded');
      // A figure written with its own version is that version's: 598 ms was on 11.6.0, not 11.4.2.
      assert.notEqual((await one('DC-North p95 was 598 ms on 11.4.2.', rows)).partition, 'grounded');
      // An IPv4 address names a host, not a release: another host's 14 GB is not its.
      const redis = [
        item('E1', '[tool=prom row=1] host=10.0.3.9 service=Redis mem_used_gb=14', 'tool_row'),
        item('E2', '[tool=prom row=2] host=10.0.3.7 service=Redis cpu_pct=20', 'tool_row'),
      ];
      assert.notEqual((await one('The Redis node at 10.0.3.7 used 14 GB of memory.', redis)).partition, 'grounded');
    });

    it('reads "N days later" as the days from the claim\'s date to the record of its other figure', async () => {
      const rows = [
        item('E1', '[tool=dhcp_scope_stats row=2026-11-02T09:00:00Z] subnet_id=312 name=wifi-corp-f3 pool_size=231 utilisation=61.5%', 'tool_row'),
        item('E2', '[tool=dhcp_scope_stats row=2026-11-06T09:00:00Z] subnet_id=312 name=wifi-corp-f3 pool_size=231 utilisation=92.6%', 'tool_row'),
        item('E3', 'tool_call kea_get_subnet args={"id":312} result=valid-lifetime=691200 (8-day lease)', 'tool_call'),
      ];
      // 2 November to 6 November is four days; "Wi-Fi" is the wifi of wifi-corp-f3. The 8-day lease
      // is another duration: a span between two moments is not set against it.
      const claim = await one('Utilisation of the Wi-Fi scope rose from 61.5% on 2 November to 92.6% four days later.', rows);
      assert.equal(claim.partition, 'grounded');
      const wrong = await one('Utilisation of the Wi-Fi scope rose from 61.5% on 2 November to 92.6% three days later.', rows);
      assert.equal(wrong.partition, 'ungrounded');
      assert.match(wrong.reason, /three days/);
    });

    it('reads a record listing several entities entry by entry', async () => {
      const fleet = [item('E1', 'run_sql result: Kestrel: chargers=412 failed_sessions=18930; Ampero: chargers=268 failed_sessions=4120; Nordlad: chargers=155 failed_sessions=2984', 'tool_call')];
      // 4,120 failed sessions are Ampero's; Nordlad's are 2,984.
      const wrong = await one("Nordlad's 155 chargers logged 4,120 failed sessions.", fleet);
      assert.equal(wrong.partition, 'contradicted');
      assert.match(wrong.reason, /2984/);
      assert.equal((await one("Nordlad's 155 chargers logged 2,984 failed sessions.", fleet)).partition, 'grounded');
      // A claim about two entities reads the whole record.
      assert.equal((await one('Ampero had 268 chargers and Nordlad 155.', fleet)).partition, 'grounded');
    });

    it('reads a record by entries only when it lists several numbered entities', async () => {
      const drain = [item('E1', 'lb_drain result: member gw-eu-3 drained; active members 5/6', 'tool_call')];
      // "5/6" belongs to the same event as gw-eu-3, though in another segment.
      assert.equal((await one('The agent drained gw-eu-3, leaving five of six members serving.', drain)).partition, 'grounded');
    });

    it('reads "from zero to 412" as two values, not as an absence', async () => {
      const rows = [
        item('E1', '[tool=kafka_metrics row=21:04] cluster=kafka-prod-eu under_replicated_partitions=0', 'tool_row'),
        item('E2', '[tool=kafka_metrics row=21:06] cluster=kafka-prod-eu under_replicated_partitions=412', 'tool_row'),
      ];
      const claim = await one('Under-replicated partitions on kafka-prod-eu went from zero to 412.', rows);
      assert.equal(claim.partition, 'grounded');
      assert.notEqual(claim.type, 'neg_evidence');
    });

    it('contradicts a count given for a numbered code whose entry holds another count', async () => {
      const faults = [item('E1', 'run_sql result: E-217 ground_fault_selftest count=6412; E-104 comms_timeout count=2250; E-090 meter_drift count=310', 'tool_call')];
      const claim = await proposed('Communication timeouts (E-104) occurred 2,520 times.', faults);
      assert.equal(claim.partition, 'contradicted');
      assert.match(claim.reason, /2250/);
      assert.equal((await proposed('Communication timeouts (E-104) occurred 2,250 times.', faults)).partition, 'grounded');
    });

    it('contradicts an identifier where a record names that field with another value (issued by / issuer)', async () => {
      const trace = [item('E1', 'certctl issue: issued serial=04:A1:9C issuer=R11', 'tool_call', { fields: { serial: '04:A1:9C', issuer: 'R11' } })];
      const claim = await proposed('The new certificate was issued by R3.', trace);
      assert.equal(claim.partition, 'contradicted');
      assert.match(claim.reason, /issuer=R11/);
      assert.equal((await proposed('The new certificate was issued by R11.', trace)).partition, 'grounded');
    });

    it('a JSON document is about the entity it names, and a count may be the length of its list', async () => {
      const parsed = parseEvidenceSources([
        {
          file: 'change.json',
          text: JSON.stringify({ change_id: 'CHG-5820', config_changes: [{ key: 'log.retention.hours', from: '168', to: '72' }, { key: 'num.network.threads', from: '8', to: '12' }] }, null, 2),
        },
      ]);
      // The settings' fields do not repeat CHG-5820, but the document is about it; it lists two changes.
      assert.equal((await one('CHG-5820 set out to change two settings: log retention from 168 to 72 hours.', parsed.items)).partition, 'grounded');
      assert.notEqual((await one('CHG-5820 set out to change three settings: log retention from 168 to 72 hours.', parsed.items)).partition, 'grounded');
    });

    it('contradicts how long a numbered alert was open when its records span another duration', async () => {
      const alert = [
        item('E1', '[signal] alert_id=A-5512 fired_at=2026-04-07T06:42:10Z', 'signal'),
        item('E2', '[signal] alert_id=A-5512 resolved_at=2026-04-07T07:03:40Z', 'signal'),
      ];
      // 06:42:10 → 07:03:40 is 21 min 30 s, not 12 minutes.
      const wrong = await one('A-5512 stayed open for 12 minutes in total.', alert);
      assert.equal(wrong.partition, 'contradicted');
      assert.deepEqual(wrong.evidence_refs, ['E1', 'E2']);
      assert.equal((await one('A-5512 stayed open for about 21 minutes.', alert)).partition, 'grounded');
    });

    it('a runbook does not contradict an observed figure when records are given', async () => {
      const evidence = [
        item('E1', '[tool=kafka_metrics row=21:06] cluster=kafka-prod-eu under_replicated_partitions=412', 'tool_row'),
        item('E2', 'During a rolling restart, under-replicated partitions should stay at 0 for healthy brokers.', 'paragraph'),
      ];
      assert.equal((await one('Under-replicated partitions on kafka-prod-eu reached 412 at 21:06.', evidence)).partition, 'grounded');
      // A claim about what the runbook says is checked against it.
      assert.equal((await one('The runbook says under-replicated partitions should stay at 5.', evidence)).partition, 'contradicted');
    });

    it('does not contradict a bare count with a duration of the same record', async () => {
      const log = [item('E1', '2026-05-04T21:50:12Z WARN broker-4 shutdown stuck for 900s, under_replicated=1386')];
      assert.equal((await one('During the stuck shutdown of broker-4 the count reached 1,386 at 21:50.', log)).partition, 'grounded');
      assert.notEqual((await one('During the stuck shutdown of broker-4 the count reached 1,500 at 21:50.', log)).partition, 'grounded');
    });

    it('does not read a small count in words as a measured value to contradict', async () => {
      const evidence = [item('E1', '[tool=apply row=1] change=CHG-5820 settings_changed=5 brokers=6', 'tool_row')];
      assert.notEqual((await one('CHG-5820 set out to change two broker settings.', evidence)).partition, 'contradicted');
    });
  });

  describe('documents', () => {
    it('a table row in a document carries its column headers, so a cell about a column is found', async () => {
      const parsed = parseEvidenceSources([{ file: 'plans.md', text: '| | Team | Business |\n|---|---|---|\n| Audit log retention | 30 days | 1 year |\n' }]);
      const row = parsed.items.find((i) => i.text.includes('Audit log retention'));
      assert.ok(row);
      assert.equal(row.context, 'Team · Business');
      // The row is quoted as written; the headers only help to find it.
      assert.equal(row.text, '| Audit log retention | 30 days | 1 year |');
    });

    it('a block under a heading carries the heading as context; list items and table rows are terse', () => {
      const parsed = parseEvidenceSources([{ file: 'CHANGELOG.md', text: '# Changelog\n\n## 3.0.0 — 2026-02-10\n\n- The --fast flag was removed.\n\nPlain prose.\n' }]);
      const bullet = parsed.items.find((i) => i.text.includes('--fast'));
      assert.equal(bullet?.context, 'Changelog · 3.0.0 — 2026-02-10');
      assert.equal(bullet?.terse, true);
      assert.equal(parsed.items.find((i) => i.text === 'Plain prose.')?.terse, undefined);
    });

    it('grounds a release named by major.minor and dated by its changelog section', async () => {
      const parsed = parseEvidenceSources([{ file: 'CHANGELOG.md', text: '## 3.0.0 — 2026-02-10\n\n- quiver release with a new configuration format.\n' }]);
      assert.equal((await one('quiver 3.0 was released on 10 February 2026.', parsed.items)).partition, 'grounded');
      // The section is dated 10 February, not 12 February.
      assert.notEqual((await one('quiver 3.0 was released on 12 February 2026.', parsed.items)).partition, 'grounded');
    });

    it('a sentence restating a terse table row may add words the row never had', async () => {
      const parsed = parseEvidenceSources([{ file: 'plans.md', text: '| | Team | Business |\n|---|---|---|\n| Audit log retention | 30 days | 1 year |\n' }]);
      // "Events" is not in the row, but the row is a table cell of audit-log retention: half the words suffice.
      assert.equal((await one({ text: 'Events are kept for 30 days.', context: 'Team retention' }, parsed.items)).partition, 'grounded');
      // A prose paragraph must be restated with its own words.
      const prose = [item('E1', 'Audit log retention is 30 days on the Team plan.', 'paragraph')];
      assert.notEqual((await one('Billing invoices are kept for 30 days.', prose)).partition, 'grounded');
    });

    it('a document sentence that denies what the claim asserts contradicts it', async () => {
      const docs = [item('E1', 'Events that were already deleted under the previous plan are not restored after an upgrade.', 'paragraph')];
      const claim = await one('After an upgrade, events that were already deleted under the previous plan are restored.', docs);
      assert.equal(claim.partition, 'contradicted');
      assert.equal(claim.type, 'domain');
    });

    it('combines two sentences of one paragraph when the second brings a figure, not when it brings only a name', async () => {
      const docs = [item('E1', 'Failed deliveries are retried up to 8 times. The wait between attempts starts at 1 minute and doubles after each attempt.', 'paragraph')];
      assert.equal((await one('Failed deliveries are retried up to eight times, with the wait doubling after each attempt, starting at one minute.', docs)).partition, 'grounded');
      const bio = [item('E1', 'Beowulf is a 2007 film directed by Robert Zemeckis. Neil Gaiman is an English author.', 'paragraph')];
      // Gaiman is in the paragraph, but no sentence says he directed Beowulf.
      assert.notEqual((await one('Neil Gaiman directed the 2007 film Beowulf.', bio)).partition, 'grounded');
    });

    it('restating a runbook with "without" for "does not need" is grounded; a changelog entry is a release', async () => {
      const runbook = [item('E1', 'CONFIG SET maxmemory takes effect immediately and does not need a restart.', 'paragraph', { file: 'runbook.md' })];
      assert.equal((await one('As the runbook notes, CONFIG SET maxmemory takes effect immediately without a restart.', runbook)).partition, 'grounded');
      const changelog = parseEvidenceSources([{ file: 'CHANGELOG.md', text: '## 3.0.0 — 2026-02-10\n\n- quiver reads a new configuration format.\n' }]);
      assert.equal((await one('quiver 3.0 was released on 10 February 2026.', changelog.items)).partition, 'grounded');
    });

    it('a long sentence may reword half its words of a document; an answer must still support what it adds to the question', async () => {
      const docs = [
        item('E1', 'A link signed with a session token has its lifetime capped at the time the token has left, and the response carries the capped expires_at value.', 'paragraph'),
      ];
      // A faithful paraphrase: "cut back" for "capped", "shortened" for "capped", "hands back" for "carries".
      const paraphrase = await proposed('Links signed with a session token are cut back to whatever lifetime the token has left, and the reply hands back the shortened expires_at.', docs);
      assert.equal(paraphrase.partition, 'grounded');
      assert.equal(paraphrase.type, 'domain');
      // Nothing in the document is about rate limits or retries: the shared words are only the topic.
      assert.notEqual((await one('Links signed with a session token are rate limited per edge location and retried twice by the API.', docs)).partition, 'grounded');

      const hall = [item('E1', 'The old village hall still holds the council chamber; since 1998 it has also housed a museum of local history.', 'paragraph')];
      const question = 'What does the old village hall house today, besides the council chamber?';
      // The answer restates the question, then adds a maritime museum and a café, which the text never mentions.
      assert.equal((await one('Besides the council chamber, the old village hall today houses a maritime museum and a café.', hall, question)).partition, 'ungrounded');
      // What this answer adds (a museum of local history) is in the text.
      assert.equal((await one('Besides the council chamber, the old village hall today houses a museum of local history.', hall, question)).partition, 'grounded');
    });

    it("a product's name that another block of its document uses (or another file, when the question names it) is the document's subject", async () => {
      const guide = parseEvidenceSources([
        {
          file: 'retry-policies.md',
          text: '# Retries\n\nWhen a message fails, Tidewater waits for the retry delay before the next attempt.\n\nIf no dead-letter queue is configured, the message is deleted after its last attempt.\n',
        },
        { file: 'other-product.md', text: 'Harbourline keeps failed messages for 14 days.\n' },
      ]);
      // The second paragraph is about Tidewater's messages; the first names it.
      assert.equal((await one('Without a dead-letter queue, Tidewater deletes the message after its last attempt.', guide.items)).partition, 'grounded');
      // Harbourline is named only by another document, which says nothing of deleting.
      assert.notEqual((await one('Without a dead-letter queue, Harbourline deletes the message after its last attempt.', guide.items)).partition, 'grounded');

      // Split over two files: the other file's name counts when the question asks about that product.
      const split = parseEvidenceSources([
        { file: 'overview.md', text: 'Tidewater is a hosted message queue.\n' },
        { file: 'dead-letters.md', text: 'If no dead-letter queue is configured, the message is deleted after its last attempt.\n' },
      ]);
      const claim = 'Without a dead-letter queue, Tidewater deletes the message after its last attempt.';
      assert.equal((await one(claim, split.items, 'What does Tidewater do with a message that keeps failing?')).partition, 'grounded');
      assert.notEqual((await one(claim, split.items)).partition, 'grounded');
    });

    it('a TTL is when a key expires: a runbook TTL contradicts a claimed expiry, even beside records', async () => {
      // No record gives the expiry, so the runbook's setting decides it.
      const runbook = [item('E1', 'Session keys are written with a TTL of 12 hours.', 'paragraph'), item('E2', '[tool=redis_info row=10:10] node=sess-redis-0 connected_clients=412', 'tool_row')];
      assert.equal((await one('Session keys expire after 30 days.', runbook)).partition, 'contradicted');
      assert.equal((await one('Session keys expire after 12 hours.', runbook)).partition, 'grounded');
    });
  });

  describe('absence, negation, bounds and hedges', () => {
    it('an absence is contradicted only by a record showing the same property', async () => {
      const rows = [
        item('E1', '[tool=sql row=1] warehouse=LEJ month=2026-03 median_pick_minutes=36', 'tool_row'),
        item('E2', '[tool=sql row=2] warehouse=RTM month=2026-03 median_pick_minutes=58', 'tool_row'),
      ];
      // Both medians are under an hour: a row that mentions a warehouse does not contradict the claim.
      assert.notEqual((await one('No warehouse had a median pick time of more than an hour.', rows)).partition, 'contradicted');
      // 58 minutes is more than 45 minutes.
      assert.equal((await one('No warehouse had a median pick time of more than 45 minutes.', rows)).partition, 'contradicted');
    });

    it('"after the scale-up" is bounded by the time of the record of that event', async () => {
      const events = [
        item('E1', '2026-06-08T11:04:19Z Warning OOMKilling pod/search-api-2xkq Memory cgroup out of memory'),
        item('E2', '2026-06-08T11:20:00Z Normal ScalingReplicaSet deployment/search-api Scaled up replica set search-api-7d9f to 6'),
      ];
      // The only kill (11:04) came before the scale-up (11:20).
      assert.equal((await proposed('No OOM kills were recorded after the scale-up.', events)).partition, 'grounded');
      assert.equal((await one('No OOM kills were recorded before the scale-up.', events)).partition, 'contradicted');
    });

    it('"Neither node was restarted" is contradicted by a restart', async () => {
      const log = [item('E1', '2026-03-18T10:31:02Z INFO systemd Restarted redis-server@sess-redis-1.service')];
      assert.equal((await one('Neither Redis node was restarted during the incident.', log)).partition, 'contradicted');
    });

    it('the index of a JSON path is no figure', () => {
      // steps[2] is the third step, not a count of two; a bracketed number in prose still counts.
      assert.deepEqual(extractFeatures('steps[2].id = 3 action=watch').quantities.map((q) => q.raw), ['3']);
      assert.deepEqual(extractFeatures('a list [3] of items').quantities.map((q) => q.raw), ['3']);
    });

    it('the index of a JSON path ("steps[0]") is not a zero reporting nothing', async () => {
      const { items } = parseEvidenceSources([{ file: 'change.json', text: JSON.stringify({ change_id: 'CHG-9154', steps: [{ id: 4, action: 'restart worker-5', status: 'done' }] }, null, 2) }]);
      // The first step restarted worker-5.
      const claim = await one('worker-5 was not restarted.', items);
      assert.equal(claim.partition, 'contradicted');
    });

    it('claims that report a rule, or agree with a denial in other words, are not contradicted by it', async () => {
      const parse = (file: string, text: string): EvidenceItem[] => parseEvidenceSources([{ file, text }]).items;
      const judgeWith = async (evidence: EvidenceItem[], claim: string): Promise<string> => (await proposed(claim, evidence)).partition;
      // The plan's rule contains "not back"; a node that came back does not contradict the rule.
      const plan = [
        ...parse('change.json', JSON.stringify({ change_id: 'CHG-3301', rollback: { node_not_back_15m: 'boot the previous kernel with grub-reboot' } }, null, 2)),
        ...parse('patch.log', '2026-06-02T01:12:00Z INFO es-data-03 back in cluster after reboot'),
      ];
      assert.notEqual(await judgeWith(plan, "The plan's rollback rule is to boot the previous kernel with grub-reboot when a node is not back within 15 minutes."), 'contradicted');
      // A denial in a clause of its own is still a denial of the event.
      const rolled = [
        ...parse('plan.json', JSON.stringify({ change_id: 'CHG-6120', rollback_criteria: '5xx rate above 1% for 5 minutes', steps: [{ action: 'deploy payments-api v42' }] }, null, 2)),
        ...parse('deploy.log', '2026-07-01T22:19:00Z change=CHG-6120 service=payments-api event=rolled_back to=v41 reason="5xx 2.3%"'),
      ];
      assert.equal(await judgeWith(rolled, "The plan's rollback rule is to revert when the 5xx rate stays above 1% for 5 minutes; payments-api was not rolled back."), 'contradicted');
      assert.equal(await judgeWith(rolled, 'The runbook says to roll back on 5xx above 1%, and CHG-6120 was never rolled back.'), 'contradicted');
      // "rather than being deleted" is the runbook's "Do not delete".
      const locks = parse('batch-runbook.md', '# Locks\n\nDo not delete the waiting `ledger-recon` job; it picks up the lock as soon as it is free.\n\nTerminate the export session that holds the lock.\n');
      assert.notEqual(await judgeWith(locks, 'The export session was terminated, and the waiting ledger-recon job was left to pick up the lock rather than being deleted.'), 'contradicted');
      // "Only after the blocker was gone" keeps the runbook's "do not scale while the locks are held".
      const scaling = parse('runbook.md', '# Backlog\n\nDo not scale payment-events-worker while the locks are held: extra consumers only add more waiters.\n\nOnce the blocker is gone, scale to at most 16 replicas.\n');
      assert.notEqual(await judgeWith(scaling, 'Only after the blocker was gone was payment-events-worker scaled to 16 replicas.'), 'contradicted');
      // The denial is of another clause: releases do not change the version; an owner can.
      const versions = parse('versioning.md', '# Versions\n\nNew releases do not change it; an account owner can move the pinned version to another version under **Settings → API → Version**.\n');
      assert.notEqual(await judgeWith(versions, 'An account owner can also change the pinned version under Settings → API → Version.'), 'contradicted');
      // But "until", "which prevents …" or "instead of opening" deny nothing of what the claim asserts.
      const monitors = parse('maintenance.md', '# Maintenance\n\nLanternly does not pause uptime monitors during maintenance windows.\n\nComponent owners cannot edit a published postmortem.\n');
      assert.equal(await judgeWith(monitors, 'Lanternly pauses uptime monitors during maintenance windows until the window ends.'), 'contradicted');
      assert.equal(await judgeWith(monitors, 'Lanternly pauses uptime monitors during maintenance windows, which prevents false alerts.'), 'contradicted');
      assert.equal(await judgeWith(monitors, 'Component owners can edit a published postmortem instead of opening a new one.'), 'contradicted');
      // "at most four files" counts files; 51,200 MB is a size.
      const limits = parse('plan-limits.json', JSON.stringify({ team: { daily_upload_quota_gb: 200, max_file_size_mb: 51200 } }, null, 2));
      assert.notEqual(await judgeWith(limits, "With the Team plan's 200 GB daily quota, a team can upload at most four maximum-size files per day."), 'contradicted');
    });

    it('a step to watch something and a rollback criterion name it; they do not record one', async () => {
      const change = JSON.stringify(
        {
          change_id: 'CHG-9154',
          steps: [{ id: 3, action: 'watch 5xx rate and TLS handshake errors for 30 minutes', status: 'done' }],
          rollback_criteria: '5xx rate above 1% for 5 minutes, or a TLS handshake error alert',
        },
        null,
        2,
      );
      const metrics = [
        '[tool=mesh_metrics row=09:00:00] workload=orders-fulfilment http_5xx_pct=0.00 tls_handshake_errors_per_min=0',
        '[tool=mesh_metrics row=09:20:00] workload=orders-fulfilment http_5xx_pct=0.00 tls_handshake_errors_per_min=0',
      ].join('\n');
      const { items } = parseEvidenceSources([
        { file: 'change.json', text: change },
        { file: 'mesh_metrics.log', text: metrics },
      ]);
      // Both readings show 0.00% 5xx and 0 handshake errors; the plan and the criterion only name them.
      const claim = await one({ text: 'STRICT; no 5xx responses and no handshake errors at any of the three readings.', context: 'orders-fulfilment' }, items);
      assert.equal(claim.partition, 'grounded');
      assert.equal(claim.type, 'neg_evidence');
      // But a description of what happened, a query that changes data and a step that acts record it.
      const records = parseEvidenceSources([
        { file: 'changes.log', text: '2026-05-03T22:10:00Z change=CHG-5820 event=executed description="rolled back payments-api to v41 after 5xx spike"' },
        {
          file: 'trace.jsonl',
          text: [
            JSON.stringify({ type: 'tool_call', tool: 'psql', args: { sql: 'DELETE FROM sessions WHERE expires_at < now()' }, result: 'DELETE 18230', mutating: true, exit_ok: true }),
            JSON.stringify({ type: 'tool_call', tool: 'kubectl', args: { action: 'check and restart worker-5' }, result: 'pod/worker-5 deleted', mutating: true, exit_ok: true }),
          ].join('\n'),
        },
      ]).items;
      assert.equal((await one('CHG-5820 was not rolled back.', records)).partition, 'contradicted');
      assert.equal((await one('No sessions were deleted.', records)).partition, 'contradicted');
      assert.equal((await one('worker-5 was not restarted.', records)).partition, 'contradicted');
    });

    it('"cleared by 10:53" is a bound met by an earlier record', async () => {
      const alerts = [item('E1', '[signal] alert_id=A-3140 resolved_at=2026-03-18T10:52:30Z', 'signal')];
      assert.equal((await one('Alert A-3140 had cleared by 10:53.', alerts)).partition, 'grounded');
      assert.notEqual((await one('Alert A-3140 had cleared by 10:40.', alerts)).partition, 'grounded');
    });

    it('"could no longer", "could never" and "how much … could" are not a hedge', () => {
      assert.equal(readWording('Devices joining corp-wifi could no longer get an IP address.').hedge, undefined);
      assert.equal(readWording('The old client could never reconnect.').hedge, undefined);
      assert.equal(readWording('With the setting at -1, nothing capped how much WAL the slot could hold back.').hedge, undefined);
      assert.ok(readWording('The timeouts could be a DNS problem.').hedge);
    });

    it('a negation inside a relative clause says which things are meant; it denies nothing of the claim', () => {
      assert.deepEqual(readWording('Hours that are not executed in a semester roll over into the next one.').negated, []);
      assert.deepEqual(readWording("Any hours you don't use roll over into the next month.").negated, []);
      // The claim's own verb denied is still a denial.
      assert.deepEqual(readWording('Unused hours do not roll over into the next month.').negated, ['roll']);
      assert.deepEqual(readWording("You don't need to restart the gateway.").negated.length, 1);
    });

    it('a condition ("only if wave 2 passes the gate") names a state without stating it', async () => {
      assert.deepEqual(readWording('DC-West goes next, only if wave 2 passes the gate.').states, []);
      assert.equal(readWording('Wave 2 passed the gate.').states[0]?.polarity, 1);
      const runbook = [item('E1', '3. DC-South and DC-West together, night of 7 October, only if wave 2 passes the gate.', 'paragraph')];
      // The runbook's condition says nothing about how DC-West ended.
      assert.notEqual((await one('DC-West has been rolled back to 11.4.2.', runbook)).partition, 'contradicted');
    });

    it('restating a possibility a document states, with its own "may", is grounded', async () => {
      const docs = [item('E1', 'For 12 hours after you roll a secret, requests are signed with both secrets, so the header may carry two v1 signatures.', 'paragraph')];
      const claim = await one('After you roll a secret, requests are signed with both secrets for 12 hours, so the header may carry two v1 signatures.', docs);
      assert.equal(claim.partition, 'grounded');
      assert.equal(claim.type, 'domain');
      // A hypothesis of the report's own stays complementary.
      assert.equal((await one('The extra signature may come from a proxy.', docs)).partition, 'complementary');
    });
  });

  describe('series, attempts and shares', () => {
    it('reads a trend without figures in period order, whatever order the rows come in', async () => {
      const rows = [
        item('E1', '[tool=sql row=10:02:14] query=holds_summary quarter=2026Q2 holds_placed=48210', 'tool_row'),
        item('E2', '[tool=sql row=10:07:03] query=wait_by_format quarter=2026Q3 format=audiobook median_wait_days=29 holds_placed=13814', 'tool_row'),
        item('E3', '[tool=sql row=10:07:04] query=wait_by_format quarter=2026Q2 format=audiobook median_wait_days=31 holds_placed=12906', 'tool_row'),
      ];
      // Audiobook holds went from 12,906 (Q2) to 13,814 (Q3): up, though the Q3 row comes first.
      // "holds" also names a query (holds_summary); it is still the measure here.
      const fell = await one('Audiobook holds, by contrast, fell slightly between the quarters.', rows);
      assert.equal(fell.partition, 'contradicted');
      assert.match(fell.reason, /12906 to 13814/);
      assert.notEqual((await one('Audiobook holds edged up between the quarters.', rows)).partition, 'contradicted');
      assert.equal((await one('Audiobook holds slipped between the quarters.', rows)).partition, 'contradicted');
    });

    it('finds the period before a figure by the period in the row tag, even when it is listed after', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=AP-2026-07] property=AP name=Airport occupancy_pct=71.0 adr_eur=98.40', 'tool_row'),
        item('E2', '[tool=run_sql row=QS-2026-07] property=QS name=Quayside occupancy_pct=88.1 adr_eur=142.50', 'tool_row'),
        item('E3', '[tool=run_sql row=AP-2025-07] property=AP name=Airport occupancy_pct=76.5 adr_eur=101.20', 'tool_row'),
      ];
      // The Airport's rate went from €101.20 (July 2025, E3) to €98.40 (July 2026, E1): down.
      const up = await one('At the Airport, the average rate also edged up, to €98.40.', rows);
      assert.equal(up.partition, 'contradicted');
      assert.match(up.reason, /101\.20 to 98\.40/);
      assert.notEqual((await one('At the Airport, the average rate slipped to €98.40.', rows)).partition, 'contradicted');
    });

    it('orders periods by number (W9 before W10, 2026-8 before 2026-10) and keeps kinds of a measure apart', async () => {
      const weeks = [
        item('E1', '[tool=q row=1] query=weekly branch=Millbrook week=2026-W9 holds_placed=1000', 'tool_row'),
        item('E2', '[tool=q row=2] query=weekly branch=Millbrook week=2026-W10 holds_placed=1200', 'tool_row'),
      ];
      assert.notEqual((await one('Holds placed at Millbrook rose from W9 to W10.', weeks)).partition, 'contradicted');
      assert.equal((await one('Holds placed at Millbrook fell from W9 to W10.', weeks)).partition, 'contradicted');
      const months = [
        item('E1', '[tool=q row=1] site=Airport month=2026-8 rate_eur=97.10', 'tool_row'),
        item('E2', '[tool=q row=2] site=Airport month=2026-9 rate_eur=101.20', 'tool_row'),
        item('E3', '[tool=q row=3] site=Airport month=2026-10 rate_eur=98.40', 'tool_row'),
      ];
      // September 101.20 → October 98.40: down, not measured against August's 97.10.
      assert.notEqual((await one('The Airport rate edged down to €98.40 in October.', months)).partition, 'contradicted');
      // Cancelled bookings are a kind of bookings, not the bookings.
      const bookings = [
        item('E1', '[tool=q row=1] site=Harbour month=2026-04 bookings_cancelled=40', 'tool_row'),
        item('E2', '[tool=q row=2] site=Harbour month=2026-05 bookings_cancelled=25', 'tool_row'),
      ];
      assert.notEqual((await one('Bookings at Harbour rose in May.', bookings)).partition, 'contradicted');
    });

    it('"fell within the window" is where something lies, not a fall', async () => {
      const rows = [
        item('E1', '[tool=t row=1] period=2026-01 errors_in_window=1', 'tool_row'),
        item('E2', '[tool=t row=2] period=2026-02 errors_in_window=5', 'tool_row'),
      ];
      // The errors rose from 1 to 5: "fell" as a movement is contradicted, "fell within" is not a movement.
      assert.equal((await one('Errors fell.', rows)).partition, 'contradicted');
      assert.notEqual((await one('Errors fell within the window.', rows)).partition, 'contradicted');
    });

    it('an entity the records write by its code: a record pairing site=DC1 with name=Daventry lets "at Daventry" read site=DC1', async () => {
      const evidence = parseEvidenceSources([
        { file: 'sites.json', text: '{"sites": [{"site": "DC1", "name": "Daventry"}, {"site": "DC2", "name": "Widnes"}]}' },
        { file: 'inventory.log', text: '[tool=shrink row=1] site=DC1 write_off_gbp=18400\n[tool=shrink row=2] site=DC2 write_off_gbp=41900\n' },
      ]).items;
      const daventry = await one('Write-offs came to £18,400 at Daventry in September.', evidence);
      assert.equal(daventry.partition, 'grounded');
      assert.match(daventry.reason, /Daventry as DC1/);
      // £41,900 is DC2's (Widnes), not DC1's.
      assert.notEqual((await one('Write-offs came to £41,900 at Daventry in September.', evidence)).partition, 'grounded');
      // No record pairs Leeds with a code.
      assert.equal((await one('Write-offs came to £18,400 at Leeds in September.', evidence)).partition, 'ungrounded');
    });

    it('a JSON object keyed by its code (`stores.ASH.name = Ashby`) pairs the code with the name, for a sentence or a table row labelled by the name', async () => {
      const evidence = parseEvidenceSources([
        { file: 'stores.json', text: '{\n  "stores": {\n    "ASH": { "name": "Ashby", "group": "pilot" },\n    "DUN": { "name": "Dunmore", "group": "control" }\n  }\n}\n' },
        { file: 'waste.log', text: '[tool=run_sql row=1] ASH 2026-Q2: waste_pct=2.60; ASH 2026-Q3: waste_pct=1.95; DUN 2026-Q2: waste_pct=2.86; DUN 2026-Q3: waste_pct=3.09\n' },
      ]).items;
      const ashby = await one('At Ashby, waste fell from 2.60% to 1.95% of fresh sales.', evidence);
      assert.equal(ashby.partition, 'grounded');
      assert.match(ashby.reason, /Ashby as ASH/);
      // A table cell whose row is labelled "Dunmore" reads DUN's entry; Ashby's figures are not Dunmore's.
      assert.equal((await one({ text: 'Waste went from 2.86% to 3.09% of fresh sales.', context: 'Dunmore' }, evidence)).partition, 'grounded');
      assert.notEqual((await one({ text: 'Waste fell from 2.60% to 1.95% of fresh sales.', context: 'Dunmore' }, evidence)).partition, 'grounded');
      // The entries of one record form DUN's series: 2.86 → 3.09 rose, so "fell to 3.09%" is contradicted.
      const fell = await one({ text: 'Waste rate fell to 3.09%, still the highest of the four.', context: 'Dunmore' }, evidence);
      assert.equal(fell.partition, 'contradicted');
      assert.match(fell.reason, /2\.86 to 3\.09/);
    });

    it('a hotel written by its code (`property=OT name="Old Town"`) is read by the code, also at the start of a sentence', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=OT-2026-07] property=OT name="Old Town" room_nights_sold=3050 occupancy_pct=82.0', 'tool_row'),
        item('E2', '[tool=run_sql row=AP-2026-07] property=AP name=Airport room_nights_sold=4620 occupancy_pct=71.0', 'tool_row'),
        item('E3', '[tool=run_sql row=CXL-OT] property=OT bookings=1380 cancel_rate_pct=12.4', 'tool_row'),
        item('E4', '[tool=run_sql row=CXL-AP] property=AP bookings=2410 cancel_rate_pct=17.9', 'tool_row'),
      ];
      const grounded = await one('Old Town cancelled 12.4% of its bookings.', rows);
      assert.equal(grounded.partition, 'grounded');
      assert.match(grounded.reason, /Old Town as OT/);
      // 17.9% is the Airport's rate; read as OT, the claim is not carried by AP's row.
      assert.notEqual((await one('Old Town: 17.9% of bookings cancelled.', rows)).partition, 'grounded');
      // A code in capitals opening a sentence is a name, not an ordinary capitalised first word.
      assert.deepEqual(extractFeatures('OT: 17.9% of bookings cancelled.').nameGroups, [['ot']]);
      assert.deepEqual(extractFeatures('The rollout ended at 14:02.').nameGroups, []);
    });

    it('a count in words that the claim’s own list gives ("two CNAMEs, zendesk1… and zendesk2…") needs no record of its own', async () => {
      const dns = [
        item('E1', 'tool_call dns_upsert args={"name":"zendesk1._domainkey","type":"CNAME"} result=ok', 'tool_call', { file: 'trace.jsonl' }),
        item('E2', 'tool_call dns_upsert args={"name":"zendesk2._domainkey","type":"CNAME"} result=ok', 'tool_call', { file: 'trace.jsonl' }),
      ];
      assert.equal((await one('The agent published two CNAMEs, zendesk1._domainkey and zendesk2._domainkey.', dns)).partition, 'grounded');
      // Three is not the two it lists.
      assert.notEqual((await one('The agent published three CNAMEs, zendesk1._domainkey and zendesk2._domainkey.', dns)).partition, 'grounded');
    });

    it('reads bytes per second ("19 GiB/s", `recovery_rate=1.9GiB/s`) as a rate in bytes', async () => {
      const rate = (text: string) => extractFeatures(text).quantities.map((q) => [q.value, q.dimension]);
      assert.deepEqual(rate('recovery ran at 120 MB/s'), [[120e6, 'rate']]);
      assert.deepEqual(rate('recovery_rate=1.9GiB/s'), [[1.9 * 2 ** 30, 'rate']]);
      const status = [item('E1', 'tool_call cluster_status result=sampled_at=13:51:20 health=HEALTH_WARN degraded=61 recovery_rate=1.9GiB/s', 'tool_call', { file: 'trace.jsonl' })];
      assert.equal((await one('Recovery was running at roughly 19 GiB/s.', status)).partition, 'contradicted');
      assert.equal((await one('Recovery was running at roughly 1.9 GiB/s.', status)).partition, 'grounded');
    });

    it('a record listing entries " | "-separated and named by a code (site=DC1 … | site=DC2 …) is read entry by entry', async () => {
      const shrink = [item('E1', '[tool=shrink row=2026-09] site=DC1 write_off_gbp=18400 | site=DC2 write_off_gbp=41900', 'tool_row')];
      // 41,900 is DC2's entry; DC1's is 18,400.
      const wrong = await one('DC1 wrote off GBP 41,900.', shrink);
      assert.equal(wrong.partition, 'contradicted');
      assert.match(wrong.reason, /18400/);
      assert.equal((await one('DC2 wrote off GBP 41,900.', shrink)).partition, 'grounded');
    });

    it('reads the typographic minus: "−4,415 units" is negative; "(−3.8%)" stays a change compared by its size', () => {
      assert.equal(extractFeatures('a net adjustment of −4,415 units').quantities[0]!.value, -4415);
      assert.equal(extractFeatures('down from 31,120 (−3.8%)').quantities.find((q) => q.dimension === 'percent')!.value, 3.8);
    });

    it('"the half hour before" is a time, not a ratio; how long an alert stayed open is its own fired → resolved records', async () => {
      const latency = [
        item('E1', '[tool=metrics row=09:30-10:00] service=quote-api p95_ms=212', 'tool_row'),
        item('E2', '[tool=metrics row=10:08-10:38] service=quote-api p95_ms=161', 'tool_row'),
      ];
      // 161/212 = 0.76: no "half" is claimed.
      assert.equal((await one('quote-api p95 fell from 212 ms in the half hour before the window to 161 ms in the half hour after.', latency)).partition, 'grounded');

      const alert = [
        item('E1', '[signal] alert_id=PAY-2207 fired_at=2026-06-11T14:14:10Z rule=webhook_queue_age_high', 'signal'),
        item('E2', '[signal] alert_id=PAY-2207 resolved_at=2026-06-11T14:53:40Z', 'signal'),
        // A status post hours later mentions the alert; it is not part of the alert's life.
        item('E3', '2026-06-11T20:05:00Z INFO status post: PAY-2207 resolved, settlement rerun at 20:00'),
      ];
      // 14:14:10 → 14:53:40 is 39 min 30 s: "just under 40 minutes".
      assert.notEqual((await one('PAY-2207 stayed open for just under 40 minutes.', alert)).partition, 'contradicted');
      assert.equal((await one('PAY-2207 stayed open for about 90 minutes.', alert)).partition, 'contradicted');
    });

    it('"not A but B" corrects a detail: "had not run out of disk space but of inodes" denies no event', async () => {
      assert.deepEqual(readWording('The host had not run out of disk space but of inodes on /var/lib/docker.').negated, []);
      assert.deepEqual(readWording('The host was not restarted, but the pod was.').negated, ['restart']);
      const rows = [item('E1', '[tool=node_metrics row=08:15] host=ci-run-05 mount=/var/lib/docker inodes_used_pct=100 disk_used_pct=61', 'tool_row')];
      assert.notEqual((await one('ci-run-05 had not run out of disk space but of inodes on /var/lib/docker.', rows)).partition, 'contradicted');
    });

    it('a denied comparison is the opposite bound, not a denied event: "never goes above 15 minutes" is at most 15 minutes', async () => {
      const bound = (text: string) => extractFeatures(text).quantities.map((q) => [q.value, q.qualifier]);
      assert.deepEqual(bound('The delay never goes above 15 minutes.'), [[900, 'upper']]);
      assert.deepEqual(bound('Memory did not exceed 8 GiB.'), [[8 * 2 ** 30, 'upper']]);
      assert.deepEqual(bound('No more than 3 retries are made.'), [[3, 'upper']]);
      assert.deepEqual(bound('The queue never dropped below 200 messages.'), [[200, 'lower']]);
      const wording = readWording('The delay never goes above 15 minutes.');
      assert.deepEqual([wording.negated, wording.absent], [[], []]);
      // A denied event is still one.
      assert.deepEqual(readWording('The job was never restarted.').negated, ['restart']);
      // "no worse than before", "no later than 09:00" compare; they deny nothing.
      assert.deepEqual(readWording('p99 write latency held at 48 ms, no worse than before the switchover.').absent, []);
      assert.deepEqual(readWording('The report goes out no later than 09:00.').absent, []);
      assert.deepEqual(readWording('No errors were logged after 14:03.').absent, ['error']);

      const docs = [item('E1', 'The retry delay is capped at 15 minutes.', 'paragraph')];
      assert.equal((await one('The retry delay never goes above 15 minutes.', docs)).partition, 'grounded');
      assert.notEqual((await one('The retry delay never goes above 30 minutes.', docs)).partition, 'grounded');
    });

    it('another block of the same document may bring the figure a paragraph leaves out (a settings table)', async () => {
      const guide = parseEvidenceSources([
        { file: 'polling.md', text: '# Polling\n\nWhen streaming is off, the server libraries poll the flag service for changes.\n\n| setting | default |\n|---|---|\n| poll interval | 30 s |\n' },
        { file: 'other.md', text: '| setting | default |\n|---|---|\n| export interval | 45 s |\n' },
      ]);
      assert.equal((await one('When streaming is off, the server libraries poll the flag service for changes every 30 seconds.', guide.items)).partition, 'grounded');
      // A figure from another document is not this paragraph's.
      assert.notEqual((await one('When streaming is off, the server libraries poll the flag service for changes every 45 seconds.', guide.items)).partition, 'grounded');
    });

    it('a level word (high, critical, warning) against the level a record field holds', async () => {
      const change = parseEvidenceSources([{ file: 'change.json', text: '{"change_id": "CHG-7215", "service": "quote-api", "risk": "low"}' }]).items;
      const high = await one('The change is rated high risk.', change);
      assert.equal(high.partition, 'contradicted');
      assert.match(high.reason, /risk=low/);
      assert.equal((await one('The change is rated low risk.', change)).partition, 'grounded');

      const alert = [item('E1', '[signal] alert_id=CI-4410 fired_at=2026-05-06T08:12:30Z severity=warning rule=inode_usage_high host=ci-run-05', 'signal')];
      // The alert's own severity is a warning.
      assert.equal((await one('CI-4410 fired at 08:12 as a critical alert.', alert)).partition, 'contradicted');
      assert.notEqual((await one('CI-4410 fired at 08:12 as a warning.', alert)).partition, 'contradicted');
      // "high" here is the inode usage the rule is named for, not the alert's level.
      assert.notEqual((await one('CI-4410 fired at 08:12 for high inode usage on ci-run-05.', alert)).partition, 'contradicted');
    });

    it('"39 seconds later" is the span from the moment before it, in the claim or in the sentence or list item above', async () => {
      const trace = [
        item('E1', '2026-11-03T21:04:12Z INFO ledger-api flag ledger.writes_paused=true'),
        item('E2', '2026-11-03T21:04:51Z INFO orchestrator db-ledger-b1 promoted to primary'),
      ];
      // 21:04:51 − 21:04:12 = 39 s.
      const [, promoted] = await judgeAll(['Writes were paused at 21:04:12', { text: 'db-ledger-b1 was promoted 39 seconds later, at 21:04:51.', parentId: 'C1' }], trace);
      assert.equal(promoted!.partition, 'grounded');
      const [, tooLate] = await judgeAll(['Writes were paused at 21:04:12', { text: 'db-ledger-b1 was promoted 52 seconds later, at 21:04:51.', parentId: 'C1' }], trace);
      assert.notEqual(tooLate!.partition, 'grounded');

      const alert = [
        item('E1', '[signal] alert_id=DB-3107 fired_at=2026-07-08T22:31:50Z rule=replica_lag_high', 'signal'),
        item('E2', '[signal] alert_id=DB-3107 resolved_at=2026-07-08T22:47:05Z', 'signal'),
      ];
      // The list item above says 10:31 PM; written to the minute, 22:31 to 22:47 is 15 to 16 minutes: "about 15".
      const items = (span: string) => ['Alert DB-3107 fired at 10:31 PM.', { text: `It resolved at 22:47, about ${span} later.`, line: 2 }];
      assert.equal((await judgeAll(items('15 minutes'), alert))[1]!.partition, 'grounded');
      assert.notEqual((await judgeAll(items('40 minutes'), alert))[1]!.partition, 'grounded');
      // A paragraph further down does not count from that alert.
      const far = ['Alert DB-3107 fired at 10:31 PM.', { text: 'It resolved at 22:47, about 15 minutes later.', line: 4 }];
      assert.notEqual((await judgeAll(far, alert))[1]!.partition, 'grounded');

      // No moment of its own: a record that far after the moment before, about what the claim says.
      const worker = [
        item('E1', '2026-06-11T14:24:12Z INFO scheduler settlement-export paused at batch 14/40 by m.ferreira'),
        item('E2', '2026-06-11T14:24:37Z INFO pay-worker lock waits cleared; in-flight 12/64'),
      ];
      const paused = 'm.ferreira paused settlement-export at 14:24.';
      assert.equal((await judgeAll([paused, 'The lock waits were gone 25 seconds later.'], worker))[1]!.partition, 'grounded');
      assert.notEqual((await judgeAll([paused, 'The lock waits were gone 5 minutes later.'], worker))[1]!.partition, 'grounded');
      // The record may share no word with "the count": its figure says it is the same subject.
      const crc = [
        item('E1', '2026-05-19T02:09:58Z core-sw-b %ETHPORT-4-IF_CRC: Ethernet1/49 input CRC errors 212 in last 60s'),
        item('E2', '2026-05-19T02:13:58Z core-sw-b %ETHPORT-4-IF_CRC: Ethernet1/49 input CRC errors 1790 in last 60s'),
      ];
      const logged = 'The switch logged 212 input CRC errors on Ethernet1/49 in the minute to 02:09:58.';
      assert.equal((await judgeAll([logged, 'Four minutes later the count had climbed to 1,790 a minute.'], crc))[1]!.partition, 'grounded');
      assert.notEqual((await judgeAll([logged, 'Nine minutes later the count had climbed to 1,790 a minute.'], crc))[1]!.partition, 'grounded');
    });

    it('"six minutes after taking over" may count from any moment of the sentences before, not only the nearest', async () => {
      const log = [
        item('E1', '2026-06-09T08:40:00Z INFO  vpn-ams-01 carrying 2214 tunnels'),
        item('E2', '2026-06-09T08:47:03Z INFO  vpn-ams-02 role change: standby -> active'),
        item('E3', '2026-06-09T08:53:41Z WARN  vpn-ams-02 hit its tunnel ceiling'),
      ];
      // 08:47 → 08:53 is six minutes; the nearest sentence before says 08:40, thirteen minutes earlier.
      const claims = (span: string) => ['vpn-ams-02 took over at 08:47.', 'At 08:40 vpn-ams-01 was carrying 2,214 tunnels.', `It hit its tunnel ceiling at 08:53, ${span} after taking over.`];
      assert.equal((await judgeAll(claims('six minutes'), log))[2]!.partition, 'grounded');
      assert.notEqual((await judgeAll(claims('twenty minutes'), log))[2]!.partition, 'grounded');
    });

    it('a record meeting two of the claim\'s values carries it like a record, even when a document was taken along for a word', async () => {
      const evidence = [
        item('E1', '[tool=get_tunnel_stats row=08:40] at=2026-06-09T08:40:00Z vpn-ams-01 role=active active_tunnels=2214; vpn-ams-02 role=standby active_tunnels=0', 'tool_row'),
        item('E3', 'vpn-ams-02 is licensed for fewer tunnels than vpn-ams-01, so after a failover at busy times it can run out of licences.', 'paragraph'),
      ];
      // Host, time and figure are E1's; the runbook taken along for "failover" does not make it prose to match word for word.
      const verdict = await one('Shortly before the failover, at 08:40, vpn-ams-01 was carrying 2,214 tunnels.', evidence);
      assert.equal(verdict.partition, 'grounded');
      assert.ok(verdict.evidence_refs.includes('E1'));
      // A wrong figure is still not carried.
      assert.notEqual((await one('Shortly before the failover, at 08:40, vpn-ams-01 was carrying 2,914 tunnels.', evidence)).partition, 'grounded');
    });

    it('an alert\'s claimed firing or clearing time is read from its own fired_at or resolved_at', async () => {
      const alerts = [
        item('E1', '[signal] alert_id=ORIG-12 fired_at=2026-09-03T10:08:15Z severity=critical service=origin-web rule=origin_5xx_rate', 'signal'),
        item('E2', '[signal] alert_id=ORIG-12 resolved_at=2026-09-03T10:52:00Z', 'signal'),
      ];
      const followed = await one('ORIG-12 followed at 10:18, when 7.4% of origin responses were errors.', alerts);
      assert.equal(followed.partition, 'contradicted');
      assert.match(followed.reason, /fired_at/);
      assert.notEqual((await one('ORIG-12 fired at 10:08.', alerts)).partition, 'contradicted');
      assert.equal((await one('ORIG-12 cleared at 10:40.', alerts)).partition, 'contradicted');
      assert.notEqual((await one('ORIG-12 cleared at 10:52.', alerts)).partition, 'contradicted');
    });

    it('does not over-read the new wordings: absences with "occurred", other entities named together, an alert a fix was for, years as figures, a successful rollback', async () => {
      assert.equal((await one('No timeouts occurred during the failover.', [item('E1', '2026-05-19T10:02:11Z WARN failover step 2: request timeout after 30s')])).partition, 'contradicted');
      const acls = [
        item('E1', '[tool=waf_stats row=10:45] acl=acl-shop-us window=15m blocked=3880', 'tool_row'),
        item('E2', '[tool=waf_stats row=10:45] acl=acl-shop-eu window=15m blocked=96', 'tool_row'),
      ];
      // 3,880 + 96 = 3,976: the second entity's record is no sibling of a claim that names both.
      assert.equal((await one('acl-shop-us and acl-shop-eu together blocked 3,976 requests.', acls)).partition, 'grounded');
      const fix = [
        item('E1', '[signal] alert_id=ORIG-12 fired_at=2026-09-03T10:08:15Z rule=origin_5xx_rate', 'signal'),
        item('E2', '2026-09-03T10:30:02Z INFO deploy config fix for ORIG-12 applied'),
      ];
      assert.notEqual((await one('A config fix for ORIG-12 followed at 10:30.', fix)).partition, 'contradicted');
      assert.notEqual((await one('Revenue grew by 12% from 2023 to 2024.', [item('E1', '[tool=q row=1] year=2024 revenue_growth_pct=12', 'tool_row')])).partition, 'contradicted');
      const rollback = [item('E1', '[tool=change_log row=10:20] change=CHG-5820 action=rollback status=success', 'tool_row')];
      assert.notEqual((await one('CHG-5820 was rolled back successfully at 10:20.', rollback)).partition, 'contradicted');
    });

    it('does not over-read the new figure rules: points on a percentage, a p50 beside a p99, a run record cited "as the runbook requires", "as many as"', async () => {
      const churn = [
        item('E1', '[tool=q row=1] quarter=2026Q2 churn_pct=2.5', 'tool_row'),
        item('E2', '[tool=q row=2] quarter=2026Q3 churn_pct=2.1', 'tool_row'),
      ];
      // 2.5 → 2.1 is 0.4 points.
      assert.notEqual((await one('Churn fell by 0.4%, to 2.1%, in Q3.', churn)).partition, 'contradicted');
      assert.notEqual((await one('After the fix, p99 latency dropped to 900 ms.', [item('E1', '[tool=latency row=1] latency_p50_ms=120 latency_p99_ms=900', 'tool_row')])).partition, 'contradicted');
      const run = parseEvidenceSources([{ file: 'deploy-run.json', text: '{\n  "stages": [\n    { "name": "canary", "canary_percent": 5, "canary_hold_minutes": 10, "status": "done" }\n  ]\n}\n' }]).items;
      assert.notEqual((await one('The canary was held at 5% for 10 minutes, as the runbook requires.', run)).partition, 'ungrounded');
      assert.notEqual((await one('As many as 50 jobs failed overnight on batch-7.', [item('E1', '[tool=jobs row=1] pool=batch-7 failed_jobs=3', 'tool_row')])).partition, 'grounded');
      // Capitals opening a sentence are a name only as its label.
      assert.deepEqual(extractFeatures('DNS lookups failed 412 times.').nameGroups, []);
      assert.equal(readWording('The nightly export is what used the most CPU at 02:00.').causal, undefined);
    });

    it('"no other" sets apart only the names of the claims that speak of the denied event; "every" reads only the group it names', async () => {
      const pushes = [
        item('E1', '[tool=firmware row=1] vendor=Kestrel version=4.2 firmware pushed', 'tool_row'),
        item('E2', '[tool=firmware row=2] vendor=Ampero version=2.1 firmware pushed', 'tool_row'),
      ];
      const claims = ['At 09:00 Kestrel pushed firmware 4.2 to its chargers.', { text: 'Meanwhile the Ampero chargers stayed online.', line: 2 }, { text: 'No other vendor pushed firmware that morning.', line: 3 }];
      assert.equal((await judgeAll(claims, pushes))[2]!.partition, 'contradicted');
      const stores = [
        item('E1', '[tool=q row=1] store=LEE region=Northern donated_kg=2400', 'tool_row'),
        item('E2', '[tool=q row=2] store=BRI region=Southern donated_kg=1060', 'tool_row'),
      ];
      assert.notEqual((await one('Every Northern store met the 2,000 kg donation minimum in Q3.', stores)).partition, 'contradicted');
    });

    it('"at the same moment" is the time of the sentence before, checked against the record', async () => {
      const alerts = [
        item('E1', '[signal] alert_id=SRCH-552 resolved_at=2026-08-19T07:53:00Z', 'signal'),
        item('E2', '[signal] alert_id=SRCH-559 resolved_at=2026-08-19T08:12:00Z', 'signal'),
      ];
      // SRCH-559 resolved at 08:12, 19 minutes after 07:53: not the same moment.
      const [, late] = await judgeAll(['SRCH-552 cleared at 07:53', { text: 'SRCH-559 cleared at the same moment.', parentId: 'C1' }], alerts);
      assert.equal(late!.partition, 'contradicted');
      assert.match(late!.reason, /07:53.*08:12/);
      const together = [alerts[0]!, item('E2', '[signal] alert_id=SRCH-559 resolved_at=2026-08-19T07:53:00Z', 'signal')];
      const [, same] = await judgeAll(['SRCH-552 cleared at 07:53', { text: 'SRCH-559 cleared at the same moment.', parentId: 'C1' }], together);
      assert.equal(same!.partition, 'grounded');
      assert.deepEqual(same!.evidence_refs, ['E2']);
    });

    it('a figure stated plainly is the record\'s own measure, not a sum of other figures that comes to it', async () => {
      const evidence = [
        item('E1', '2026-05-06T08:51:02Z INFO  ci-agent  retried 84 failed jobs from pool linux-large'),
        item('E2', '[tool=ci_jobs row=08:00..08:30] pool=linux-large jobs_total=212 jobs_failed=87 failed_on_ci-run-05=84 failed_other=3', 'tool_row'),
      ];
      // At 08:51 the record of the retry says 84 failed jobs; 84 + 3 = 87 elsewhere does not make it 87.
      const wrong = await one('At 08:51 the agent retried all 87 failed jobs.', evidence);
      assert.equal(wrong.partition, 'contradicted');
      assert.match(wrong.reason, /87.*84/);
      assert.equal((await one('At 08:51 the agent retried 84 failed jobs.', evidence)).partition, 'grounded');
      // "of the 412" is a whole: 171 + 241 of the same measure make it, so 241 does not contradict it.
      const sites = [item('E1', '[tool=run_sql] cold: kestrel_chargers=171; mild: kestrel_chargers=241', 'tool_row')];
      assert.notEqual((await one('Cold sites host only 171 of the 412 Kestrel chargers.', sites)).partition, 'contradicted');
    });

    it('a record giving two of the claim\'s figures is the one it reads: its one other figure of that kind contradicts the third', async () => {
      const reindex = [item('E1', '[tool=reindex row=23:11] duration_s=1865 size_before_mib=14950 size_after_mib=6020', 'tool_row')];
      // 1,865 s and 14,950 MiB pin the record; its only other size is 6020 MiB, not 6,200.
      const wrong = await one('Rebuilt in 1,865 seconds, down from 14,950 MiB to 6,200 MiB.', reindex);
      assert.equal(wrong.partition, 'contradicted');
      assert.match(wrong.reason, /6,200 MiB.*6020/);
      assert.equal((await one('Rebuilt in 1,865 seconds, down from 14,950 MiB to 6,020 MiB.', reindex)).partition, 'grounded');
      // "26 times the baseline" is 238 against 9, not a third figure of the record.
      const rejections = [item('E1', '[tool=metrics row=07:15] window=15m checkout_price_rejections=238 baseline=9 affected_skus=11', 'tool_row')];
      assert.notEqual((await one('In the 15 minutes to 07:15 there were 238 rejections against a usual 9, roughly 26 times the baseline.', rejections)).partition, 'contradicted');
      // 238 / 9 = 26.4: the multiple follows from the claim's own figures; forty times does not.
      assert.equal((await one('In the 15 minutes to 07:15 there were 238 rejections against a usual 9, roughly 26 times the baseline.', rejections)).partition, 'grounded');
      assert.notEqual((await one('In the 15 minutes to 07:15 there were 238 rejections against a usual 9, roughly 40 times the baseline.', rejections)).partition, 'grounded');
      // When another record gives 6,200 MiB, the claim may be reading that one.
      const twoRecords = [...reindex, item('E2', '[tool=df row=23:12] volume=pgdata used_mib=6200', 'tool_row')];
      assert.notEqual((await one('Rebuilt in 1,865 seconds, down from 14,950 MiB to 6,200 MiB.', twoRecords)).partition, 'contradicted');

      // A range whose start the record gives: its one other time is the end.
      const window = parseEvidenceSources([{ file: 'change.json', text: '{"window": {"start": "2026-09-08T19:30:00Z", "end": "2026-09-08T22:00:00Z"}}' }]).items;
      assert.equal((await one('The approved window ran from 19:30 to 23:00 UTC.', window)).partition, 'contradicted');
      assert.equal((await one('The approved window ran from 19:30 to 22:00 UTC.', window)).partition, 'grounded');
      // 41% and 10% pin the firing record among the alert's two; its one time is 08:19, not 8:29 AM.
      const alert = [
        item('E1', '[signal] alert_id=CI-4412 fired_at=2026-05-07T08:19:04Z failing_jobs_pct=41 threshold_pct=10', 'signal'),
        item('E2', '[signal] alert_id=CI-4412 resolved_at=2026-05-07T09:02:40Z', 'signal'),
      ];
      const late = await one('CI-4412 followed at 8:29 AM, with 41% of jobs failing against a 10% threshold.', alert);
      assert.equal(late.partition, 'contradicted');
      assert.deepEqual(late.evidence_refs, ['E1']);
      assert.equal((await one('CI-4412 followed at 8:19 AM, with 41% of jobs failing against a 10% threshold.', alert)).partition, 'grounded');
    });

    it('reads "a quarter of", "half the", "two-thirds of" as approximate percentages, not "half an hour"', () => {
      const quarter = extractFeatures('free about a quarter of each disk').quantities;
      assert.deepEqual(quarter.map((q) => [q.value, q.dimension, q.qualifier]), [[25, 'percent', 'approx']]);
      assert.ok(!extractFeatures('free about a quarter of each disk').words.includes('quarter'), 'the fraction is its figure, not a word');
      const thirds = extractFeatures('two-thirds of users').quantities;
      assert.equal(thirds.length, 1, 'one figure: "two" is part of the fraction');
      assert.ok(Math.abs(thirds[0]!.value - 200 / 3) < 1e-9);
      assert.equal(extractFeatures('half the requests').quantities[0]!.value, 50);
      assert.ok(!extractFeatures('half an hour').quantities.some((q) => q.dimension === 'percent'));
    });

    it('a plan\'s "about 40%" contradicts a claimed quarter; "about 40 percent" is grounded', async () => {
      const plan = [item('E1', 'Lowering retention is expected to free about 40% of the disk on each broker.', 'paragraph', { file: 'plan.md' })];
      // 25% is far from 40%, and the plan is what the claim cites.
      assert.equal((await one('The plan expects lowering retention to free about a quarter of each broker\'s disk.', plan)).partition, 'contradicted');
      assert.equal((await one('The plan expects lowering retention to free about 40 percent of each broker\'s disk.', plan)).partition, 'grounded');
    });

    it('"stayed flat at 212" is contradicted by a series that also holds another value, grounded when it does not', async () => {
      const moved = [item('E1', 'rtm_headcount["2026-02"] = 212 2026-03=204', 'json_field', { file: 'analysis.json' })];
      const verdict = await one('The rtm headcount stayed flat at 212.', moved);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      const held = [item('E1', 'rtm_headcount["2026-02"] = 212 2026-03=212', 'json_field', { file: 'analysis.json' })];
      assert.equal((await one('The rtm headcount stayed flat at 212.', held)).partition, 'grounded');
    });

    it('"6.2% in both arms" is contradicted by the other arm\'s row of the same segment', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=1] segment=desktop arm=control users=22030 conv_pct=6.2', 'tool_row'),
        item('E2', '[tool=run_sql row=2] segment=desktop arm=treatment users=21960 conv_pct=6.3', 'tool_row'),
        item('E3', '[tool=run_sql row=3] segment=mobile arm=treatment users=30020 conv_pct=6.2', 'tool_row'),
      ];
      const verdict = await one('Desktop conversion was 6.2% in both arms.', rows);
      assert.equal(verdict.partition, 'contradicted');
      assert.deepEqual(verdict.evidence_refs, ['E2']);
      // Without the persistence wording, the control row states the claim.
      assert.equal((await one('Desktop conversion was 6.2% in the control arm.', rows)).partition, 'grounded');
    });

    it('"on the first attempt" is contradicted by an earlier failed call with the same arguments', async () => {
      const call = (id: string, result: string, exitOk: boolean): EvidenceItem =>
        item(id, `tool_call lb_undrain args={"member":"gw-eu-3"} result=${result} exit_ok=${exitOk}`, 'tool_call', {
          file: 'trace.jsonl', tool: 'lb_undrain', args: { member: 'gw-eu-3' }, exitOk,
        });
      const retried = [call('E1', 'error: member gw-eu-3 health check pending', false), call('E2', 'member gw-eu-3 active', true)];
      const verdict = await one('gw-eu-3 was returned to the pool on the first attempt.', retried);
      assert.equal(verdict.partition, 'contradicted');
      assert.deepEqual(verdict.evidence_refs, ['E1']);
      assert.equal((await proposed('gw-eu-3 was returned to the pool on the first attempt.', [call('E2', 'member gw-eu-3 active', true)])).partition, 'grounded');
    });

    it('a percentage may be the share of two figures of one record (4105 / 18240 = 22.5%)', async () => {
      const offer = [item('E1', '[tool=offer_stats row=1] offer=pause accepted=4105 shown=18240', 'tool_row')];
      const right = await one('The pause offer was accepted 4,105 times, a take-up of roughly 22.5%.', offer);
      assert.equal(right.partition, 'grounded', right.reason);
      // 4105 / 18240 is 22.5%, not 30%; and a change ("by 22.5%") is not a share.
      assert.notEqual((await one('The pause offer was accepted 4,105 times, a take-up of 30%.', offer)).partition, 'grounded');
    });

    it('a total over more rows than retrieval returns is still summed (every row of the same measure in the file)', async () => {
      const rows = Array.from({ length: 24 }, (_, i) => item(`E${i + 1}`, `[tool=mq_stats row=${i + 1}] queue=orders.q${i + 1} messages_moved=${100 + i}`, 'tool_row'));
      // 100 + 101 + … + 123 = 24 × 111.5 = 2,676.
      const total = await one('Across the queues, 2,676 messages were moved in total.', rows);
      assert.equal(total.partition, 'grounded', total.reason);
      assert.notEqual((await one('Across the queues, 2,776 messages were moved in total.', rows)).partition, 'grounded');
    });

    it('a bare number in the claim meets a field value in the unit its name gives (empty_station_hours=1240)', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=1] month=2026-04 district=Altstadt empty_station_hours=1240', 'tool_row'),
        item('E2', '[tool=run_sql row=2] month=2026-05 district=Altstadt empty_station_hours=2975', 'tool_row'),
      ];
      const verdict = await one('Empty-station hours in Altstadt rose from 1,240 to 2,975.', rows);
      assert.equal(verdict.partition, 'grounded', verdict.reason);
    });

    it('a record\'s country code (DE) is the country and its adjective in a report', async () => {
      const stats = [item('E1', 'tool_call sms_provider_stats result=DE: sent=19875 http_429=7412; AT: sent=3120 http_429=0', 'tool_call', { file: 'trace.jsonl' })];
      const verdict = await one('The provider rejected 7,412 German messages.', stats);
      assert.equal(verdict.partition, 'grounded', verdict.reason);
      assert.notEqual((await one('The provider rejected 7,412 Swiss messages.', stats)).partition, 'grounded');
    });

    it('a code in the claim ("HTTP 429") is not contradicted by the value of a field the code names (http_429=0)', async () => {
      const evidence = [
        item('E1', '[tool=sms_stats row=1] provider=relaytel http_429=0 sent=18420', 'tool_row'),
        item('E2', '2026-05-06T07:38:04Z WARN relaytel responded 429 Too Many Requests', 'log_line'),
      ];
      assert.notEqual((await one('Relaytel began answering with HTTP 429 at 07:38.', evidence)).partition, 'contradicted');
    });

    it('"six minutes after the first reload" is timed by the earliest reload record', async () => {
      const trace = [
        item('E1', '2026-06-11T21:06:14Z pgbouncer RELOAD host=pgb-1', 'log_line'),
        item('E2', '2026-06-11T21:07:02Z pgbouncer RELOAD host=pgb-2', 'log_line'),
        item('E3', '[signal] alert_id=A-9034 fired_at=2026-06-11T21:12:30Z service=statements-worker', 'signal'),
      ];
      // 21:06:14 → 21:12:30 is 6 min 16 s: "six minutes"; not two.
      const verdict = await one('Six minutes after the first reload, alert A-9034 fired.', trace);
      assert.equal(verdict.partition, 'grounded', verdict.reason);
      assert.notEqual((await one('Two minutes after the first reload, alert A-9034 fired.', trace)).partition, 'grounded');
    });

    it('a threshold is met only by the same threshold, not by a lower one ("below 1,000" vs the runbook\'s "below 500")', async () => {
      const runbook = [item('E1', 'Replay the dead-lettered jobs once the transcode queue is below 500 messages.', 'paragraph', { file: 'runbook.md' })];
      assert.notEqual((await one('The runbook says to replay the dead-lettered jobs once the transcode queue is below 1,000 messages.', runbook)).partition, 'grounded');
      assert.equal((await one('The runbook says to replay the dead-lettered jobs once the transcode queue is below 500 messages.', runbook)).partition, 'grounded');
    });

    it('"driven by" is causal wording', async () => {
      const rows = [item('E1', '[tool=run_sql row=1] plan=standard churn_pct=4.6', 'tool_row'), item('E2', '[tool=run_sql row=2] plan=standard price_change=+22%', 'tool_row')];
      const verdict = await one('Standard churn rose to 4.6%, driven by the price change.', rows);
      assert.equal(verdict.partition, 'ungrounded');
      assert.match(verdict.reason, /causal/);
    });

    it('"so that X could be patched" is a purpose, not a hedge; "it is also possible that" is a hedge', () => {
      assert.equal(readWording('CHG-6071 moved the primary to db-ledger-b1 so that db-ledger-a1 could be patched.').hedge, undefined);
      assert.equal(readWording('The move was done in order that the old node could be rebooted.').hedge, undefined);
      assert.equal(readWording('The spike could also be a retry storm.').hedge, 'could');
      assert.equal(readWording('It is also possible that the flag kept the expiry out of sight.').hedge, 'It is also possible');
    });

    it('"is what set off", "which is why", "explains why", "set off" are causal wording; "for good" is certainty', async () => {
      assert.equal(readWording('The hooks-ingest rollout at 13:51 is what set off the backlog.').causal, 'is what set off');
      assert.equal(readWording('The job ran in one transaction, which is why it held the locks so long.').causal, 'which is why');
      assert.equal(readWording('That pause explains why the title still had 6.6 holds per copy.').causal, 'explains why');
      assert.equal(readWording('The quarantine policy set off MX-0311.').causal, 'set off');
      assert.equal(readWording('The lower CPU target has fixed the latency problem for good.').certainty, 'for good');
      // "Lost for good" says what was lost, and "until you confirm" is an instruction: neither is certainty.
      assert.equal(readWording('So close to 13 minutes of logs are lost for good.').certainty, undefined);
      assert.equal(readWording('Keyhaven will not finish enabling it until you confirm you saved them.').certainty, undefined);
      assert.equal(readWording('This confirms that the release was behind the incident.').certainty, 'confirms');
      // Order alone is not causal wording.
      assert.equal(readWording('The rollout at 13:51 came before the backlog.').causal, undefined);
      // Every fact real, the link not in evidence: over-reach.
      const rows = [
        item('E1', '2026-06-11T13:51:02Z INFO deploy hooks-ingest v5.8.1 rolled out'),
        item('E2', '[signal] alert_id=PAY-2207 fired_at=2026-06-11T14:14:00Z rule=webhook_queue_age_high', 'signal'),
      ];
      const verdict = await one('The hooks-ingest v5.8.1 rollout at 13:51 is what set off alert PAY-2207.', rows);
      assert.equal(verdict.partition, 'ungrounded');
      assert.match(verdict.reason, /causal/);
    });

    it('"is what fixed", "is what finally cleared", "the main reason" attribute a cause; "is what happened" does not', async () => {
      assert.equal(readWording('Re-copying version 13 of SMTP_PASSWORD is what fixed the receipt emails.').causal, 'is what fixed');
      assert.equal(readWording('The 08:05 cache flush is what finally cleared the stale prices.').causal, 'is what finally cleared');
      assert.equal(readWording('The batch size of 5,000 rows is what made the upload time out.').causal, 'is what made');
      assert.equal(readWording('The road closures were the main reason the depot missed its target.').causal, 'main reason');
      assert.equal(readWording('A restart at 14:02 is what happened next.').causal, undefined);
      assert.equal(readWording('A rollback is what the runbook expected.').causal, undefined);
      const rows = [
        item('E1', '2026-03-03T01:30:05Z INFO ledger-recon backfill batch=5000 start'),
        item('E2', '2026-03-03T01:42:10Z ERROR ledger-recon upload failed: RequestTimeout'),
      ];
      const verdict = await one('The backfill batch of 5,000 rows is what made the upload fail with RequestTimeout.', rows);
      assert.equal(verdict.partition, 'ungrounded');
      assert.match(verdict.reason, /causal/);
    });

    it('"No other vendor pushed firmware" sets apart the vendor the report just named; another vendor\'s push contradicts it', async () => {
      const kestrel = item('E1', '[tool=firmware_pushes row=1] vendor=Kestrel version=3.8.2 pushed_at=2026-02-17 firmware pushed', 'tool_row');
      const ampero = item('E2', '[tool=firmware_pushes row=2] vendor=Ampero version=2.4.0 pushed_at=2026-03-02 firmware pushed', 'tool_row');
      const claims = ['Kestrel pushed firmware 3.8.2 on 17 February.', { text: 'No other vendor pushed firmware during the quarter.', line: 2 }];
      assert.notEqual((await judgeAll(claims, [kestrel]))[1]!.partition, 'contradicted');
      const [, other] = await judgeAll(claims, [kestrel, ampero]);
      assert.equal(other!.partition, 'contradicted');
      assert.deepEqual(other!.evidence_refs, ['E2']);
      // Without "other", Kestrel's own push is a counter-example.
      assert.equal((await judgeAll(['Kestrel pushed firmware 3.8.2 on 17 February.', { text: 'No vendor pushed firmware during the quarter.', line: 2 }], [kestrel]))[1]!.partition, 'contradicted');
    });

    it('"Some 2,370 scheduled departures did not run" is a count of what did not happen, checked as a figure, not a denial', async () => {
      const rows = [item('E1', '[tool=run_sql row=2] query=network_summary quarter=2026Q3 departures_scheduled=121380 departures_operated=119010', 'tool_row')];
      // 121,380 − 119,010 = 2,370.
      assert.equal((await one('Some 2,370 scheduled departures did not run in Q3.', rows)).partition, 'grounded');
      assert.notEqual((await one('Some 2,900 scheduled departures did not run in Q3.', rows)).partition, 'grounded');
    });

    it('"None of the origin-web pods restarted" denies the restart, not the pods; "no rollback criterion met" denies the criterion being met', async () => {
      assert.deepEqual(readWording('None of the origin-web pods restarted during the incident.').absent, ['restart']);
      assert.deepEqual(readWording('The watch ended at 11:40 with no rollback criterion met.').absent, ['criterion']);
      assert.deepEqual(readWording('No errors logged in the window.').absent, ['error']);
      const pods = [item('E1', '[tool=kubectl row=10:20] deployment=origin-web pods=12 ready=12 restarts=0', 'tool_row')];
      assert.equal((await one('None of the origin-web pods restarted during the incident.', pods)).partition, 'grounded');
      const restarted = [item('E1', '2026-05-19T10:21:04Z WARN kubelet origin-web-7c9f pod restarted (OOMKilled)')];
      assert.equal((await one('None of the origin-web pods restarted during the incident.', restarted)).partition, 'contradicted');
    });

    it('"No publishers were blocked" is contradicted by a record in state=blocked with a count, grounded by count=0', async () => {
      const blocked = [item('E1', '[tool=mq_connections row=01:46:00] node=rabbit-2 state=blocked count=37', 'tool_row')];
      assert.equal((await one('No publishers were blocked during the window.', blocked)).partition, 'contradicted');
      const none = [item('E1', '[tool=mq_connections row=01:46:00] node=rabbit-2 state=blocked count=0', 'tool_row')];
      assert.equal((await one('No publishers were blocked during the window.', none)).partition, 'grounded');
    });

    it('reads "9 PM UTC", "7am" and "11 p.m." as clock times, "two-hour" and "an hour and forty minutes" as durations', () => {
      assert.deepEqual(extractFeatures('the window opened at 9 PM UTC').times.map((t) => t.seconds), [21 * 3600]);
      assert.deepEqual(extractFeatures('at 7am').times.map((t) => t.seconds), [7 * 3600]);
      assert.deepEqual(extractFeatures('11 p.m. on Friday').times.map((t) => t.seconds), [23 * 3600]);
      assert.deepEqual(extractFeatures('the two-hour window').quantities.map((q) => [q.value, q.dimension]), [[7200, 'duration']]);
      assert.deepEqual(extractFeatures('about an hour and forty minutes').quantities.map((q) => [q.value, q.qualifier]), [[6000, 'approx']]);
    });

    it('certainty a claim credits to a check on record ("which a second `crontab -l` confirmed") is that check, not over-reach', async () => {
      const trace = [
        item('E1', 'tool_call ssh args={"host":"cron-01","cmd":"crontab -r -u billing"} result=ok', 'tool_call'),
        item('E2', 'tool_call ssh args={"host":"cron-01","cmd":"crontab -l -u billing"} result=no crontab for billing', 'tool_call'),
      ];
      const claim = 'The billing crontab on cron-01 was removed, which a second `crontab -l` confirmed.';
      assert.equal((await proposed(claim, trace)).partition, 'grounded');
      // Not run: the certainty is the report's own.
      assert.equal((await one(claim, [trace[0]!])).partition, 'ungrounded');
    });

    it('a negated or absence claim with certainty wording ("guarantee") needs the certainty in the evidence', async () => {
      const docs = [item('E1', 'A run that is still missed after its window is recorded as skipped and is not started later.', 'paragraph', { file: 'scheduling.md' })];
      const verdict = await one('These rules guarantee that a missed run is not started later.', docs);
      assert.equal(verdict.partition, 'ungrounded');
      assert.match(verdict.reason, /certainty/);
    });

    it('a record that gives its action and then, after a colon, the criterion met states the cause ("…(42->43): rollback criterion … met")', async () => {
      const log = [item('E1', '2026-08-11T10:58:03Z WARN  wafctl R-1047 reverted block->count on acl-shop-us (58->59): rollback criterion "403 rate > 2% for 10 min" met for client_class=ios_app')];
      const verdict = await one('The R-1047 revert was triggered because the rollback criterion of a 403 rate above 2% for 10 minutes was met for the iOS app client class.', log);
      assert.equal(verdict.partition, 'grounded');
      // Without the criterion on the line, the link is the claim's own.
      const bare = [item('E1', '2026-08-11T10:58:03Z WARN  wafctl R-1047 reverted block->count on acl-shop-us (58->59)'), item('E2', '2026-08-11T10:50:00Z INFO metrics client_class=ios_app 403 rate 2.4% over 10 min')];
      assert.equal((await one('The R-1047 revert was triggered because the rollback criterion of a 403 rate above 2% for 10 minutes was met for the iOS app client class.', bare)).partition, 'ungrounded');
    });

    it('a cause a document states as a mechanism (cause and effect in one passage) grounds "because"', async () => {
      const evidence = [
        item('E1', 'Login codes are valid for five minutes; queued messages older than that expire and are dropped, not sent.', 'paragraph', { file: 'runbook.md' }),
        item('E2', '2026-05-06T08:09:47Z WARN otp-sender dropped 1318 queued OTP messages older than code validity (not sent)', 'log_line'),
        item('E3', '2026-05-06T07:12:40Z INFO deploy otp-sender v2.14.0 rolled out to 6/6 pods', 'log_line'),
      ];
      const stated = await one('Because codes are only valid for five minutes, 1,318 queued messages expired and were dropped.', evidence);
      assert.equal(stated.partition, 'grounded', stated.reason);
      // The deploy is real, but nothing states it caused the drops.
      assert.equal((await one('Because of the v2.14.0 rollout, 1,318 queued messages were dropped.', evidence)).partition, 'ungrounded');
    });

    it('a document that mentions the denied thing is not a counter-example to a negated claim', async () => {
      const docs = [
        item('E1', 'A cancellation ends the subscription at the end of the billing period and counts as churn.', 'paragraph', { file: 'metrics.md' }),
        item('E2', 'A downgrade (a move to a cheaper plan) is not a cancellation and does not count as churn.', 'paragraph', { file: 'metrics.md' }),
      ];
      const verdict = await one('Under the metric definitions, downgrades are not cancellations and do not count as churn.', docs);
      assert.equal(verdict.partition, 'grounded', verdict.reason);
    });

    it('"stayed under 8 GiB throughout" is contradicted by a record of the entity above it, on the bound\'s scale', async () => {
      const rows = [
        item('E1', '[tool=mq_metrics row=01:00:00] node=rabbit-3 mem_used_mib=5102 disk_free_gib=187', 'tool_row'),
        item('E2', '[tool=mq_metrics row=01:45:00] node=rabbit-3 mem_used_mib=8750 disk_free_gib=181', 'tool_row'),
        item('E3', '[tool=mq_metrics row=01:45:00] node=rabbit-1 mem_used_mib=9830 disk_free_gib=176', 'tool_row'),
      ];
      // 8750 MiB is 8.5 GiB; the 181 GiB disk is not what "8 GiB" measures.
      const verdict = await one('rabbit-3 stayed under 8 GiB throughout.', rows);
      assert.equal(verdict.partition, 'contradicted');
      assert.deepEqual(verdict.evidence_refs, ['E2']);
      assert.notEqual((await one('rabbit-3 stayed under 9 GiB throughout.', rows)).partition, 'contradicted');
    });

    it('"grew to 14,980" is contradicted when the series\' previous value was higher', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=3] month=2026-04 district=Nordpark rides=15340', 'tool_row'),
        item('E2', '[tool=run_sql row=4] month=2026-04 district=Hafen rides=22870', 'tool_row'),
        item('E3', '[tool=run_sql row=6] month=2026-05 district=Nordpark rides=14980', 'tool_row'),
        item('E4', '[tool=run_sql row=7] month=2026-05 district=Hafen rides=29415', 'tool_row'),
      ];
      assert.equal((await one('Nordpark grew slightly to 14,980 rides.', rows)).partition, 'contradicted');
      assert.equal((await one('Nordpark fell slightly to 14,980 rides.', rows)).partition, 'grounded');
      assert.notEqual((await one('Hafen grew to 29,415 rides.', rows)).partition, 'contradicted');
    });

    it('"between 21:06 and 21:08" bounds the claim on both sides', async () => {
      const reloads = [
        item('E1', '2026-06-11T21:06:14Z pgbouncer RELOAD host=pgb-ledger-1', 'log_line'),
        item('E2', '2026-06-11T21:07:49Z pgbouncer RELOAD host=pgb-ledger-3', 'log_line'),
      ];
      assert.deepEqual([readWording('between 21:06 and 21:08').after, readWording('between 21:06 and 21:08').before], [21 * 3600 + 6 * 60, 21 * 3600 + 8 * 60]);
      const verdict = await one('pgbouncer was reloaded on pgb-ledger-3 between 21:06 and 21:08.', reloads);
      assert.equal(verdict.partition, 'grounded', verdict.reason);
    });

    it('an action said to have an effect ("Scaling to 16 replicas cut the time in half") is a causal claim; "agreed to drop X" is not a trend', async () => {
      assert.equal(readWording('Scaling to 16 replicas cut the time to clear the backlog in half.').causal, 'cut');
      assert.equal(readWording('The queue depth was cut in half.').causal, undefined);
      const rows = [item('E1', '[tool=queue row=1] queue=invoices.render priority=1', 'tool_row'), item('E2', '[tool=queue row=2] queue=invoices.render priority=0', 'tool_row')];
      assert.notEqual((await one('The owners agreed to drop the invoices.render priority.', rows)).partition, 'contradicted');
    });

    it('"dropped by a quarter, to £33,600" is checked against the size of the change the records give, not only its direction', async () => {
      const dairy = [item('E1', '[tool=run_sql row=dairy] category=dairy waste_gbp_q2=38400 waste_gbp_q3=33600', 'tool_row')];
      // 38,400 → 33,600 is a fall of 12.5%, not a quarter.
      const quarter = await one('Dairy waste dropped by a quarter, to £33,600.', dairy);
      assert.equal(quarter.partition, 'contradicted');
      assert.match(quarter.reason, /12\.5%/);
      assert.notEqual((await one('Dairy waste dropped by about 12%, to £33,600.', dairy)).partition, 'contradicted');
      const early = [
        item('E1', '[tool=run_sql row=1] query=network_summary quarter=2026Q2 early_pct=1.9', 'tool_row'),
        item('E2', '[tool=run_sql row=2] query=network_summary quarter=2026Q3 early_pct=1.6', 'tool_row'),
      ];
      // 1.9 → 1.6 is about a sixth (15.8%), not a third.
      assert.equal((await one('Early running fell by about a third, to 1.6% of departures.', early)).partition, 'contradicted');
      assert.notEqual((await one('Early running fell by about 16%, to 1.6% of departures.', early)).partition, 'contradicted');
    });

    it('a table row labelled in words ("| New connections | 4,210 calls … |") is about the record whose field holds them (queue=new_connections)', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=1] query=monthly_summary month=2026-10 calls_offered=41230 calls_answered=38904 calls_abandoned=2326 avg_wait_s=74 p90_wait_s=212 sl60_pct=78.4', 'tool_row'),
        item('E2', '[tool=run_sql row=3] query=queue_split month=2026-11 queue=billing calls_offered=21440 avg_wait_s=96 sl60_pct=71.8 abandon_pct=7.2', 'tool_row'),
        item('E3', '[tool=run_sql row=5] query=queue_split month=2026-11 queue=new_connections calls_offered=4210 avg_wait_s=61 sl60_pct=82.5 abandon_pct=4.1', 'tool_row'),
      ];
      // October's total (41,230 calls) is not the queue's figure.
      const billing = await one({ text: '21,440 calls, 71.8% answered within 60 seconds.', context: 'Billing' }, rows);
      assert.equal(billing.partition, 'grounded');
      assert.deepEqual(billing.evidence_refs, ['E2']);
      assert.equal((await one({ text: '4,210 calls, 82.5% answered within 60 seconds.', context: 'New connections' }, rows)).partition, 'grounded');
    });

    it('a table cell saying a step completed is contradicted by its row\'s record that the step was rolled back or skipped', async () => {
      const steps = parseEvidenceSources([
        { file: 'change.json', text: '{\n  "steps": [\n    { "name": "weight_50", "status": "done" },\n    { "name": "weight_100", "status": "rolled_back" },\n    { "name": "deregister_legacy", "status": "skipped" }\n  ]\n}\n' },
      ]).items;
      // (The model may withhold it as ungrounded: edge-nlb-use1 is in no record.)
      const rolledBack = await proposed({ text: 'Completed, with all traffic moved to edge-nlb-use1.', context: 'weight_100' }, steps);
      assert.equal(rolledBack.partition, 'contradicted');
      assert.match(rolledBack.reason, /rolled_back/);
      assert.equal((await one({ text: 'Completed successfully.', context: 'deregister_legacy' }, steps)).partition, 'contradicted');
      assert.notEqual((await one({ text: 'Completed, with half the traffic on edge-nlb-use1.', context: 'weight_50' }, steps)).partition, 'contradicted');
      assert.deepEqual(readWording('The change was rolled back at 14:36.').states.map((state) => [state.group, state.polarity]), [['outcome', -1]]);
      // An action of reverting is no failed outcome: the revert itself may succeed.
      assert.deepEqual(readWording('WARN rollout ci-run-07 reverted image=runner-base:2026.08 health=ok').states.filter((state) => state.polarity === -1), []);
      assert.deepEqual(readWording('the agent rolled back the canary at 14:36').states.filter((state) => state.polarity === -1), []);
      // Completed with exceptions, or partially, is short of complete.
      assert.deepEqual(readWording('status = completed_with_exceptions').states.map((state) => [state.group, state.polarity]), [['outcome', -1]]);
      const record = parseEvidenceSources([{ file: 'change.json', text: '{\n  "change_id": "CHG-9001",\n  "status": "completed_with_exceptions"\n}\n' }]).items;
      assert.equal((await proposed('CHG-9001 closed as fully completed.', record)).partition, 'contradicted');
    });

    it('"…, as the plan requires" is not shown by the plan\'s own fields; a record of it being done shows it', async () => {
      const plan = parseEvidenceSources([
        { file: 'change.json', text: '{\n  "steps": [\n    "Take a snapshot of all indices to s3-logs-snap before the first reboot",\n    "Reboot es-data-01 and wait for green"\n  ]\n}\n' },
        { file: 'patch_run.log', text: '2026-05-19T01:02:00Z INFO es-data-01 reboot started\n' },
      ]).items;
      const claim = 'A snapshot of all indices to s3-logs-snap was taken before es-data-01 went down, as the plan requires.';
      const verdict = await one(claim, plan);
      assert.equal(verdict.partition, 'ungrounded');
      assert.match(verdict.reason, /prescribes it; no record shows it was done/);
      const done = [...plan, item('E9', '2026-05-19T00:55:10Z INFO snapshot of all indices to s3-logs-snap completed before es-data-01 reboot', 'log_line', { file: 'patch_run.log' })];
      assert.equal((await one(claim, done)).partition, 'grounded');
    });

    it('a runbook that prescribes an action does not show it was done when records are given', async () => {
      const evidence = [
        item('E1', 'Before replacing a GPU node, collect an nvidia-bug-report archive and attach it to the hardware ticket.', 'paragraph', { file: 'runbook.md' }),
        item('E2', 'tool_call kubectl result=node gpu-a-03 cordoned', 'tool_call', { file: 'trace.jsonl' }),
      ];
      const verdict = await one('An nvidia-bug-report archive was collected and attached to the hardware ticket.', evidence);
      assert.equal(verdict.partition, 'ungrounded');
      assert.match(verdict.reason, /prescribes/);
      // Without records, the document is all there is: the same claim restates it.
      assert.equal((await one('An nvidia-bug-report archive is collected and attached to the hardware ticket.', [evidence[0]!])).partition, 'grounded');
    });

    it('a step the runbook gives mid-sentence or as a numbered item, claimed done in the past tense, is not shown by the runbook', async () => {
      const record = item('E9', '2026-06-11T14:24:12Z INFO scheduler settlement-export paused at batch 14/40', 'log_line', { file: 'worker.log' });
      const dlq = item('E1', 'Replay dead-lettered events only after review, and open a FINOPS ticket for any paused settlement run.', 'paragraph', { file: 'runbook.md' });
      assert.equal((await one('A FINOPS ticket has been opened for the paused settlement run.', [dlq, record])).partition, 'ungrounded');
      const post = item('E2', '3. Post in #storage-incidents whenever you change a cluster setting.', 'paragraph', { file: 'runbook.md' });
      const posted = await one('The agent posted in #storage-incidents when it changed the cluster setting.', [post, record]);
      assert.equal(posted.partition, 'ungrounded');
      assert.match(posted.reason, /prescribes/);
      // What the runbook asks is grounded by the runbook.
      assert.equal((await one('The runbook asks for a post in #storage-incidents whenever a cluster setting changes.', [post, record])).partition, 'grounded');
      // "were told" is a done action too.
      const notice = item('E3', 'Consumers must be told about the window in #data-platform a day ahead.', 'paragraph', { file: 'plan.md' });
      assert.equal((await one('Consumers were told about the window in #data-platform a day ahead.', [notice, record])).partition, 'ungrounded');
    });

    it('denials and counts a record bears out or falsifies: a field left <unset>, an event the record shows failing, a prescribed step a record shows done, "twice" against restarts=0', async () => {
      const job = [item('E1', 'tool_call kubectl_get result=active=1 activeDeadlineSeconds=<unset> node=batch-pool-3 restarts=0', 'tool_call', { file: 'trace.jsonl' })];
      assert.equal((await one('The job has no activeDeadlineSeconds set.', job)).partition, 'grounded');
      const indexer = [item('E1', '2026-08-19T06:01:47Z ERROR search-indexer indexer-1 failed to parse document sku=BF-TNT-2291: value "NaN" is not a number')];
      // "failed to parse" is the parse not happening.
      assert.notEqual((await one('The search indexer could not parse the price of BF-TNT-2291.', indexer)).partition, 'contradicted');
      const parsed = [item('E1', '2026-08-19T06:01:47Z INFO search-indexer indexer-1 parsed document sku=BF-TNT-2291 in 3 ms')];
      assert.equal((await one('The search indexer could not parse the price of BF-TNT-2291.', parsed)).partition, 'contradicted');

      const runbook = item('E1', 'Post a summary in #finance-ops after the report is published.', 'paragraph', { file: 'runbook.md' });
      const post = item('E2', 'tool_call post_status args={"channel":"#finance-ops"} result=ok', 'tool_call', { file: 'trace.jsonl' });
      const other = item('E3', '2026-03-03T08:58:00Z INFO close-report published', 'log_line', { file: 'batch.log' });
      assert.notEqual((await one('The agent posted a summary in #finance-ops after the report was published.', [runbook, post, other])).partition, 'ungrounded');
      assert.equal((await one('The agent posted a summary in #finance-ops after the report was published.', [runbook, other])).partition, 'ungrounded');

      // "twice" counts restarts; the record counts none.
      const pod = [item('E1', 'tool_call kubectl_get result=active=1 restarts=0 phase=Running', 'tool_call', { file: 'trace.jsonl' })];
      assert.equal((await one('Kubernetes restarted its pod twice while it waited.', pod)).partition, 'contradicted');
      // A count of listed things in words is not a measured value.
      assert.notEqual((await one('Kubernetes restarted two pods while it waited.', pod)).partition, 'contradicted');

      // Vans that drove 190,000 km did not cause anything.
      assert.equal(readWording('The 56 vans drove about 190,000 km in October.').causal, undefined);
      assert.equal(readWording('Mobile drove most of the gain.').causal, 'drove');
    });

    it('"the three hosts at 75 connections in total" is 3 × default_pool_size=25', async () => {
      const change = [item('E1', 'pgbouncer.default_pool_size = 25 host_count=3', 'json_field', { file: 'change.json' })];
      assert.equal((await one('The pool size puts the three hosts at 75 connections in total.', change)).partition, 'grounded');
      assert.notEqual((await one('The pool size puts the three hosts at 90 connections in total.', change)).partition, 'grounded');
    });

    it('"4.6% of 209,115 subscribers" is a share of the stated whole; a change that comes to the figure by chance is not', async () => {
      const trace = [
        item('E1', 'tool_call run_sql result=2026-02: Standard=212540; 2026-03: Standard=209115; 2026-04: Standard=197020', 'tool_call', { file: 'trace.jsonl' }),
        item('E2', 'tool_call run_sql result=2026-02: Standard=5101; 2026-03: Standard=9619; 2026-04: Standard=13987', 'tool_call', { file: 'trace.jsonl' }),
      ];
      // 9619 / 209115 = 4.60%.
      assert.equal((await proposed('Churn was 4.6% of 209,115 subscribers.', trace)).partition, 'grounded');
      // 212540 / 197020 − 1 = 7.9% is a change between two months, not a share of 197,020 (13987 / 197020 = 7.1%).
      assert.notEqual((await one('Churn was 7.9% of 197,020 subscribers.', trace)).partition, 'grounded');
    });

    it('a percentage in a rule name (`…_above_0.3pct`) is that threshold', async () => {
      const alert = [item('E1', '[signal] alert_id=A-2290 rule=standard_daily_churn_above_0.3pct value=0.41%', 'signal')];
      assert.equal((await one('Alert A-2290 fired when daily churn reached 0.41%, above its 0.3% threshold.', alert)).partition, 'grounded');
      assert.notEqual((await one('Alert A-2290 fired when daily churn reached 0.41%, above its 0.25% threshold.', alert)).partition, 'grounded');
    });

    it('a count of hundreds is not a percentage and an amount is not a rate: "603 clients" vs "95% of clients", "13,937 litres" vs kg per litre', async () => {
      const plan = [item('E1', 'verification: at least 95% of clients reconnect within 30 minutes')];
      assert.notEqual((await one('At 21:10 the controller counted 603 clients.', plan)).partition, 'contradicted');
      const factors = [item('E1', 'emission_factors.diesel_kg_co2_per_litre = 2.64', 'json_field')];
      assert.notEqual((await one('The vans burned 13,937 litres of diesel.', factors)).partition, 'contradicted');
      // A rate against a rate is still compared.
      assert.equal((await one('The diesel emission factor is 3.1 kg per litre.', factors)).partition, 'contradicted');
    });

    it('a count of thousands does not contradict a percentage', async () => {
      const row = [item('E1', 'tool_call run_sql result=price=9870 no_answer=7836 content=3120', 'tool_call', { file: 'trace.jsonl' })];
      assert.notEqual((await one('Roughly 63% of those who answered the survey named price.', row)).partition, 'contradicted');
    });

    it('a threshold the claim attributes to the runbook is decided by the runbook\'s threshold, not by a record satisfying it', async () => {
      const evidence = [
        item('E1', 'Replay the dead-letter queue once the depth of transcode-jobs is below 500.', 'paragraph', { file: 'runbook.md' }),
        item('E2', 'Alert TQ fires when transcode-jobs holds more than 2,000 messages for 5 minutes.', 'paragraph', { file: 'runbook.md' }),
        item('E3', 'tool_call queue_stats args={"queue":"transcode-jobs"} result=depth=312', 'tool_call', { file: 'trace.jsonl' }),
      ];
      const verdict = await one('The runbook says to replay once transcode-jobs is below 1,000 messages.', evidence);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.deepEqual(verdict.evidence_refs, ['E1']);
      assert.notEqual((await one('The runbook says to replay once transcode-jobs is below 500 messages.', evidence)).partition, 'contradicted');
    });

    it('"Migrated: 4,450 messages moved" is keyed by the words after the number; a table cell is about its row', async () => {
      assert.deepEqual(extractFeatures('Migrated: 4,450 messages moved').quantities[0]!.key, ['migrat', 'messag', 'move']);
      assert.deepEqual(extractFeatures('count: 5 errors').quantities[0]!.key, ['count', 'error']);
      const queues = [
        item('E1', 'queues[3].messages_moved = 4405 name=orders.shipped status=migrated cutover_s=22', 'json_field', { file: 'change.json' }),
        item('E2', 'queues[4].messages_moved = 736 name=orders.cancelled status=migrated cutover_s=14', 'json_field', { file: 'change.json' }),
      ];
      const cell = { text: 'Migrated: 4,450 messages moved, cut-over in 22 seconds.', context: 'orders.shipped' };
      const verdict = await one(cell, queues);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.equal((await one({ ...cell, text: 'Migrated: 4,405 messages moved, cut-over in 22 seconds.' }, queues)).partition, 'grounded');
    });

    it('"about 60% of the 19,875 messages were delivered" is delivered / sent of one record', async () => {
      const stats = [item('E1', 'tool_call sms_provider_stats result=DE: sent=19875 delivered=11890 http_429=7412', 'tool_call', { file: 'trace.jsonl' })];
      // 11890 / 19875 = 59.8%.
      assert.equal((await one('Only about 60% of the 19,875 messages were delivered.', stats)).partition, 'grounded');
      assert.notEqual((await one('Only about 80% of the 19,875 messages were delivered.', stats)).partition, 'grounded');
    });

    it('ratio wording ("nearly double the 1,512") is checked against the claim\'s own two figures', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=1] month=2026-03 failed_payment_cancellations=1512', 'tool_row'),
        item('E2', '[tool=run_sql row=2] month=2026-04 failed_payment_cancellations=2930', 'tool_row'),
      ];
      // 2930 / 1512 = 1.94: "nearly double"; not "nearly triple".
      assert.equal((await one('Failed payment cancellations reached 2,930 in April, nearly double the 1,512 in March.', rows)).partition, 'grounded');
      assert.notEqual((await one('Failed payment cancellations reached 2,930 in April, nearly triple the 1,512 in March.', rows)).partition, 'grounded');
      // 1512 / 2930 = 0.52: "more than half", not "less than half".
      assert.equal((await one('The 1,512 failed payment cancellations of March were more than half the 2,930 of April.', rows)).partition, 'grounded');
      assert.equal((await one('The 1,512 failed payment cancellations of March were less than half the 2,930 of April.', rows)).partition, 'contradicted');
      // 1,512 → 2,930 is +93.8%: "by about 94%" holds, "by about 70%" does not.
      assert.equal((await one('Failed payment cancellations went up by about 94%, from 1,512 in March to 2,930 in April.', rows)).partition, 'grounded');
      const seventy = await one('Failed payment cancellations went up by about 70%, from 1,512 in March to 2,930 in April.', rows);
      assert.equal(seventy.partition, 'contradicted');
      assert.match(seventy.reason, /93\.8%/);
      // The same change worded as a noun: "an increase of roughly 94%" holds, "of roughly 70%" does not.
      assert.notEqual((await one('Failed payment cancellations rose from 1,512 in March to 2,930 in April, an increase of roughly 94%.', rows)).partition, 'contradicted');
      assert.equal((await one('Failed payment cancellations rose from 1,512 in March to 2,930 in April, an increase of roughly 70%.', rows)).partition, 'contradicted');
    });

    it('a ratio word joined by a hyphen makes a compound ("half-hour", "double-digit"), not a ratio of the claim\'s figures', async () => {
      const rows = [
        item('E1', '2024-03-14T02:30:00Z cems line=2 window=02:00-02:30 dust_mg_nm3=34.2 limit=30'),
        item('E2', '2024-03-14T03:00:00Z cems line=2 window=02:30-03:00 dust_mg_nm3=41.6 limit=30'),
      ];
      // 30 / 41.6 = 0.72 is no half, but no half is claimed: "half-hour" names the averaging window.
      const window = await one('Two half-hour averages were above the 30 mg/Nm3 limit, peaking at 41.6 mg/Nm3.', rows);
      assert.notEqual(window.partition, 'contradicted');
      assert.doesNotMatch(window.reason, /half/);
      // (Without the hyphen the word is a ratio still: the test above, 'less than half the 2,930'.)
    });

    it('a record of a sibling entity (acl=acl-shop-eu) neither states nor sums to a figure of the one the claim names (acl-shop-us)', async () => {
      const rows = [
        item('E1', '[tool=waf_stats row=09:15:00] acl=acl-shop-eu window=15m requests=412300 blocked=3880 blocked_R1042=96 blocked_R1047=3412 blocked_R1051=372', 'tool_row'),
        item('E2', '[tool=waf_stats row=10:45:00] acl=acl-shop-us window=15m requests=538900 blocked=5214 blocked_R1042=88 blocked_R1047=4690 blocked_R1051=436', 'tool_row'),
      ];
      assert.notEqual((await one('In its first 15-minute window, acl-shop-us blocked 3,880 requests.', rows)).partition, 'grounded');
      assert.equal((await one('In its first 15-minute window, acl-shop-us blocked 5,214 requests.', rows)).partition, 'grounded');
    });

    it('a figure another record gives under a closer name is not contradicted by a record of the other entity the claim names', async () => {
      const rows = [
        item('E1', '[tool=wms_snapshot row=DC1] site=DC1 name=Daventry on_hand_units=1284300', 'tool_row'),
        item('E2', '[tool=wms_snapshot row=DC2] site=DC2 name=Widnes on_hand_units=655000', 'tool_row'),
        item('E3', '[tool=outbound row=2026-09] site=DC1 units_shipped=842000 | site=DC2 units_shipped=389500', 'tool_row'),
      ];
      // 389,500 is DC2's units_shipped (Widnes); Daventry's on_hand_units measures something else.
      const verdict = await one("Widnes shipped 389,500 units in September, less than half of Daventry's 842,000.", rows);
      assert.equal(verdict.partition, 'grounded');
      assert.ok(verdict.evidence_refs.includes('E3'));
    });

    it('reads "a quarter of a minute", "six and a half minutes", "half an hour", "09:00 CEST" and "€41.50/MWh"', () => {
      assert.deepEqual(extractFeatures('a quarter of a minute after the drop').quantities.map((q) => [q.value, q.dimension]), [[15, 'duration']]);
      assert.deepEqual(extractFeatures('roughly six and a half minutes after').quantities.map((q) => [q.value, q.qualifier]), [[390, 'approx']]);
      assert.deepEqual(extractFeatures('half an hour later').quantities.map((q) => q.value), [1800]);
      // CEST is UTC+2: the records' 07:00.
      assert.deepEqual(extractFeatures('Started 9 June at 09:00 CEST').times.map((t) => [t.seconds, t.utc]), [[9 * 3600, 7 * 3600]]);
      assert.deepEqual(extractFeatures('2026-06-09T09:00:00+02:00').times.map((t) => t.utc), [7 * 3600]);
      assert.ok(!extractFeatures('Started at 09:00 CEST').words.includes('cest'));
      const price = extractFeatures('At the €41.50/MWh PPA price');
      assert.deepEqual(price.quantities.map((q) => q.value), [41.5]);
      assert.ok(!price.identifiers.includes('41.50/mwh'), 'a number per unit is not an identifier');
    });

    it('"09:00 CEST" matches a record\'s 07:00Z and its 09:00+02:00, not 09:00Z; a weekday restates its date', async () => {
      const started = (stamp: string): EvidenceItem[] => [item('E1', `started_at = ${stamp} change_id=CHG-4860`, 'json_field', { file: 'change.json' })];
      assert.equal((await one('CHG-4860 started at 09:00 CEST.', started('2026-06-09T07:00:00Z'))).partition, 'grounded');
      assert.equal((await one('CHG-4860 started at 09:00 CEST.', started('2026-06-09T09:00:00+02:00'))).partition, 'grounded');
      assert.notEqual((await one('CHG-4860 started at 09:00 CEST.', started('2026-06-09T09:30:00Z'))).partition, 'grounded');
      const alert = [item('E1', '[signal] alert_id=POS-4471 fired_at=2026-09-05T07:12:04Z value=38%', 'signal')];
      // 5 September 2026 is a Saturday.
      assert.equal((await one('Alert POS-4471 fired at 07:12 on Saturday 5 September 2026.', alert)).partition, 'grounded');
      assert.notEqual((await one('Alert POS-4471 fired at 07:12 on Sunday 5 September 2026.', alert)).partition, 'grounded');
    });

    it('a figure computed from the claim\'s own figures ("8,975 MWh, 3.9% below its budget of 9,340 MWh") needs no record of its own', async () => {
      const plant = [
        item('E1', 'tool_call meter_export result=site=hollins month=2026-08 export_mwh=8975', 'tool_call', { file: 'trace.jsonl' }),
        item('E2', 'budget.p50_mwh = 9340 site=hollins month=2026-08', 'json_field', { file: 'plant.json' }),
      ];
      // 8975 / 9340 − 1 = −3.9%.
      assert.equal((await one('Hollins exported 8,975 MWh in August, 3.9% below its P50 budget of 9,340 MWh.', plant)).partition, 'grounded');
      assert.notEqual((await one('Hollins exported 8,975 MWh in August, 6.2% below its P50 budget of 9,340 MWh.', plant)).partition, 'grounded');
      // "an hour" after an amount is "per hour", not a duration of one hour.
      assert.ok(!extractFeatures('about EUR 28 an hour').quantities.some((q) => q.dimension === 'duration'));
    });

    it('"2.32.0 is still running" is contradicted by a running_version field holding another version', async () => {
      const deploy = [item('E1', 'running_version = 2.31.4', 'json_field', { file: 'deploy.json', fields: { to_version: '2.32.0', running_version: '2.31.4', final_state: 'rolled_back' } })];
      const verdict = await one('Version 2.32.0 is still running.', deploy);
      assert.equal(verdict.partition, 'contradicted');
      assert.match(verdict.reason, /running_version=2\.31\.4/);
      assert.notEqual((await one('Version 2.31.4 is still running.', deploy)).partition, 'contradicted');
    });

    it('a tagged line\'s row number is not a figure ("roughly 7%" is not met by row=7)', async () => {
      assert.deepEqual(extractFeatures('[tool=run_sql row=7] clinic=Millbrook no_shows=472').quantities.map((q) => q.value), [472]);
    });

    it('"the 718 that failed were roughly 7% of everything sent" is contradicted by failed=718 of reminders_sent=18730 (3.8%)', async () => {
      const row = [item('E1', '[tool=run_sql row=9] channel=sms reminders_sent=18730 delivered=18012 failed=718', 'tool_row')];
      const verdict = await one('The 718 that failed were roughly 7% of everything sent.', row);
      assert.equal(verdict.partition, 'contradicted');
      assert.match(verdict.reason, /3\.8%/);
      assert.equal((await one('The 718 that failed were roughly 4% of everything sent.', row)).partition, 'grounded');
    });

    it('a table cell without an entity of its own is about its row\'s name ("Millbrook"), not any row with the figure', async () => {
      const rows = [
        item('E1', '[tool=run_sql row=3] quarter=2026Q1 clinic=Millbrook appointments=4380 no_shows=486', 'tool_row'),
        item('E2', '[tool=run_sql row=7] quarter=2026Q2 clinic=Millbrook appointments=4455 no_shows=472', 'tool_row'),
        item('E3', '[tool=run_sql row=8] quarter=2026Q2 clinic=Northfield appointments=5330 no_shows=597 avg_lead_days=10.2', 'tool_row'),
      ];
      const cell = { text: 'Down from 11.1% to 10.2%.', context: 'Millbrook Q1 → Q2' };
      // Millbrook went from 486/4380 = 11.1% to 472/4455 = 10.6%; the 10.2 is Northfield's lead time.
      assert.notEqual((await one(cell, rows)).partition, 'grounded');
      assert.equal((await one({ ...cell, text: 'Down from 11.1% to 10.6%.' }, rows)).partition, 'grounded');
    });

    it('"capped at", "the ceiling is" and "maximum" name one limit; times in a document are not moments a duration spans', async () => {
      const docs = [
        item('E1', '| Maximum run duration | 15 minutes | 6 hours | Limits · Limit · Free plan · Team plan', 'paragraph', { file: 'limits.md', terse: true }),
        item('E2', 'A job scheduled for 02:30 does not run on the day the clocks jump from 02:00 to 03:00.', 'paragraph', { file: 'scheduling.md' }),
      ];
      // 02:00 → 02:30 in the second document is an example, not 30 minutes of anything.
      const verdict = await one('Free-plan runs are capped at 30 minutes.', docs);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.equal((await one('Free-plan runs are capped at 15 minutes.', docs)).partition, 'grounded');
    });

    it('"Ring 2" is the ring a record writes ring2-broad', async () => {
      const pause = [item('E1', 'tool_call pause_ring result=ring2-broad paused at 11:06', 'tool_call', { file: 'trace.jsonl' })];
      assert.equal((await one('Ring 2 was paused at 11:06.', pause)).partition, 'grounded');
      assert.notEqual((await one('Ring 3 was paused at 11:06.', pause)).partition, 'grounded');
    });

    it('an elliptical denial ("…, but Jon Jost is not.") denies the question\'s predicate for its subject', async () => {
      const knowledge = [item('E1', 'Jon Jost (born 16 May 1943 in Chicago) is an American independent filmmaker.', 'paragraph', { file: 'knowledge.txt' })];
      const question = 'Are Pam Veasey and Jon Jost both American?';
      const verdict = await one('Jon Jost is not.', knowledge, question);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      // Without a question, nothing says what is denied.
      assert.equal((await one('Jon Jost is not.', knowledge)).partition, 'ungrounded');
    });

    it('an author is a writer, and so are novelists and poets', async () => {
      const knowledge = [item('E1', 'Cid Corman (1924–2004) was an American poet, translator and editor.', 'paragraph', { file: 'knowledge.txt' })];
      assert.equal((await one('Cid Corman was an author.', knowledge)).partition, 'grounded');
      assert.notEqual((await one('Cid Corman was a painter.', knowledge)).partition, 'grounded');
    });

    it('"requested by t.lindqvist" is contradicted by a record whose requested_by names someone else', async () => {
      const change = [item('E1', 'change_id = CHG-5120 requested_by=m.oyelaran approved_by=t.lindqvist', 'json_field', { file: 'change.json' })];
      const swapped = await one('CHG-5120 was requested by t.lindqvist and approved by m.oyelaran.', change);
      assert.equal(swapped.partition, 'contradicted');
      assert.match(swapped.reason, /requested_by=m\.oyelaran/);
      assert.equal((await one('CHG-5120 was requested by m.oyelaran and approved by t.lindqvist.', change)).partition, 'grounded');
      // A call's arguments are fields too.
      const pause = [item('E1', 'tool_call pause_ring args={"ring":"ring2","requested_by":"t.mbeki"} result=ring2 paused', 'tool_call', { file: 'trace.jsonl', fields: { 'args.ring': 'ring2', 'args.requested_by': 't.mbeki' } })];
      assert.equal((await one('The pause was requested by j.haraldsen.', pause)).partition, 'contradicted');
    });

    it('"for both DKIM and SPF" is not a figure held across rows; a claim over two dates is not contradicted by a third', async () => {
      const records = [
        item('E1', 'tool_call dns_set args={"name":"_dmarc.example.com"} result=v=DMARC1; p=quarantine; pct=25; adkim=r; aspf=r', 'tool_call', { file: 'trace.jsonl' }),
        item('E2', 'tool_call dns_get result=v=DMARC1; p=quarantine; pct=100', 'tool_call', { file: 'trace.jsonl' }),
      ];
      assert.notEqual((await one('The record was set to p=quarantine at pct=25, with relaxed alignment for both DKIM and SPF.', records)).partition, 'contradicted');
      const tickets = [
        item('E1', 'tool_call count_tickets result=category=network date=2026-06-08 count=14', 'tool_call', { file: 'trace.jsonl' }),
        item('E2', 'tool_call count_tickets result=category=network date=2026-06-10 count=88', 'tool_call', { file: 'trace.jsonl' }),
        item('E3', 'tool_call count_tickets result=category=network date=2026-06-15 count=9', 'tool_call', { file: 'trace.jsonl' }),
      ];
      assert.notEqual((await one('Network tickets went from 14 on 8 June to 88 on 10 June.', tickets)).partition, 'contradicted');
    });

    it('an identifier the evidence lacks is not contradicted by a plain number in a field named by the claim\'s word', async () => {
      const licence = [item('E1', 'tool_call licence_status result=node=vpn-ams-02 licensed_tunnels=1000', 'tool_call', { file: 'trace.jsonl' })];
      assert.notEqual((await one('A licence request for vpn-ams-02 was filed under case VND-5531.', licence)).partition, 'contradicted');
    });

    it('"if no region is given" is a condition, not an absence claim; "with no failures" after a clause is one', () => {
      assert.deepEqual(readWording('If no region is given, the SDK uses eu-west-1.').absent, []);
      assert.deepEqual(readWording('All 38 Macs updated, with no failures.').absent, ['failur']);
    });

    it('a document sentence with the opposite word about the same thing contradicts ("after refunds" vs "before refunds")', async () => {
      const docs = [
        item('E1', 'AOV (average order value) is gross revenue divided by orders, in EUR, before refunds.', 'paragraph', { file: 'metric-definitions.md' }),
        item('E2', 'Before the failover, check that the standby has enough licences.', 'paragraph', { file: 'runbook.md' }),
      ];
      const verdict = await one('AOV is gross revenue divided by orders, measured after refunds.', docs);
      assert.equal(verdict.partition, 'contradicted');
      assert.match(verdict.reason, /"after".*"before"/);
      // Another "before" in a passage is not the opposite of "after the failover".
      assert.notEqual((await one('After the failover the standby had enough licences.', docs)).partition, 'contradicted');
      const secrets = [item('E1', 'Each endpoint has its own signing secret, shown once when the endpoint is created.', 'paragraph', { file: 'signatures.md' })];
      assert.equal((await one('Signing secrets are shared by all endpoints.', secrets)).partition, 'contradicted');
      const access = [item('E1', 'Buckets are private by default; objects are served only through signed URLs.', 'paragraph', { file: 'storage.md' })];
      // The rules cite the opposite word; the decision model may only soften that to ungrounded
      // (an allowed override, taken on this one-line report at a near tie), never clear it.
      const bucket = await one('Buckets are public by default.', access);
      assert.notEqual(bucket.partition, 'grounded', bucket.reason);
      assert.match(bucket.reason, /claim says "public", E1 says "private"/);
    });

    it('"deprecated but still works" is contradicted by a changelog saying it was removed', async () => {
      const changelog = [item('E1', '- The `--fast` flag was removed; use `--jobs auto` instead.', 'paragraph', { file: 'CHANGELOG.md', terse: true })];
      assert.equal((await proposed('The --fast flag is deprecated but still works in 3.0.', changelog)).partition, 'contradicted');
      assert.equal((await one('The --fast flag was removed.', changelog)).partition, 'grounded');
    });

    it('"any member can rotate a key" is contradicted by a document that lets only others do it', async () => {
      const docs = [item('E1', 'Only workspace owners and admins can create, rotate or revoke keys.', 'paragraph', { file: 'api-keys.md' })];
      const verdict = await one('Any workspace member can rotate a key.', docs);
      assert.equal(verdict.partition, 'contradicted');
      // Naming the allowed group is no restriction of it.
      assert.notEqual((await one('Any workspace admin can rotate a key.', docs)).partition, 'contradicted');
    });

    it('"No OSD was restarted" denies the restart (the OSD exists); a state word naming a measure ("success criterion") states nothing', async () => {
      assert.deepEqual(readWording('No OSD was restarted while the backfill ran.').absent, ['restart']);
      assert.deepEqual(readWording('No errors were logged.').absent, ['error']);
      assert.deepEqual(readWording('It misses the 95% success criterion.').states, []);
      const trace = [
        item('E1', 'tool_call ceph_osd_tree result=osd.57 down out; 71 OSDs up', 'tool_call', { file: 'trace.jsonl' }),
        item('E2', 'tool_call ceph_config_set args={"osd_max_backfills":2} result=ok', 'tool_call', { file: 'trace.jsonl' }),
      ];
      assert.notEqual((await one('No OSD was restarted while the backfill ran.', trace)).partition, 'contradicted');
      const restarted = [...trace, item('E3', 'tool_call systemctl_restart args={"unit":"ceph-osd@12"} result=OSD restarted', 'tool_call', { file: 'trace.jsonl' })];
      assert.equal((await one('No OSD was restarted while the backfill ran.', restarted)).partition, 'contradicted');
    });

    it('"It was approved by p.lindqvist" (no subject named) is checked against the approver field', async () => {
      const change = [item('E1', 'change_id = CHG-6071 owner=p.lindqvist approver=r.oyelaran', 'json_field', { file: 'change.json' })];
      assert.equal((await one('It was approved by p.lindqvist.', change)).partition, 'contradicted');
      assert.notEqual((await one('It was approved by r.oyelaran.', change)).partition, 'contradicted');
    });

    it('the denied thing of "no PgBouncer restart was needed" is the restart, of "no prepared-statement errors" the specific errors', () => {
      assert.deepEqual(readWording('so no PgBouncer restart was needed.').absent, ['restart']);
      assert.deepEqual(readWording('no further prepared-statement errors were logged.').absent, ['prepared-statement']);
    });
  });
});
