// The offline judge on a figure pinned to a period another period's row gives, and a multiple
// between two groups read off each group's one row of a stated rate. Evidence is parsed by the real
// readers; every expected figure is worked out by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';
import { canonicalStem, extractNames } from '../../src/core/retrieval';

// Line L1 by week: waste 100, 90, 70 kg; line L2: 80, 85, 88 kg.
const weekly = {
  file: 'line_weekly.csv',
  text: ['week,line,units,waste_kg', '35,L1,4100,100', '35,L2,3900,80', '36,L1,4000,90', '36,L2,3950,85', '37,L1,4200,70', '37,L2,3980,88'].join('\n'),
};

describe('offline judge: a figure pinned to the wrong period', () => {
  it('"fell from 100 kg in week 35 to 70 kg in week 36" is contradicted: L1 wasted 90 kg in week 36, 70 kg is week 37\'s', async () => {
    const verdict = await judge('Waste on L1 fell from 100 kg in week 35 to 70 kg in week 36.', [weekly], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim puts 70 kg in week 36/);
    assert.match(verdict.reason, /waste_kg=90/);
  });

  it('the same change to the period that holds it is not contradicted', async () => {
    const verdict = await judge('Waste on L1 fell from 100 kg in week 35 to 70 kg in week 37.', [weekly], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a figure another line holds in another week is no shifted period of L1\'s series', async () => {
    // 85 kg is L2's week 36; L1's own series never holds it, so this check does not speak.
    const verdict = await judge('Waste on L1 fell from 100 kg in week 35 to 85 kg in week 37.', [weekly], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /claim puts/);
  });

  it('a column the claim does not name is not the figure\'s measure', async () => {
    // 4,000 is L1's week 36 units; the claim names waste, and no waste figure is 4,000.
    const verdict = await judge('Waste on L1 reached 4,000 kg in week 37.', [weekly], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /claim puts/);
  });
});

describe('offline judge: a multiple between two groups of a stated rate', () => {
  // Week 41: Riverside 1.14%, Old Town 0.74% → ×1.54, not "about twice" (2 ± 12%);
  // week 40: Riverside 1.42%, Old Town 0.72% → ×1.97, about twice.
  const dcr = {
    file: 'weekly_dcr.csv',
    text: ['week,cluster,calls,dcr_pct', '2024-W40,Riverside,699800,1.42', '2024-W40,Old Town,547300,0.72', '2024-W41,Riverside,718300,1.14', '2024-W41,Old Town,545100,0.74'].join('\n'),
  };
  it('"Riverside\'s week 41 rate was about twice Old Town\'s" is contradicted by 1.14 against 0.74', async () => {
    const verdict = await judge("Riverside's week 41 rate was about twice Old Town's.", [dcr], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /dcr_pct is 1\.14 against 0\.74 \(×1\.54\)/);
  });

  it('the week where it holds is not contradicted', async () => {
    const verdict = await judge("Riverside's week 40 rate was about twice Old Town's.", [dcr], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('with no period named each group has two rows, and rates are not averaged', async () => {
    const verdict = await judge("Riverside's rate was about three times Old Town's.", [dcr], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /dcr_pct is/);
  });
});

describe('names: a sentence opener and a name with its number', () => {
  it('"Total" opening a sentence is no part of the name after it; "North Harbour" stays one name', () => {
    assert.deepEqual(extractNames('Total Iopamix deliveries came to 483,000 mL.').nameGroups, [[canonicalStem('iopamix')]]);
    assert.deepEqual(extractNames('North Harbour ran late.').nameGroups, [[canonicalStem('north'), canonicalStem('harbour')]]);
  });

  // Iopamix 370 received 40,000 + 40,000 + 35,000 = 115,000 mL; Gadovue 1.0 received 3,000 + 0 + 2,000 = 5,000 mL.
  const stock = {
    file: 'contrast_stock.csv',
    text: ['week_start,agent,received_ml,used_ml', '2024-07-01,Iopamix 370,40000,36500', '2024-07-01,Gadovue 1.0,3000,1320', '2024-07-08,Iopamix 370,40000,37200', '2024-07-08,Gadovue 1.0,0,1410', '2024-07-15,Iopamix 370,35000,36900', '2024-07-15,Gadovue 1.0,2000,1380'].join('\n'),
  };
  it('"Iopamix" names "Iopamix 370" when no other agent shares the name: its received total is found', async () => {
    const verdict = await judge('Iopamix received 115,000 mL in July.', [stock], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: the actor of a compound verb, and a surname alone', () => {
  const log = {
    file: 'charging.log',
    text: [
      '2024-11-19T01:44:50Z WARN chargeflow[cf-01] remote restart ctrl-bay-b requested by p.nair result=failed',
      '2024-11-19T01:52:10Z INFO chargeflow[cf-01] site electrician d.okafor paged by p.nair',
      '2024-11-19T02:40:10Z INFO chargeflow[cf-01] ctrl-bay-b manual power cycle recorded by d.okafor',
      '2024-11-19T02:58:30Z INFO chargeflow[cf-01] sessions resumed on bay B, confirmed by p.nair',
    ].join('\n'),
  };
  it('"p.nair power-cycled the controller" at 02:40 is contradicted: the 02:40 record names d.okafor', async () => {
    const verdict = await judge('02:40 — p.nair power-cycled the controller on site.', [log], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says p\.nair, .* by=d\.okafor/);
  });

  it('"Okafor power-cycled the controller" names d.okafor by the surname alone and is not contradicted', async () => {
    const verdict = await judge('02:40 — Okafor power-cycled the controller on site.', [log], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a surname alone names its one id: "Nair" confirming at 02:58 is borne out, "Nair" power-cycling at 02:40 is not', async () => {
    const right = await judge('02:58 — Nair confirmed that sessions had resumed on bay B.', [log], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const wrong = await judge('02:40 — Nair power-cycled the controller on site.', [log], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /claim says nair, .* by=d\.okafor/);
  });
});

describe('offline judge: a role given as a field of its own', () => {
  const press = {
    file: 'press.log',
    text: [
      '2024-06-11T02:33:18Z INFO hmi[TP-3] operator login user=r.okafor role=press_operator',
      '2024-06-11T02:38:04Z INFO press-ctl[TP-3] press stopped user=r.okafor role=press_operator reason="IPC weight out of spec"',
      '2024-06-11T03:47:55Z INFO press-ctl[TP-3] line clearance signed user=m.haddad role=qa_inspector',
    ].join('\n'),
  };
  it('"03:47 — The press operator signed the line clearance" is contradicted: the 03:47 signature is the QA inspector\'s', async () => {
    const verdict = await judge('03:47 — The press operator signed the line clearance.', [press], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says the press operator, .* qa_inspector=m\.haddad/);
  });

  it('"02:38 — The press operator stopped the press" is the press operator\'s own act', async () => {
    const verdict = await judge('02:38 — The press operator stopped the press.', [press], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: concentrations in ppm', () => {
  const machine = {
    file: 'machine.log',
    text: [
      '2024-09-17T02:34:58Z ERROR m400-03 chamber O2=1020ppm above alarm 1000ppm layer=1112',
      '2024-09-17T02:40:10Z ERROR m400-03 chamber O2=1460ppm',
      '2024-09-17T03:14:30Z INFO m400-03 purge complete O2=190ppm',
    ].join('\n'),
  };
  it('"02:40 — Chamber oxygen peaked at 1,640 ppm" is contradicted by the 02:40 reading of 1460 ppm', async () => {
    const verdict = await judge('02:40 — Chamber oxygen peaked at 1,640 ppm.', [machine], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /1460ppm/);
  });

  it('"03:14 — The purge finished at 190 ppm" is grounded', async () => {
    const verdict = await judge('03:14 — The chamber purge finished at 190 ppm.', [machine], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('a threshold a record states ("above 1000ppm") is no reading of the claim\'s 1,020 ppm', async () => {
    const signals = { file: 'signals.log', text: '[signal] alert_id=O2-ALARM-119 fired_at=2024-09-17T02:35:01Z severity=critical host=m400-03 summary="chamber O2 above 1000ppm, exposure paused"' };
    const verdict = await judge('02:35 — At 1,020 ppm on m400-03 the interlock paused the build.', [signals], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a change of co2_limit_ppm is named by "CO2 limit": raising it is contradicted when the plan lowers it', async () => {
    const plan = { file: 'change_plan.json', text: JSON.stringify({ profile: 'HP-6', changes: { co2_limit_ppm: { from: 8000, to: 7500 } } }) };
    const raised = await judge('The CO2 limit was raised to 8,000 ppm.', [plan], { decision: 'rules' });
    assert.equal(raised.partition, 'contradicted', raised.reason);
    assert.match(raised.reason, /claim says it was raised/);
    const lowered = await judge('The CO2 limit was lowered to 7,500 ppm.', [plan], { decision: 'rules' });
    assert.notEqual(lowered.partition, 'contradicted', lowered.reason);
  });
});

describe('offline judge: the time of an act its own record gives', () => {
  const rms = {
    file: 'rms.log',
    text: [
      '2024-09-14T03:18:02Z INFO rms-ops[rms-1] REEF-PWR-014 paged to E&M on-call t.wren',
      '2024-09-14T03:31:52Z INFO rms-ops[rms-1] REEF-PWR-014 acknowledged by t.wren (E&M shift lead)',
      '2024-09-14T03:47:10Z WARN scada-bridge[rms-1] KF-17 not restarted by t.wren, breaker re-tripped',
    ].join('\n'),
  };
  it('"t.wren, who acknowledged it at 03:21" is contradicted: the acknowledgement is logged at 03:31:52', async () => {
    const verdict = await judge('REEF-PWR-014 was paged to the on-call, t.wren, who acknowledged it at 03:21.', [rms], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says acknowledged at 03:21; .* records it at 2024-09-14T03:31:52Z/);
  });

  it('the logged minute bears it out', async () => {
    const verdict = await judge('REEF-PWR-014 was paged to the on-call, t.wren, who acknowledged it at 03:31.', [rms], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a record that says the act did not happen gives it no time', async () => {
    const verdict = await judge('KF-17 was restarted by t.wren, who restarted it at 03:52.', [rms], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /records it at/);
  });
});

describe('offline judge: the date of an act its own records give', () => {
  const rollout = {
    file: 'rollout.log',
    text: [
      '2024-10-07T06:12:00Z INFO fw-deploy wave=1 start printers=mjf-02',
      '2024-10-07T07:03:00Z INFO fw-deploy wave=1 complete printers=mjf-02 result=success',
      '2024-10-08T05:50:14Z WARN scheduler wave=2 deferred: mjf-03 running PB-24-0449',
      '2024-10-09T06:05:00Z INFO fw-deploy wave=2 start printers=mjf-01,mjf-03',
      '2024-10-09T07:41:00Z INFO fw-deploy wave=2 complete printers=mjf-01,mjf-03 result=success',
    ].join('\n'),
  };
  it('"Wave 2 ran on 8 October" is contradicted: wave 2 started and completed on 9 October (its 8 October record is a deferral)', async () => {
    const verdict = await judge('Wave 2 ran on 8 October.', [rollout], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says ran on 8 October; the records of it are dated 2024-10-09/);
  });

  it('"Wave 1 ran on 7 October" is borne out', async () => {
    const verdict = await judge('Wave 1 ran on 7 October.', [rollout], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('an act no record words ("tested on") is not dated by the rollout\'s records', async () => {
    const verdict = await judge('Wave 2 was tested in staging on 8 October.', [rollout], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /records of it are dated/);
  });

  it('a plan\'s date in a record is no date of the act', async () => {
    const plan = { file: 'rollout.json', text: JSON.stringify({ waves: [{ wave: 2, planned_date: '2024-10-08', started: '2024-10-09T06:05:00Z', finished: '2024-10-09T07:41:00Z', result: 'success' }, { wave: 3, planned_date: '2024-10-10', started: '2024-10-10T06:20:00Z', finished: '2024-10-10T09:52:00Z' }] }) };
    const verdict = await judge('Wave 2 ran on 8 October as planned.', [plan, rollout], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});
