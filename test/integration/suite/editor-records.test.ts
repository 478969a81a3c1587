// The offline judge's record and document checks as a reviewer meets them in real VS Code: the
// fixture (test/fixtures/workspace/records) names an apply that wrote two keys, a guide a later
// release note reverses, and an expiry alert that fired weeks before. Expected partitions come from
// reading the fixture: the report names one written key and says no other was modified
// (pool.idle_timeout_s was too); it repeats the guide's "not accepted" that release 3.2 reverses;
// it denies a warning TLS-EXPIRY-21D gave; a restart is dated by its trace event's own ts; a CSV
// of gateways ranks gw-2, not gw-3, first by errors; a monthly CSV sums to the claimed quarter's
// total only over Q1's months; a quarterly CSV gives gw-2's later quarter another value than the
// claimed end of its rise; a CSV of gateways' uptime and requests gives gw-2's rate per hour as the
// ratio of two cells, and gw-1's lower one; a trace writes a tool's output as its own tool_result
// event after the call, read as that call's result. A second fixture (drains) gives two gateways'
// connection drains: the first to start one and the length of one. A third (yards) gives a table
// aligned by spaces, as command-line tools print one, whose yards are written by code only. A
// fourth (plans) gives a guide two release notes overrule, a rate a document defines with its
// target, a change request's rollback plan and a trace of a failed and a good call. A fifth
// (rollouts) gives rollbacks done automatically and by an operator, a change list's old and new
// value and who requested and approved the change, a dosing loop's pause beside its sibling's, and
// a queue's depth over time. A sixth (roles) gives an act done by another role than the claim's, a
// plan table's columns and a health check listing two hosts. A seventh (fleets) gives a deployment's
// regions and hoists, gateway pushes by model, a controller's rollback, a price change, firmware
// attempts and depots' on-time rates; an eighth (windows) a change's window and finish, a connection
// pool's readings and a form's status; a ninth (sums) weekly cube results with a count of results
// below spec, depots' monthly parcels, a rate a document defines from two columns and a tariff a
// release note changed; a tenth (lines) shifts' output with an empty notes cell, a waste share
// the documents define over a defined sum, and a dome controller's close commands with their speed;
// an eleventh (weeks) weekly intake, a latency baseline and an automatic rollback; a twelfth
// (depots) a report table whose rows give several figures each, a documents' plan table of "90
// days" cells and depots' salt to compare; a thirteenth (troughs) a moisture band one reading
// leaves and a guide whose retention a release note shortens; a fourteenth (groups) retailers'
// weekly dispatches and two rinks' bookings, read as groups of rows; a fifteenth (scopes) two shifts'
// fills, a station's monthly throughput and an oven guide that writes a range with a hyphen; a
// sixteenth (limits) batches past a limit, centres' retired harnesses, a page's acknowledgement,
// presses' weekly downtime, a platform's version and a site named only in the agent's reasoning. Each
// contradicted claim is marked and its hover cites the record that contradicts it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { fixtureUri, groundingApi } from '../support/extension';
import { checkFixture, type Expectation } from '../support/check-fixture';

const EXPECTED: Expectation[] = [
  { text: 'The agent raised the pool max connections to 64.', partition: 'grounded' },
  { text: 'No other configuration keys were modified.', partition: 'contradicted', cites: /trace\.jsonl:E1.*pool\.idle_timeout_s/ },
  { text: 'Spreadsheet files (.ods) are not accepted, so convert them to CSV first.', partition: 'contradicted', cites: /superseded: release-notes-3\.2\.md:E\d+/ },
  { text: 'No advance warning of the certificate expiry was raised.', partition: 'contradicted', cites: /alerts\.log:E1 records TLS-EXPIRY-21D/ },
  // The trace event's own time (ts 03:10) dates the restart; the CSV's rows rank the gateways (gw-2 has 3 errors, gw-3 1).
  { text: 'The tls-proxy on gw-2 was restarted at 03:10.', partition: 'grounded' },
  { text: 'Gateway gw-3 logged the most errors.', partition: 'contradicted', cites: /gw-2 3 \(pool-peaks\.csv:E3\)/ },
  // Q1 2026 holds January and February, not April: 4 + 6 (gw-1) + 3 + 5 (gw-2) = 18, from lines 2, 3, 5 and 6.
  {
    text: 'In Q1 2026 the two gateways logged 18 errors.',
    partition: 'grounded',
    refs: ['pool-monthly.csv:E2', 'pool-monthly.csv:E3', 'pool-monthly.csv:E5', 'pool-monthly.csv:E6'],
  },
  // gw-2 had 8 timeouts in 2025Q4 (line 4) and 11, not 13, in 2026Q1 (line 5).
  { text: 'On gw-2, timeouts rose from 8 to 13.', partition: 'contradicted', cites: /pool-quarters\.csv:E5 gives timeouts=11/ },
  // pool-shifts.csv: gw-2 served 1,450 requests in 50.0 hours of uptime (line 3), 29.0 an hour; gw-1 1,000 in 40.0 (line 2), 25.
  // (errors_h is no denominator: gw-1's is 0.)
  { text: 'gw-2 served 29.0 requests per hour.', partition: 'grounded', refs: ['pool-shifts.csv:E3'] },
  { text: 'Gateway gw-1 served more requests per hour than gw-2.', partition: 'contradicted', cites: /requests\/uptime_h; gw-1 25 \(pool-shifts\.csv:E2\) against gw-2 29 \(pool-shifts\.csv:E3\)/ },
  // trace.jsonl writes pool_stats's output as its own tool_result event (line 4) right after the call
  // (line 3): one item, E3, whose result gives active_conns=41 for gw-2.
  { text: 'After the restart, gw-2 held 41 active connections.', partition: 'grounded', refs: ['trace.jsonl:E3'] },
];

// test/fixtures/workspace/drains: drain.log has gw-1 start its drain at 03:20:00 (line 1) and gw-2 at
// 03:21:30 (line 2), so gw-1 was first; gw-1's drain runs to its "complete" at 03:41:00 (line 4),
// 21 minutes, not about 40.
const DRAINS: Expectation[] = [
  { text: 'gw-2 was the first gateway to start its connection drain.', partition: 'contradicted', cites: /gw-1 at 2026-05-02T03:20:00Z, before gw-2/ },
  { text: 'The gw-1 connection drain took about 40 minutes.', partition: 'contradicted', cites: /E1 \(2026-05-02T03:20:00Z\) to (?:drain\.log:)?E4 \(2026-05-02T03:41:00Z\) is 21 minutes/ },
];

// test/fixtures/workspace/yards: yard_weekly.txt is a table aligned by spaces, one row per yard and week.
// KFY received 4,210 + 4,300 + 4,190 = 12,700 cars (lines 3, 5, 7), and "Kessel Flats" is written
// nowhere but abbreviates KFY; HJY's on-time rate is (98 + 108 + 100) / (112 + 120 + 118) = 306 / 350
// = 87.4% (lines 2, 4, 6); in the week of 8 July HJY received 7,510 cars (line 4), not 7,150. The
// table's week_start column holds three weeks (1, 8 and 15 July): HJY's departures over them are
// 112 + 120 + 118 = 350 (lines 2, 4, 6), and both yards have a row in each; no fourth week is there.
const YARDS: Expectation[] = [
  { text: 'Kessel Flats received 12,700 cars.', partition: 'grounded' },
  { text: "HJY's on-time rate was 87.4%.", partition: 'grounded', refs: ['E2', 'E4', 'E6'] },
  { text: 'In the week of 8 July HJY received 7,150 cars.', partition: 'contradicted', cites: /claim says 7,150, (?:yard_weekly\.txt:)?E4 says 7510/ },
  { text: 'HJY sent 350 departures over the three weeks.', partition: 'grounded' },
  { text: 'HJY sent 350 departures over the four weeks.', partition: 'ungrounded' },
  { text: 'Both yards received cars in each of the three weeks.', partition: 'grounded' },
];

// test/fixtures/workspace/plans: release-notes.md grants SAML sign-on to Business (line 5) beyond
// the guide's Enterprise-only, and sends invoices to the billing contact "instead of the account
// owner" (line 6); route R8's July on-time rate is 29 / 31 = 93.5% (route_ontime.csv line 4), under
// the 95% target kpi-definitions.md sets for every route; the rollback plan goes to r-811, not
// r-812 (the new revision); the resume call failed (trace.jsonl line 1), the pause went through (line 2).
const PLANS: Expectation[] = [
  { text: 'SAML single sign-on is only offered on Enterprise.', partition: 'contradicted', cites: /superseded: (?:release-notes\.md:)?E5 makes it available on business/ },
  { text: 'Invoices are emailed to the account owner.', partition: 'contradicted', cites: /superseded: (?:release-notes\.md:)?E6 says "Invoices are now emailed to the billing contact instead of the account owner/ },
  { text: 'Every route met the 95% target in July.', partition: 'contradicted', cites: /the 95% goal was met, (?:route_ontime\.csv:)?E4 has on_time_rate=93\.5/ },
  { text: 'If a rollback is needed, run cfgctl rollback to revision r-812.', partition: 'contradicted', cites: /the rollback goes to r-812, (?:change_request\.json:)?E5 gives r-811/ },
  { text: 'I resumed the nightly-settle job.', partition: 'contradicted', cites: /(?:trace\.jsonl:)?E1 shows it failing \(exit_ok false/ },
  { text: 'I paused the nightly-settle job.', partition: 'grounded', refs: ['trace.jsonl:E2'] },
];

// test/fixtures/workspace/rollouts: api-4's rollback is an auto-rollback triggered by the health gate
// (rollout.log line 1), api-5's was initiated by operator=m.ferreira (line 2); deploy.json has
// requested_by anika.feld and approved_by marcus.whitlow, and default_override_window_min from 60 to 45
// (its config_changes entry); loop B's dosing paused at 01:06:22 (dosectl.log line 1) and resumed at
// 02:34:10 (line 4), 88 minutes (loop C's pause, lines 2-3, is another loop's); queue_depth is 18,420
// at 09:45 (metrics.log line 3), its highest, and 18,310 at 09:50 (line 4).
const ROLLOUTS: Expectation[] = [
  { text: 'M. Ferreira rolled api-4 back to 6.1.3 by hand.', partition: 'contradicted', cites: /the rollback was manual, (?:rollout\.log:)?E1 shows it automatic/ },
  { text: 'The deployer rolled api-5 back automatically.', partition: 'contradicted', cites: /the rollback was automatic, (?:rollout\.log:)?E2 shows it manual/ },
  { text: 'The change was requested by Marcus Whitlow and approved by Anika Feld.', partition: 'contradicted', cites: /names (?:marcus\.whitlow|anika\.feld)/ },
  { text: 'The default override window was left at 60 minutes.', partition: 'contradicted', cites: /changes default_override_window_min from 60 to 45/ },
  { text: 'The default override window was lowered from 60 to 45 minutes.', partition: 'grounded' },
  { text: 'Dosing on loop B was paused for about 58 minutes in total.', partition: 'contradicted', cites: /01:06:22Z\) to (?:dosectl\.log:)?E4 \(2024-10-09T02:34:10Z\) is 88 minutes/ },
  { text: 'The backlog peaked at 09:50.', partition: 'contradicted', cites: /queue_depth is 18310 then .* and 18420 at 2024-10-09T09:45Z/ },
];

// test/fixtures/workspace/roles: jobs.log has job 77 released at 09:14:05 by supervisor=a.khan
// (line 2), the dispatcher being p.lee (line 1); plans.md's payout row gives Basic 14 days, Pro 10
// days and Enterprise 5 days (line 6); health.jsonl's one check lists rb-kg-1 at p95 205 ms and
// rb-kg-2 at 231 ms, so rb-kg-2 is the slower.
const ROLES: Expectation[] = [
  { text: '09:14 — The dispatcher released job 77.', partition: 'contradicted', cites: /claim says the dispatcher, (?:jobs\.log:)?E2 says supervisor=a\.khan/ },
  { text: "On the Pro plan your payout arrives 5 days after the buyer's payment clears.", partition: 'contradicted', cites: /gives pro 10 days \(5 days is enterprise's\)/ },
  { text: 'rb-kg-1 was the slower of the two Kingsgate hosts.', partition: 'contradicted', cites: /p95_ms rb-kg-1 205, rb-kg-2 231/ },
  { text: "On the Pro plan your payout arrives 10 days after the buyer's payment clears.", partition: 'grounded', refs: ['plans.md:E6'] },
];

// test/fixtures/workspace/fleets (also tariffs, firmware and depots below): deploy.json's regions end on 5.3.0, 5.3.0 and 5.3.1 (us-east-1,
// line 7) and pair hoist TH-75 with controller hc-pp-75 (line 11); rollout.log has a push timeout
// for model HX-10 (line 2) beside SV-5's; hoist.log has hc-pp-75's rollback "started manually by
// g.mensah" (line 2).
const FLEETS: Expectation[] = [
  { text: 'eu-west-2 now runs 5.3.0.', partition: 'grounded', refs: ['deploy.json:E5'] },
  { text: 'All three regions now run 5.3.0.', partition: 'contradicted', cites: /final_version=5\.3\.1/ },
  { text: 'No gateway model other than SV-5 had any push failures during the rollout.', partition: 'contradicted', cites: /rollout\.log:E2 shows model=HX-10/ },
  { text: 'The controller rolled TH-75 back to 2.7.4 automatically.', partition: 'contradicted', cites: /hoist\.log:E2 shows it manual/ },
  // tariffs.log changes the day pass from 12.00 to 13.50 on 1 June (line 2); firmware.log flashes
  // WQM-02/L4 on attempt=2 (line 3); depots.csv ranks East (93.1) above North (91.5) and West (86.4) last.
  { text: 'The day pass price was left unchanged on 1 June.', partition: 'contradicted', cites: /tariffs\.log:E2 changes eur from 12\.00 to 13\.50/ },
  { text: 'Every controller flashed successfully on the first attempt.', partition: 'contradicted', cites: /firmware\.log:E3 gives attempt=2/ },
  { text: 'North had the best on-time rate of the four depots.', partition: 'contradicted', cites: /East 93\.1 \(depots\.csv:E4\) is the top/ },
  { text: 'West had the weakest on-time rate of the four depots.', partition: 'grounded', refs: ['depots.csv:E5'] },
];

// test/fixtures/workspace/windows: change.json's window ends at 10:00 (line 6) and the change
// finished at 10:14 (line 10); app.log has bk-app-1's pool at 49 of 50 at 08:07 (line 3);
// trace.jsonl's forms.status result gives PWQ-1 submitted=false (line 2, one item with its call);
// change.json's approved_by is g.lyle (line 4).
const WINDOWS: Expectation[] = [
  { text: 'The work ran inside the approved 06:00–10:00 window.', partition: 'contradicted', cites: /14 min past the window/ },
  { text: 'The pool on bk-app-1 never went above 41 of 50 connections.', partition: 'contradicted', cites: /app\.log:E3 says 49/ },
  { text: 'Form PWQ-1 has already been submitted to the council.', partition: 'contradicted', cites: /submitted=false/ },
  { text: 'The change was approved by g.lyle.', partition: 'grounded', refs: ['change.json:E2'] },
];

// test/fixtures/workspace/sums: cube_results.csv counts 2 Northgate results below spec in W11
// (line 3); the four March rows of parcels_march.csv sum to 15,880 delivered and 300 + 304 + 350 +
// 250 = 1,204 late; notes.md defines the remake rate as remakes ÷ units shipped, and remakes.csv
// gives July (60 + 24) / (2,000 + 1,000) = 2.8% and August (80 + 28) / (2,500 + 1,500) = 2.7%
// (lines 2–5); release-notes.md meters shore power at £0.51 per kWh, previously £0.44 (line 3).
const SUMS: Expectation[] = [
  { text: "Northgate's C40 results were all above spec in every week.", partition: 'contradicted', cites: /cube_results\.csv:E3 counts results_below_spec=2/ },
  { text: 'Across the four depots, 1,204 of the 15,880 parcels delivered in March were late.', partition: 'grounded' },
  { text: 'The remake rate was 2.8% in July and 2.7% in August.', partition: 'grounded', refs: ['notes.md:E3', 'remakes.csv:E2', 'remakes.csv:E3', 'remakes.csv:E4', 'remakes.csv:E5'] },
  { text: 'Shore power at the pedestals costs £0.44 per kWh.', partition: 'contradicted', cites: /superseded: release-notes\.md:E3 changes it from 0\.44 to 0\.51/ },
];

// test/fixtures/workspace/lines: lines.csv's eight rows (two of them with notes, six with an empty
// notes cell: one table all the same) give downtime 10 + 20 + 15 + 25 + 5 + 30 + 10 + 5 = 120
// minutes; kpis.md defines total output as good + rework + waste and the waste share over it: L1
// 200 / 8,000 = 2.5%, L2 160 / 2,000 = 8.0%, the highest. dome.log's 03:52 close is speed=normal
// (line 3), the 05:06 one speed=low (line 4). The report's table row "| L2 | 8.0% |" is read under its
// header (Waste share); 4,000 kg of waste is fifty times any row's waste_kg (40–80): no misreading
// of one, so not in evidence rather than contradicted.
const LINES: Expectation[] = [
  { text: 'Total downtime across the two lines was 120 minutes, a little over two hours.', partition: 'grounded' },
  { text: 'L1 had the highest waste share, at 2.5%.', partition: 'contradicted', cites: /waste_share; L2 8% \(lines\.csv:E\d+\) is the top/ },
  { text: 'L2 had the highest waste share, at 8.0%.', partition: 'grounded' },
  { text: '03:52 — The close was retried from the console in low-speed mode.', partition: 'contradicted', cites: /dome\.log:E3 at 03:52 says speed=normal/ },
  { text: '05:06 — The dome was closed from the local panel in low-speed mode.', partition: 'grounded', refs: ['dome.log:E4'] },
  { text: 'L2 | 8.0%', partition: 'grounded' },
  { text: 'L1 booked 4,000 kg of waste on the wrapper.', partition: 'ungrounded' },
];

// test/fixtures/workspace/weeks: intake.csv's rows of weeks 36 to 39 (lines 2–9) give Ashcombe and
// Brackenridge 3,000 + 3,200 + 3,400 + 3,600 = 13,200 eggs; "36" and "39" label weeks, and Carrow's
// 366,036 in W40 (line 10) is no figure they misread. metrics.log gives the p99 ack latency 2.3 ms
// at baseline (line 1) and 2.2 ms after the rollback (line 2): 2.2 ms is below 2.3, not above.
// rollout.log's Baxter rollback ran mode=automatic (line 1): not the on-call engineer's doing.
const WEEKS: Expectation[] = [
  {
    text: 'Over weeks 36 to 39 Ashcombe and Brackenridge delivered 13,200 eggs.',
    partition: 'grounded',
    refs: ['intake.csv:E2', 'intake.csv:E3', 'intake.csv:E4', 'intake.csv:E5', 'intake.csv:E6', 'intake.csv:E7', 'intake.csv:E8', 'intake.csv:E9'],
  },
  { text: 'After the rollback, p99 ack latency on fixgw-ch-01 settled at 2.2 ms, slightly above its baseline of 2.3 ms.', partition: 'contradicted', cites: /claim says "above", but 2\.2 ms is below 2\.3 ms/ },
  { text: 'Baxter was rolled back to 3.7.4 by the on-call engineer.', partition: 'contradicted', cites: /rollback was manual, rollout\.log:E1 shows it automatic/ },
  { text: 'After the rollback, p99 ack latency on fixgw-ch-01 settled at 2.2 ms, below its baseline of 2.3 ms.', partition: 'grounded' },
];

// test/fixtures/workspace/depots: salt.csv gives Ashby 1,499 t, 40.1%, 41 runs (line 2) and Marlow
// Cross 1,113 t, 29.7%, 36 runs (line 3); the report's Marlow Cross row says 1,131 t beside the
// right share and runs, so that one cell alone is unfounded. retention.md's plan table keeps
// position records 90 days on Standard (line 6) and 365 on Pro (line 7). Ashby's 1,499 t is more
// than Kettlebrook's 1,130 t (line 4), not less.
const DEPOTS: Expectation[] = [
  { text: '1,499 t', partition: 'grounded', refs: ['salt.csv:E2'] },
  { text: '40.1%', partition: 'grounded', refs: ['salt.csv:E2'] },
  { text: '1,131 t', partition: 'ungrounded' },
  { text: '29.7%', partition: 'grounded', refs: ['salt.csv:E3'] },
  { text: '36', partition: 'grounded', refs: ['salt.csv:E3'] },
  { text: 'On Standard, position records are kept for 365 days.', partition: 'contradicted', cites: /claim says 365 days, retention\.md:E6 says 90 days/ },
  { text: 'Salt use was lower at Ashby than at Kettlebrook.', partition: 'contradicted', cites: /Ashby 1499 \(salt\.csv:E2\) against Kettlebrook 1130 \(salt\.csv:E4\)/ },
];

// test/fixtures/workspace/troughs: wither.csv gives WT-03 59.4% on 4 July (line 7), below the
// guide's 60–64% band, every reading inside 59–64%; the guide keeps trough logs 90 days (line 5),
// which release 2.3 shortens to 60 (line 3): the guide still gives 90, the retention is 60 now.
const TROUGHS: Expectation[] = [
  { text: 'Final leaf moisture stayed inside the 60–64% band on every trough.', partition: 'contradicted', cites: /stayed inside the 60–64%", wither\.csv:E7 has final_moisture_pct=59\.4/ },
  { text: 'The operator guide still gives trough log retention as 90 days.', partition: 'grounded', refs: ['withering-guide.md:E5'] },
  { text: 'Trough logs are kept for 90 days.', partition: 'contradicted', cites: /superseded: release-notes\.md:E3 changes it from 90 to 60 days/ },
];

// test/fixtures/workspace/groups: rejected over dispatched per retailer, Fairmart (2 + 4) / (120 + 130)
// = 2.4%, Orchard (1 + 0) / (40 + 44) = 1.2% (lines 4 and 7 are Orchard's); week 11's pallets 130 + 62
// + 44 = 236 (lines 5–7), week 10's 224; rink A's hours 34 + 18 + 12 + 3 + 36 + 16 + 10 + 4 = 133, rink
// B's 20 + 22 + 8 + 2 + 18 + 24 + 9 + 1 = 104.
const GROUPS: Expectation[] = [
  { text: 'Fairmart had the lowest reject rate of the three retailers.', partition: 'contradicted', cites: /Orchard has 1\.2 against Fairmart's 2\.4/ },
  { text: 'Week 11 was the busiest dispatch week, with 224 pallets.', partition: 'contradicted', cites: /2025-W11's rows give 236\.0, and 224 is 2025-W10's/ },
  { text: 'Week 11 was the busiest dispatch week, with 236 pallets.', partition: 'grounded' },
  { text: 'Rink A carried more private ice hours than Rink B, 133 against 104.', partition: 'grounded' },
];

// test/fixtures/workspace/scopes: shift A filled 2,412 and 2,300, shift B 2,288 and 2,250 (A more on
// both days); Q2's months give 17,420 + 17,980 + 17,150 = 52,550 MMscf, Q3's 18,420 + 17,690 +
// 18,200 = 54,310, +3.3% (lines 1–3 and 4–6); the guide writes the ovens' range "135-145 C".
const SCOPES: Expectation[] = [
  { text: 'Shift B out-produced shift A over the two days.', partition: 'contradicted', cites: /"out-produced" by filled; B 2288 \(shift_output\.csv:E3\) against A 2412 \(shift_output\.csv:E2\)/ },
  { text: 'Q3 throughput was about 8% higher than Q2.', partition: 'contradicted', cites: /52550 over 3 rows \(Q2\) to 54310 over 3 rows \(Q3\): \+3\.3%/ },
  { text: 'Q3 throughput was about 3% higher than Q2.', partition: 'grounded' },
  { text: 'The topcoat ovens run at a peak metal temperature of 135–145 °C.', partition: 'grounded', refs: ['oven_guide.md:E3'] },
];

// test/fixtures/workspace/limits: L-A's weight RSD exceeds 1.5 in P-03 (1.7, line 4) and P-05 (1.8,
// line 6) only, P-02 sitting at 1.5; in Q3 Harbourside retired 6 of 80 harnesses (7.5%) but Eastfield
// 4 of 40 (10%); INC-4471 was acknowledged by p.nair at 01:31:22 (line 2), not 01:21; TP-1 lost
// more minutes than TP-2 in both weeks (310 against 260, lines 1–2), whatever each row's top reason;
// org-config.json names the platform ClimbDesk at 7.2.4 (line 4); "Northgate" is written only in
// the trace's reasoning, and abbreviates the alert's site NGT (alerts.log line 1).
const LIMITS: Expectation[] = [
  { text: 'Three L-A batches exceeded the 1.5% weight RSD limit.', partition: 'contradicted', cites: /by weight_rsd_pct, 2 of the 5 rows do: 1\.7 \(batch_summary\.csv:E4\), 1\.8 \(batch_summary\.csv:E6\)/ },
  { text: 'Harbourside retired the highest share of its harness fleet, 7.5%.', partition: 'contradicted', cites: /harnesses_retired \/ harness_fleet \(7\.5%\); Eastfield has 10/ },
  { text: '01:21 — p.nair acknowledged INC-4471.', partition: 'contradicted', cites: /charging\.log:E2 says 2024-11-19T01:31:22Z/ },
  { text: 'TP-1 had less downtime than TP-2 in every week.', partition: 'contradicted', cites: /by downtime_min; TP-1 310 \(press_metrics\.log:E1\) against TP-2 260 \(press_metrics\.log:E2\)/ },
  { text: 'Your organisation is on ClimbDesk 7.3.1.', partition: 'contradicted', cites: /org-config\.json:E\d+ says platform_version=7\.2\.4/ },
  { text: 'Alert AB-RETRACT-002 fired as critical for four units at Northgate.', partition: 'grounded', refs: ['alerts.log:E1'] },
];

describe('editor: checks against records and later documents', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks the unnamed write, the reversed statement, the denied alert, the wrong rank and the wrong end of a rise contradicted, grounds the timed restart, the quarter summed from its months, a rate of two cells and a figure of a tool_result event, marks a reversed comparison of rates, and the hover cites each record', async () => {
    await checkFixture('records', EXPECTED);
  });

  it('marks the wrong first of two gateways to start a drain, and a drain given the wrong length, contradicted, and the hover cites each record', async () => {
    await checkFixture('drains', DRAINS);
  });

  it('reads a table aligned by spaces as records: grounds a yard named only by its code\'s abbreviation, a rate over its rows and a count of its weeks, and marks a wrong weekly figure contradicted and a week it does not hold ungrounded', async () => {
    await checkFixture('yards', YARDS);
    const { claims } = (await groundingApi()).review(fixtureUri('yards', 'report.md'))!.result;
    assert.match(claims.find((c) => c.text.startsWith('Kessel Flats'))!.reason, /Kessel Flats as KFY/);
  });

  it('marks a restriction and an account later release notes overrule, a target a route missed, a wrong rollback target and a failed call claimed done contradicted, and grounds the call that went through', async () => {
    await checkFixture('plans', PLANS);
  });

  it('marks the wrong role for an act, another plan\'s value from a plan table and the wrong host of two called the slower contradicted, each hover citing its record, and grounds the plan\'s own value', async () => {
    await checkFixture('roles', ROLES);
  });

  it('marks a version said of every region that one region does not run, a failure denied for every model but one, a rollback read through the controller code its hoist is paired with, a price said to stay that changed, a first attempt a second belies and the wrong best depot contradicted, each hover citing its record, and grounds one region\'s version and the weakest depot', async () => {
    await checkFixture('fleets', FLEETS);
  });

  it('marks work said to fit a time window its finish record overruns, a bound denied of all time that a later reading passes and a form said submitted whose record says it was not contradicted, grounds the approver, and the hover cites each record', async () => {
    await checkFixture('windows', WINDOWS);
  });

  it('marks results said to be all above spec that a week\'s count belies and a tariff a release note changed contradicted, each hover citing its record, and grounds a part and a whole summed over a month\'s rows and a defined rate taken month by month as a ratio of sums', async () => {
    await checkFixture('sums', SUMS);
  });

  it('marks the wrong line for the highest waste share (a rate defined over a defined sum) and a retry said to be at low speed whose record says normal contradicted, each hover citing its record, and grounds a total over a CSV with empty cells, the right line, a report table row read under its header and the low-speed close, leaving a figure fifty times any row\'s ungrounded', async () => {
    await checkFixture('lines', LINES);
  });

  it('grounds a sum over "weeks 36 to 39", and marks a claim whose own two figures it sets the wrong way round and a rollback said to be done by the on-call engineer that ran automatically contradicted, each hover citing its record', async () => {
    await checkFixture('weeks', WEEKS);
  });

  it('marks each figure of a table row on its own (a wrong tonnage ungrounded beside its row\'s right share and runs), and marks another plan\'s retention from a documents\' table of "90 days" cells and a comparison "lower at Ashby than at Kettlebrook" the rows reverse contradicted, each hover citing its record', async () => {
    await checkFixture('depots', DEPOTS);
  });

  it('marks a rollback said to be manual that ran automatically and one said to be automatic that an operator started, two roles swapped, a changed setting said to stay, a pause of the wrong length and a peak at the wrong time contradicted, and grounds the change as recorded', async () => {
    await checkFixture('rollouts', ROLLOUTS);
  });

  it('marks a range every reading did not stay inside contradicted, never one they all stayed inside, and grounds what a document that has not caught up still gives', async () => {
    await checkFixture('troughs', TROUGHS);
    const { claims } = (await groundingApi()).review(fixtureUri('troughs', 'report.md'))!.result;
    const inside = claims.find((c) => c.text === 'Final leaf moisture stayed inside the 59–64% band on every trough.')!;
    assert.notEqual(inside.partition, 'contradicted', inside.reason);
  });

  it("marks a group ranked lowest by a rate another group's rows beat and a week given another week's total contradicted, each hover citing the groups' figures, and grounds a week's own total and two rinks' totals given in order", async () => {
    await checkFixture('groups', GROUPS);
  });

  it('marks a shift said to out-produce the one that filled more and a quarter-on-quarter change its months\' totals do not give contradicted, each hover citing the rows, and grounds the right change and a range a guide writes with a hyphen', async () => {
    await checkFixture('scopes', SCOPES);
  });

  it('marks a count of batches past a limit, a rank by the rate the claim gives, a timeline entry timed before the act, a comparison wrong in every week and a platform\'s version contradicted, grounds a site named only in the agent\'s reasoning by its code, and the hover cites the rows', async () => {
    await checkFixture('limits', LIMITS);
  });
});

