// The offline judge on counts past a limit, ranks by a rate, comparisons held period by period,
// denials a change must speak to, and names only the agent's reasoning writes. Evidence is parsed
// by the real readers; every expected figure is worked out by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Weight RSD over 1.5: P-03 (1.7) and P-05 (1.8); P-02 sits at 1.5 and does not exceed it.
// Below 9.0 kp hardness: P-03 (8.7) only. Line B's P-06 (2.0) is not an L-A batch.
const batches = {
  file: 'batch_summary.csv',
  text: ['batch,line,weight_rsd_pct,hardness_kp', 'P-01,L-A,1.1,9.6', 'P-02,L-A,1.5,9.2', 'P-03,L-A,1.7,8.7', 'P-04,L-A,1.2,9.4', 'P-05,L-A,1.8,9.1', 'P-06,L-B,2.0,9.9'].join('\n'),
};

describe('offline judge: a count of members past a limit', () => {
  it('"three L-A batches exceeded the 1.5% weight RSD limit" is contradicted: two did, one sat at the limit', async () => {
    const verdict = await judge('Three L-A batches exceeded the 1.5% weight RSD limit.', [batches], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /weight_rsd_pct, 2 of the 5 rows/);
  });

  it('"two L-A batches exceeded the 1.5% weight RSD limit" is grounded', async () => {
    const verdict = await judge('Two L-A batches exceeded the 1.5% weight RSD limit.', [batches], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('a count below a limit is read by the column the limit names: one L-A batch fell below 9.0 kp, not two', async () => {
    const verdict = await judge('Two L-A batches fell below the 9.0 kp hardness floor.', [batches], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /hardness_kp, 1 of the 5 rows/);
  });

  it('"of the five" is the whole, not the count, and a row of the whole (ALL) is no member', async () => {
    // Sites below 8%: NGH 6.6, KGH 6.0, MBR 4.5 — three of the five; the ALL row (7.6) is the network's.
    const wastage = {
      file: 'wastage.csv',
      text: ['site,quarter,wastage_pct', 'NGH,Q1,6.6', 'KGH,Q1,6.0', 'ASH,Q1,12.0', 'MBR,Q1,4.5', 'SLC,Q1,12.3', 'ALL,Q1,7.6'].join('\n'),
    };
    const right = await judge('Three of the five sites were below 8% wastage.', [wastage], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const wrong = await judge('Four of the five sites were below 8% wastage.', [wastage], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /3 of the 5 rows/);
  });
});

// Changeovers over 45 minutes (duration in minutes, the limit read in seconds): CO-1 64, CO-3 50,
// CO-6 70 — three of the six, a half.
const changeovers = {
  file: 'changeovers_q3.csv',
  text: ['co_id,line,date,duration_min', 'CO-1,BF-2,2024-07-02,64', 'CO-2,BF-2,2024-07-03,30', 'CO-3,BF-1,2024-07-04,50', 'CO-4,BF-1,2024-07-05,40', 'CO-5,BF-1,2024-07-06,20', 'CO-6,BF-3,2024-07-07,70'].join('\n'),
};

describe('offline judge: a count or a share of members past a limit in another unit', () => {
  it('"two changeovers overran the 45-minute target" is contradicted: 64, 50 and 70 minutes are three', async () => {
    const verdict = await judge('Two changeovers overran the 45-minute target.', [changeovers], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /duration_min, 3 of the 6 rows/);
  });

  it('"a third of all changeovers overran the 45-minute target" is contradicted: three of six is a half', async () => {
    const verdict = await judge('A third of all changeovers overran the 45-minute target.', [changeovers], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /3 of the 6 rows do \(50%\)/);
  });

  it('"half of all changeovers overran the 45-minute target" and "50% of the changeovers …" are not contradicted', async () => {
    for (const claim of ['Half of all changeovers overran the 45-minute target.', '50% of the changeovers overran the 45-minute target.']) {
      const verdict = await judge(claim, [changeovers], { decision: 'rules' });
      assert.notEqual(verdict.partition, 'contradicted', `${claim}: ${verdict.reason}`);
    }
  });
});

describe('offline judge: a rank by a rate the claim gives', () => {
  // Retired over fleet in Q3: Harbourside 6/80 = 7.5%, Eastfield 4/40 = 10%, Millbrook 3/56 = 5.4%
  // (over both quarters Harbourside's is 10/158 = 6.3%: the figure is Q3's).
  const inspections = {
    file: 'inspections.csv',
    text: ['quarter,centre,harness_fleet,harnesses_retired', '2024-Q2,Harbourside,78,4', '2024-Q2,Eastfield,36,1', '2024-Q2,Millbrook,56,2', '2024-Q3,Harbourside,80,6', '2024-Q3,Eastfield,40,4', '2024-Q3,Millbrook,56,3'].join('\n'),
  };
  it('"Harbourside retired the highest share of its harness fleet, 7.5%" is contradicted by Eastfield\'s 10%', async () => {
    const verdict = await judge('Harbourside retired the highest share of its harness fleet, 7.5%.', [inspections], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /harnesses_retired \/ harness_fleet/);
    assert.match(verdict.reason, /Eastfield has 10\b/);
  });

  it('the entity that is the extreme at its own rate is not contradicted', async () => {
    const verdict = await judge('Eastfield retired the highest share of its harness fleet, 10%.', [inspections], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('two columns of one named word are parts of one measure, not a rate ranked', async () => {
    // wasted_labelling / wasted_overproduction: L2 2/80 = 2.5%, L4 6/90 = 6.7%: no part and whole.
    const waste = {
      file: 'waste.csv',
      text: ['line,produced,wasted_labelling,wasted_overproduction', 'L2,3000,2,80', 'L4,3100,6,90'].join('\n'),
    };
    const verdict = await judge('Line L2 had the highest waste rate, about 2.5%.', [waste], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /wasted_labelling \/ wasted_overproduction/);
  });
});

describe('offline judge: a comparison said to hold in every period', () => {
  // TP-1 lost 310, 295 and 330 minutes against TP-2's 260, 240 and 250: more in every week.
  // Each row's top reason differs between the presses, which must not keep the weeks apart.
  const presses = {
    file: 'press_metrics.log',
    text: [
      'week=2024-W23 press=TP-1 downtime_min=310 top_reason=feeder_jam',
      'week=2024-W23 press=TP-2 downtime_min=260 top_reason=sticking',
      'week=2024-W24 press=TP-1 downtime_min=295 top_reason=dust',
      'week=2024-W24 press=TP-2 downtime_min=240 top_reason=feeder_jam',
      'week=2024-W25 press=TP-1 downtime_min=330 top_reason=feeder_jam',
      'week=2024-W25 press=TP-2 downtime_min=250 top_reason=sticking',
    ].join('\n'),
  };
  it('"TP-1 had less downtime than TP-2 in every week" is contradicted week by week', async () => {
    const verdict = await judge('TP-1 had less downtime than TP-2 in every week.', [presses], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /downtime_min/);
  });

  it('the other way round is not contradicted', async () => {
    const verdict = await judge('TP-1 had more downtime than TP-2 in every week.', [presses], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a figure right before the comparison is its gap, not a side\'s value', async () => {
    // Superior share LNG 90.8 against TRV 87.5 (3.3 points higher); ordinary 7.2 against 10.6 holds the 7.
    const harvest = {
      file: 'harvest.csv',
      text: ['date,site,superior_pct,ordinary_pct', '2024-09-16,LNG,90.8,7.2', '2024-09-16,TRV,87.5,10.6'].join('\n'),
    };
    const verdict = await judge("LNG's superior share was about 3 percentage points higher than TRV's.", [harvest], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    assert.doesNotMatch(verdict.reason, /ordinary_pct/);
  });
});

describe('offline judge: a denial a change must speak to', () => {
  const notes = { file: 'release-notes.md', text: '# Release 5.2\n\n- The standard 2D ticket reward now costs 1,200 reward points (previously 1,000 points).\n' };
  it('"reward tickets don\'t earn points" is not reversed by a change of what a reward costs', async () => {
    const verdict = await judge("Reward tickets themselves don't earn points.", [notes], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /superseded/);
  });

  it('a denial of what the change now allows is still reversed', async () => {
    const grade = { file: 'release-notes.md', text: '# Release 2026.1\n\n- Grade import now accepts Excel workbooks (.xlsx) as well as CSV files.\n' };
    const verdict = await judge('Excel workbooks (.xlsx) are not accepted by grade import.', [grade], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /superseded/);
  });
});

describe('offline judge: a name only the agent\'s reasoning writes', () => {
  // The records write the site as NGT; "Northgate" appears only in the agent's own reasoning.
  const alerts = { file: 'alerts.log', text: '[signal] alert_id=AB-RETRACT-002 fired_at=2024-09-14T09:14:30Z severity=critical site=NGT units=4\n[signal] alert_id=HBR-HUM-004 fired_at=2024-09-14T07:58:10Z severity=warning site=HBR\n' };
  const trace = { file: 'trace.jsonl', text: '{"ts":"2024-09-14T12:30:02Z","type":"reasoning","text":"Asked to write up the Northgate auto-belay lockouts from this morning."}\n' };
  it('is read as the code that abbreviates it (Northgate as NGT)', async () => {
    const verdict = await judge('Alert AB-RETRACT-002 fired as critical for four units at Northgate.', [alerts, trace], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
    assert.match(verdict.reason, /reading Northgate as NGT/);
  });
});

describe('offline judge: a time that heads a timeline entry', () => {
  // The page was acknowledged at 01:31:22 by p.nair; "p.nair" holds a '.' that ends no clause.
  const log = { file: 'charging.log', text: '2024-11-19T01:18:40Z WARN chargeflow[cf-01] incident INC-4471 opened severity=major\n2024-11-19T01:31:22Z INFO chargeflow[cf-01] incident INC-4471 acknowledged by p.nair\n' };
  it('"01:21 — p.nair acknowledged INC-4471" is contradicted by the record of the act at 01:31:22', async () => {
    const verdict = await judge('01:21 — p.nair acknowledged INC-4471.', [log], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /01:31:22/);
  });

  it('the right time is not contradicted', async () => {
    const verdict = await judge('01:31 — p.nair acknowledged INC-4471.', [log], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: the version a product runs, said in the present', () => {
  // The organisation's record names the product (platform=ClimbDesk) and gives its version, 7.2.4.
  const config = { file: 'org-config.json', text: JSON.stringify({ organisation: 'Summit Social Climbing Ltd', platform: 'ClimbDesk', platform_version: '7.2.4' }, null, 2) };
  it('"Your organisation is on ClimbDesk 7.3.1" is contradicted by platform_version', async () => {
    const verdict = await judge('Your organisation is on ClimbDesk 7.3.1.', [config], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /platform_version=7\.2\.4/);
  });

  it('another controller\'s firmware is no counter-example to the one the claim names', async () => {
    // Front Nine runs 2.3.8, Back Nine 2.5.1.
    const account = { file: 'account.json', text: JSON.stringify({ controllers: [{ name: 'Front Nine', firmware: '2.3.8' }, { name: 'Back Nine', firmware: '2.5.1' }] }, null, 2) };
    const verdict = await judge('Your Back Nine controller is on firmware 2.5.1.', [account], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a share of a whole, read with care', () => {
  // failed=718 of reminders_sent=18730 is 3.8%; week 13's 13 numbers a period, not a part.
  const reminders = { file: 'query_results.log', text: '[tool=sms row=1] week=13 reminders_sent=18730 delivered=18012 failed=718\n' };
  it('"the 718 that failed were roughly 7% of everything sent" is still contradicted', async () => {
    const verdict = await judge('The 718 that failed were roughly 7% of everything sent.', [reminders], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it('an approximate part ("about 700") or a period\'s number ("by week 13") is no part to divide', async () => {
    const approx = await judge('About 700 failed, roughly 7% of everything sent.', [reminders], { decision: 'rules' });
    assert.doesNotMatch(approx.reason, /gives 718 of/);
    const week = await judge('By week 13, 4% of reminders sent had failed.', [reminders], { decision: 'rules' });
    assert.doesNotMatch(week.reason, /gives 13 of/);
  });
});

describe('offline judge: a version still running, borne out by a later record', () => {
  // ctrl-bay-b ran 4.1.7 before the outage and reports 4.2.1 once back online.
  const log = { file: 'charging.log', text: '2024-11-19T01:10:02Z INFO ctrl=ctrl-bay-b status=online firmware=4.1.7\n2024-11-19T02:47:15Z INFO ctrl=ctrl-bay-b status=online firmware=4.2.1\n' };
  it('"still running firmware 4.2.1" is not contradicted by the earlier 4.1.7', async () => {
    const verdict = await judge('ctrl-bay-b came back online, still running firmware 4.2.1.', [log], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('"still running firmware 4.1.9" is contradicted', async () => {
    const verdict = await judge('ctrl-bay-b is still running firmware 4.1.9.', [log], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});
