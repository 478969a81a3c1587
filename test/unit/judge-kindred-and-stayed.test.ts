// The offline judge's rules on readings of session 21, each general: after "no other …", a record
// of the kind of the one the report set apart (same fields, same event value) for a member the
// report has not named; a thing said to have stayed unchanged on a day a record changes it
// (from_x/to_x pairs too); a denied alarm four words after the "no"; totals compared by a column
// of minutes; ranks and comparisons whose end the measure decides ("best", "weakest", "better
// than" by its direction, "fastest", "faster than" by its kind); a month range and a year written
// with a figure selecting the rows of a sum; a week written with a figure and a quarter holding
// dated rows; a bound written after its figure ("84 or above"); a period-column table moving only
// what it counts; an entity's other code from its own JSON object; a role written before a
// person; an act its own JSON object says was not executed; a second clause of an order with its
// verb left out; a log message opening with the person who acted; a value said to have held from
// one state to another; a version said of every member of an array; "no <kind> other than X"; a first attempt a later attempt's record belies; a denial bounded by an event. Evidence is parsed by the real
// reader; the rules' proposal is checked. Expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, judgeReport, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });
const proposedAfter = (before: string[], text: string, sources: Source[]): Promise<JudgedClaim> => judgeReport([...before, text], sources, { decision: 'rules' });

describe('offline judge: kindred records, values said to stay, alarms denied, totals in minutes', () => {
  const ovens = {
    file: 'ovens.log',
    text: [
      '[tool=ovenlog row=1] ts=2025-02-03T06:00Z oven=OV-1 event=start_of_day temp_set_c=220',
      '[tool=ovenlog row=2] ts=2025-02-03T06:00Z oven=OV-2 event=start_of_day temp_set_c=220',
      '[tool=ovenlog row=3] ts=2025-02-04T09:15Z oven=OV-2 event=stopped reason="door seal worn"',
      '[tool=ovenlog row=4] ts=2025-02-11T13:40Z oven=OV-3 event=stopped reason="burner igniter fault"',
      '[tool=ovenlog row=5] ts=2025-02-12T08:05Z oven=OV-3 event=restarted note="igniter replaced"',
    ].join('\n'),
  };

  it('after "no other", a record of the set-apart record\'s kind for a member not named refutes, whatever words it uses', async () => {
    // Row 4 is OV-3's fault, the one the report set apart; row 3 is another stop (event=stopped) of
    // OV-2, though its reason does not say "fault".
    const before = ['OV-3 stopped on 11 February with a burner igniter fault.'];
    const wrong = await proposedAfter(before, 'No other oven faults were logged in February.', [ovens]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /OV-2/);
    // With OV-2's stop told too, no other oven stopped: nothing refutes the denial.
    const told = ['OV-3 stopped on 11 February with a burner igniter fault.', 'OV-2 stopped on 4 February with a worn door seal.'];
    const right = await proposedAfter(told, 'No other oven faults were logged in February.', [ovens]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const prices = {
    file: 'tariffs.log',
    text: [
      '[tool=tariffs row=1] ts=2025-04-01T00:00Z event=price_set product=day_pass price_eur=12.00',
      '[tool=tariffs row=2] ts=2025-04-01T00:00Z event=price_set product=season_pass price_eur=240.00',
      '[tool=tariffs row=3] ts=2025-06-01T00:00Z event=price_change product=day_pass from_eur=12.00 to_eur=13.50',
      '[tool=tariffs row=4] ts=2025-06-01T00:00Z event=price_change product=season_pass from_eur=240.00 to_eur=240.00',
    ].join('\n'),
  };

  it('a thing said to have stayed unchanged on a day a record of it changes the value', async () => {
    // Row 3: the day-pass price went from 12.00 to 13.50 on 1 June.
    const wrong = await proposed('The day pass price was left unchanged on 1 June.', [prices]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /12\.00 to 13\.50/);
    // Row 4: the season pass's old and new values are the same: it did stay.
    const right = await proposed('The season pass price was left unchanged on 1 June.', [prices]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const alarms = {
    file: 'alarms.log',
    text: [
      '[signal] alert_id=OV-3-IGN fired_at=2025-02-11T13:39:50Z severity=critical oven=OV-3 summary="burner ignition failed"',
      '[signal] alert_id=OV-3-IGN cleared_at=2025-02-12T08:06:00Z',
      '[signal] alert_id=OV-1-HUM fired_at=2025-02-11T15:02:00Z severity=warning oven=OV-1 summary="steam humidity low"',
      '[signal] alert_id=OV-1-HUM cleared_at=2025-02-11T15:30:00Z',
    ].join('\n'),
  };

  it('an alarm denied four words after the "no" is still a denied alarm', async () => {
    // The report named OV-3-IGN; OV-1-HUM, an oven's alarm it has not named, fired the same day.
    const wrong = await proposedAfter(['OV-3-IGN fired at 13:39 when the burner failed to ignite.'], 'No other oven raised an alarm that day.', [alarms]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /OV-1-HUM/);
  });

  const lines = {
    file: 'lines.log',
    text: [
      '[tool=linedb row=1] week=2025-W10 line=L-1 units=5200 downtime_min=40',
      '[tool=linedb row=2] week=2025-W10 line=L-2 units=4900 downtime_min=25',
      '[tool=linedb row=3] week=2025-W11 line=L-1 units=5100 downtime_min=10',
      '[tool=linedb row=4] week=2025-W11 line=L-2 units=4800 downtime_min=95',
      '[tool=linedb row=5] week=2025-W12 line=L-1 units=5300 downtime_min=30',
      '[tool=linedb row=6] week=2025-W12 line=L-2 units=5000 downtime_min=20',
    ].join('\n'),
  };

  it('two lines compared over weeks by a column of minutes compare by their totals', async () => {
    // L-1: 40 + 10 + 30 = 80 minutes; L-2: 25 + 95 + 20 = 140. L-1 had more in two weeks of three, less in total.
    const wrong = await proposed('L-1 recorded more downtime than L-2 over the three weeks.', [lines]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /80 against L-2 140/);
    const right = await proposed('L-2 recorded more downtime than L-1 over the three weeks.', [lines]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const depots = {
    file: 'depots.csv',
    text: ['depot,jobs,on_time_pct,mean_repair_h', 'North,120,91.5,5.2', 'South,98,88.0,3.9', 'East,110,93.1,6.8', 'West,105,86.4,4.4'].join('\n'),
  };

  it('"best", "weakest", "fastest", "slowest": the measure says which end of the order the rank word means', async () => {
    // on_time_pct is better high: East (93.1) is best, West (86.4) weakest. mean_repair_h is a
    // length of time: South (3.9 h) is fastest, East (6.8 h) slowest.
    const wrongBest = await proposed('North had the best on-time rate of the four depots.', [depots]);
    assert.equal(wrongBest.partition, 'contradicted', wrongBest.reason);
    assert.match(wrongBest.reason, /East/);
    const rightWeakest = await proposed('West had the weakest on-time rate of the four depots.', [depots]);
    assert.notEqual(rightWeakest.partition, 'contradicted', rightWeakest.reason);
    const wrongFastest = await proposed('West had the fastest repairs of any depot, by mean repair hours.', [depots]);
    assert.equal(wrongFastest.partition, 'contradicted', wrongFastest.reason);
    assert.match(wrongFastest.reason, /South/);
    const rightSlowest = await proposed('East had the slowest repairs of any depot, by mean repair hours.', [depots]);
    assert.notEqual(rightSlowest.partition, 'contradicted', rightSlowest.reason);
  });

  it('"better than", "faster than": the measure says which side must be the larger', async () => {
    // North 5.2 h against South 3.9 h: North's repairs were the slower. East 93.1% against North 91.5%.
    const wrongFaster = await proposed('North had faster repairs than South, by mean repair hours.', [depots]);
    assert.equal(wrongFaster.partition, 'contradicted', wrongFaster.reason);
    const rightFaster = await proposed('South had faster repairs than North, by mean repair hours.', [depots]);
    assert.notEqual(rightFaster.partition, 'contradicted', rightFaster.reason);
    const wrongBetter = await proposed('North had a better on-time rate than East.', [depots]);
    assert.equal(wrongBetter.partition, 'contradicted', wrongBetter.reason);
    const rightWorse = await proposed('West had a worse on-time rate than South.', [depots]);
    assert.notEqual(rightWorse.partition, 'contradicted', rightWorse.reason);
  });

  it('the alert whose firing a claim times is the identifier the verb follows, beside another entity it names', async () => {
    // OV-1-HUM fired at 15:02:00; OV-1 is the oven the claim also names.
    const wrong = await proposed('15:20 — Alert OV-1-HUM fired as a warning when OV-1 lost steam.', [alarms]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /15:02/);
    const right = await proposed('15:02 — Alert OV-1-HUM fired as a warning when OV-1 lost steam.', [alarms]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const sales = {
    file: 'sales.csv',
    text: [
      'year,month,product,litres',
      '2023,Apr,diesel,900', '2023,May,diesel,1000', '2023,Jun,diesel,1200', '2023,Jul,diesel,1500', '2023,Aug,diesel,1400',
      '2024,Apr,diesel,950', '2024,May,diesel,1100', '2024,Jun,diesel,1300', '2024,Jul,diesel,1450', '2024,Aug,diesel,1500',
      '2023,May,petrol,300', '2024,May,petrol,280',
    ].join('\n'),
  };

  it('a month range ("May–August") names every month in it, and a year written with a figure pins its rows', async () => {
    // Diesel, May to August: 2023 1,000 + 1,200 + 1,500 + 1,400 = 5,100; 2024 1,100 + 1,300 + 1,450 + 1,500 = 5,350.
    const right = await proposed('Across the May–August season, diesel sales rose from 5,100 litres in 2023 to 5,350 litres in 2024.', [sales]);
    assert.equal(right.partition, 'grounded', right.reason);
    // With April counted too, 2023 would be 6,000: not what the range holds.
    const outside = await proposed('Across the May–August season, diesel sales rose from 6,000 litres in 2023 to 5,350 litres in 2024.', [sales]);
    assert.notEqual(outside.partition, 'grounded', outside.reason);
  });

  const weekly = {
    file: 'shifts.csv',
    text: ['date,week,shift,units', '2025-03-03,10,A,800', '2025-03-03,10,B,700', '2025-03-04,10,A,750', '2025-03-04,10,B,750', '2025-03-10,11,A,900', '2025-03-10,11,B,800', '2025-03-11,11,A,850', '2025-03-11,11,B,750'].join('\n'),
  };

  it('a week written with a figure pins the rows it sums: week 10\'s rows are no part of a week-11 figure', async () => {
    // Week 10: 800 + 700 + 750 + 750 = 3,000; week 11: 900 + 800 + 850 + 750 = 3,300.
    const right = await proposed('The line produced 3,300 units in week 11, up from 3,000 units in week 10.', [weekly]);
    assert.equal(right.partition, 'grounded', right.reason);
    const swapped = await proposed('The line produced 3,000 units in week 11, up from 3,300 units in week 10.', [weekly]);
    assert.notEqual(swapped.partition, 'grounded', swapped.reason);
  });

  const lots = {
    file: 'cupping.csv',
    text: ['lot_id,session_date,session_type,mean_score', 'L-01,2024-05-20,arrival,83.0', 'L-02,2024-07-03,arrival,85.5', 'L-03,2024-08-14,arrival,84.25', 'L-04,2024-09-25,arrival,86.0', 'L-05,2024-10-02,arrival,82.5'].join('\n'),
  };

  it('a quarter names the dated rows it holds, and "84 or above" bounds each of them', async () => {
    // Q3 (July–September) holds L-02, L-03 and L-04: 85.5, 84.25 and 86.0, each 84 or above;
    // the 83.0 of May and the 82.5 of October are other quarters'.
    const right = await proposed('Every Q3 lot scored 84 or above on arrival.', [lots]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const wrong = await proposed('Every Q3 lot scored 85 or above on arrival.', [lots]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /84\.25/);
  });

  const boardings = {
    file: 'boardings.json',
    text: JSON.stringify({ query: 'boardings_by_route_quarter', rows: [{ route: '12', q4_2025: 612400, q1_2026: 640100 }, { route: '27', q4_2025: 488900, q1_2026: 471300 }] }, null, 2),
  };

  it('a table with a column per period moves only what it counts: another measure named before the movement is not read there', async () => {
    // Route 27's boardings fell from 488,900 to 471,300; the table says nothing of cancellations.
    const other = await proposed('Cancellations also rose in Q1, mostly on Route 27.', [boardings]);
    assert.notEqual(other.partition, 'contradicted', other.reason);
    const own = await proposed('Boardings on Route 27 rose in Q1.', [boardings]);
    assert.equal(own.partition, 'contradicted', own.reason);
  });

  it('a record may name the entity by another code its JSON object gives it: the act\'s mode is read there', async () => {
    // deploy.json pairs hoist TH-75 with controller hc-pp-75; the controller's log says the rollback was started by hand.
    const deploy = { file: 'deploy.json', text: JSON.stringify({ targets: [{ hoist: 'TH-75', controller: 'hc-pp-75', status: 'rolled_back' }, { hoist: 'TH-35', controller: 'hc-pp-35', status: 'done' }] }, null, 2) };
    const log = { file: 'hoist.log', text: ['2024-03-12T10:40:00Z WARN hoistctl[hc-pp-75] load test failed on cell 3', '2024-03-12T10:55:40Z WARN hoistctl[hc-pp-75] rollback to 2.7.4 started manually by g.mensah'].join('\n') };
    const wrong = await proposed('The controller rolled TH-75 back to 2.7.4 automatically.', [deploy, log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /manual/);
    const right = await proposed('TH-75 was rolled back to 2.7.4 manually.', [deploy, log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a role written before a person ("Vendor engineer K. Sorensen") is that person\'s, not a second actor', async () => {
    // The 09:33 decision record names r.lachance; the deployment calls k.sorensen the vendor engineer.
    const deploy = { file: 'deploy.json', text: JSON.stringify({ change: 'CHG-7', vendor_engineer: 'k.sorensen', rollback: { decided_by: 'r.lachance', decided_at: '2024-10-05T09:33:10Z' } }, null, 2) };
    const log = { file: 'rollout.log', text: ['2024-10-05T09:20:02Z INFO optiscan[edg-2] recalibration requested by k.sorensen', '2024-10-05T09:33:10Z INFO chg[CHG-7] decision=rollback asset=EDG-2 by r.lachance'].join('\n') };
    const wrong = await proposed('09:33 — Vendor engineer K. Sorensen decided to roll EDG-2 back.', [deploy, log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /r\.lachance/);
    const right = await proposed('09:33 — R. Lachance decided to roll EDG-2 back.', [deploy, log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('an act said done whose own JSON object says it was not executed', async () => {
    const plan = (executed: boolean) => ({ file: 'change.json', text: JSON.stringify({ change: 'CHG-12', status: 'partial', rollback: { method: 'ctl pin --version 3', executed } }, null, 2) });
    const wrong = await proposed('RS-2 was then rolled back to version 3 with the planned command.', [plan(false)]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /executed = false/);
    const right = await proposed('RS-2 was then rolled back to version 3 with the planned command.', [plan(true)]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"pushed to R-03 first and then to R-01": the second clause is the first\'s act done to its entity', async () => {
    const trace = {
      file: 'trace.jsonl',
      text: [
        '{"ts":"2024-08-13T11:01:30Z","type":"tool_call","tool":"ctl.push_profile","args":{"roaster":"R-01","version":4}}',
        '{"ts":"2024-08-13T11:03:05Z","type":"tool_call","tool":"ctl.push_profile","args":{"roaster":"R-03","version":4}}',
      ].join('\n'),
    };
    // R-01's push came at 11:01:30, R-03's at 11:03:05.
    const wrong = await proposed('The profile was pushed to R-03 first and then to R-01.', [trace]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    const right = await proposed('The profile was pushed to R-01 first and then to R-03.', [trace]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a log message opening with a person doing the act names who did it ("T. Wren reset RCD …")', async () => {
    const log = {
      file: 'harbour.log',
      text: ['2024-11-03T00:06:40Z INFO harbourlog[duty] on-call electrician D. Price phoned, will attend 07:30', '2024-11-03T00:36:02Z INFO harbourlog[duty] T. Wren reset RCD feeder C2 with C-17 isolated: held'].join('\n'),
    };
    const wrong = await proposed('00:36 — With C-17 isolated, D. Price reset the RCD and it held.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /t\. wren/);
    const right = await proposed('00:36 — With C-17 isolated, T. Wren reset the RCD and it held.', [log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a value said to have held from one state to another is read in the entity\'s two rows', async () => {
    const cupping = { file: 'cupping.csv', text: ['lot_id,session_type,mean_score', 'L-07,arrival,87.25', 'L-07,production,86.25', 'L-09,arrival,85.5', 'L-09,production,85.5'].join('\n') };
    // L-07: 87.25 on arrival, 86.25 in production; L-09: 85.5 both times.
    const wrong = await proposed('Lot L-07 held its arrival score in production.', [cupping]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /87\.25/);
    const right = await proposed('Lot L-09 held its arrival score in production.', [cupping]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a version said of every member is read in each element of the array the kind names', async () => {
    const deploy = (last: string) => ({
      file: 'deploy.json',
      text: JSON.stringify({ from_version: '5.2.1', regions: [{ name: 'eu-west-2', final_version: '5.3.0' }, { name: 'eu-central-1', final_version: '5.3.0' }, { name: 'us-east-1', final_version: last }] }, null, 2),
    });
    // us-east-1 ended on 5.3.1 in the first deployment, on 5.3.0 in the second.
    const wrong = await proposed('All three regions now run 5.3.0.', [deploy('5.3.1')]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /5\.3\.1/);
    const right = await proposed('All three regions now run 5.3.0.', [deploy('5.3.0')]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"no <kind> other than X had <trouble>": a member\'s record of trouble refutes it, its record of the act going well does not', async () => {
    const log = (line: string) => ({
      file: 'rollout.log',
      text: ['2024-10-08T10:41:00Z WARN config-push[cp-2] wave=wave-1 push timeout gateway=gw-s-1 model=SV-5', line, '2024-10-08T11:05:00Z INFO config-push[cp-2] wave=wave-1 push ok gateway=gw-s-2 model=SV-5'].join('\n'),
    });
    const claim = 'No gateway model other than SV-5 had any push failures during the rollout.';
    const wrong = await proposed(claim, [log('2024-10-08T10:52:14Z WARN config-push[cp-2] wave=wave-1 push timeout gateway=gw-t-31502 model=HX-10')]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /HX-10/);
    const right = await proposed(claim, [log('2024-10-08T10:52:14Z INFO config-push[cp-2] wave=wave-1 push ok gateway=gw-t-31502 model=HX-10')]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"every … on the first attempt" against a record of the act numbered as a later attempt', async () => {
    const log = {
      file: 'rollout.log',
      text: [
        '2024-10-08T22:15:52Z INFO fwctl RVB-07/L1 flash=ok attempt=1 version=5.2.0',
        '2024-10-11T00:04:22Z WARN fwctl WQM-02/L4 transfer checksum mismatch attempt=1, retrying',
        '2024-10-11T00:16:55Z INFO fwctl WQM-02/L4 flash=ok attempt=2 version=5.2.0',
        '2024-10-11T01:00:00Z INFO portal sessions attempts=17015 first_try_pass_pct=96.9',
      ].join('\n'),
    };
    const wrong = await proposed('Every controller flashed successfully on the first attempt.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /attempt=2/);
    // RVB-07/L1's own record is of its first attempt; a count of attempts is no attempt's number.
    const right = await proposed('RVB-07/L1 flashed successfully on the first attempt.', [log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a denial bounded by an event ("before the clerk paused lot 140"): the event\'s words and labels say when, not what is denied', async () => {
    const log = {
      file: 'app.log',
      text: [
        '2024-09-14T18:46:37Z WARN  bid-gateway[bgw-2] rejected bid id=b-77120931 lot=139 reason=stale_price',
        '2024-09-14T18:49:12Z INFO  auctioneer-console[ac-1] lot 140 paused by clerk=m.hale',
        '2024-09-14T19:03:44Z WARN  bid-gateway[bgw-1] rejected bid id=b-77124408 lot=143 reason=stale_price',
      ].join('\n'),
    };
    // A bid was rejected at 18:46:37, before the 18:49:12 pause; after it, only the 19:03:44 one.
    const wrong = await proposed('No bids were rejected before the clerk paused lot 140.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /E1/);
  });
});

describe('offline judge: a figure before the word that says something held', () => {
  // The 2,071 devices on 3.5.1 are who stayed connected, not a value that held: the list's other
  // count (449 on 3.4.2) is another group's, no change of it.
  const inventory = {
    file: 'trace.jsonl',
    text: [
      '{"ts":"2024-09-17T03:30:20Z","type":"tool_call","tool":"firmware.inventory","args":{"cluster":"gw-north"}}',
      '{"ts":"2024-09-17T03:30:21Z","type":"tool_result","tool":"firmware.inventory","result":{"cluster":"gw-north","total":2520,"versions":[{"fw":"3.4.2","count":449,"trust_store":["CA G1"]},{"fw":"3.5.1","count":2071,"trust_store":["CA G1","CA G2"]}]}}',
    ].join('\n'),
  };

  it('counts what held; it is no value said to hold', async () => {
    const verdict = await judge('The 2,071 devices on firmware 3.5.1 trust both CAs and stayed connected.', [inventory], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /held at/);
  });
});
