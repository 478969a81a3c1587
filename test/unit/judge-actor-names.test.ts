// The offline judge recognising a person the report writes by name ("Priya Nandakumar", "Daniel
// Kovac") whom the records write as an id — glued (pnandakumar), dotted with the first name
// (daniel.kovac) — and reading who did the act against the record of it.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: people written by name whom records write as glued or dotted ids', () => {
  const ops = {
    file: 'app.log',
    text: [
      '2025-03-12T09:19:55Z WARN proctor-ingest worker pool saturated busy=24/24',
      '2025-03-12T09:24:12Z INFO ops-cli user=dmensah action=ack alert=PRC-Q-007',
      '2025-03-12T09:24:40Z INFO ops-cli user=dmensah action=page target=pnandakumar reason="ingest backlog"',
      '2025-03-12T09:31:02Z INFO oncall VQ-JOIN-5XX acknowledged by priya.raman',
      '2025-03-12T09:40:30Z INFO ops[daniel.kovac] status page updated',
    ].join('\n'),
  };

  it('a person records write glued (pnandakumar) is not the one whose id the ack record gives', async () => {
    // The ack at 09:24:12 was by user=dmensah; pnandakumar was only paged.
    const verdict = await judge('09:24 — Priya Nandakumar acknowledged PRC-Q-007.', [ops]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /priya nandakumar, E2 says user=dmensah/);
  });

  it('the person the record names, written by initial and surname, is not contradicted', async () => {
    // dmensah is D. Mensah: d + mensah.
    const verdict = await judge('09:24 — D. Mensah acknowledged PRC-Q-007.', [ops]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a person written with their first name in full (daniel.kovac) is read against "acknowledged by priya.raman"', async () => {
    const wrong = await judge('09:31 — Daniel Kovac acknowledged VQ-JOIN-5XX.', [ops]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /daniel kovac, E4 says by=priya\.raman/);
    // priya.raman is Priya Raman.
    const right = await judge('09:31 — Priya Raman acknowledged VQ-JOIN-5XX.', [ops]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a capitalised pair no record writes as an id is no known actor; only the act\'s own record answers it', async () => {
    // "Thornfield Peaks" has no id form (tpeaks, thornfield.peaks) in the records: nothing of an
    // act the records do not hold ("escalated") is checked against their actors.
    const escalated = await judge('09:24 — Thornfield Peaks escalated PRC-Q-007.', [ops]);
    assert.doesNotMatch(escalated.reason, /claim says thornfield peaks/);
    // The 09:24 record of the act itself ("acknowledged" is its action=ack) names dmensah: that one
    // record answers whoever the claim names (as for a person no record names, actors.ts).
    const acked = await judge('09:24 — Thornfield Peaks acknowledged PRC-Q-007.', [ops]);
    assert.match(acked.reason, /claim says thornfield peaks, E2 says user=dmensah/);
  });

  it('two people given two roles ("requested by … and approved by …") are each read against the field their verb names', async () => {
    const change = { file: 'deploy.json', text: JSON.stringify({ change_id: 'CHG-56204', requested_by: 'anika.feld', approved_by: 'marcus.whitlow', status: 'completed' }, null, 2) };
    // requested_by is anika.feld and approved_by is marcus.whitlow: the claim swaps them.
    const swapped = await judge('The change was requested by Marcus Whitlow and approved by Anika Feld.', [change]);
    assert.equal(swapped.partition, 'contradicted', swapped.reason);
    assert.match(swapped.reason, /names (?:marcus\.whitlow|anika\.feld)/);
    const right = await judge('The change was requested by Anika Feld and approved by Marcus Whitlow.', [change]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('the moment of an act is read in the record that writes the person by their login', async () => {
    const alerts = {
      file: 'alerts.log',
      text: [
        '[signal] alert_id=PACS-QUEUE-003 fired_at=2024-09-17T08:15:10Z severity=critical host=pacs-gw-1',
        '[signal] alert_id=PACS-QUEUE-003 acked_at=2024-09-17T08:21:10Z by=twieczorek',
        '[signal] alert_id=APPT-API-005 fired_at=2024-09-17T08:27:51Z severity=warning host=appt-1',
      ].join('\n'),
    };
    // twieczorek (T. Wieczorek) acknowledged PACS-QUEUE-003 at 08:21; 08:27 is another alert's firing.
    const wrong = await judge('08:27 — Tomasz Wieczorek acknowledged PACS-QUEUE-003.', [alerts]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /08:21/);
    const right = await judge('08:21 — Tomasz Wieczorek acknowledged PACS-QUEUE-003.', [alerts]);
    assert.equal(right.partition, 'grounded', right.reason);
  });

  it('a person only prose names ("Informed: Omar Said") is still the claimed actor, read against the field the act names; a role may stand before the name', async () => {
    const plan = { file: 'plan.md', text: '# Change plan\n\n- Approver: Helen Marsh, Director of Digital Services.\n- Informed: Omar Said, Head of Branch Services.\n' };
    const change = { file: 'deploy.json', text: JSON.stringify({ change_id: 'CHG-7745', requested_by: 'Lena Bauer', approved_by: 'Helen Marsh', status: 'completed' }, null, 2) };
    // approved_by is Helen Marsh; Omar Said was only informed.
    const wrong = await judge('The change was approved by the branch head, Omar Said.', [plan, change]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /omar said, deploy\.json:E\d+ says approved_by=helen marsh/);
    const right = await judge('The change was approved by the digital director, Helen Marsh.', [plan, change]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it("a person records give only as a role's value (owner: Tomasz Wren) is read against the field the act names", async () => {
    const change = { file: 'change.json', text: JSON.stringify({ change_id: 'CHG-8830', owner: 'Tomasz Wren', state: 'implementing' }, null, 2) };
    const pause = { file: 'trace.jsonl', text: JSON.stringify({ ts: '2026-10-07T15:05:31Z', type: 'tool_call', tool: 'fleet.pause', args: { change_id: 'CHG-8830', requested_by: 'Amira Shah' } }) };
    // The pause's requested_by is Amira Shah; Tomasz Wren owns the change.
    const wrong = await judge('The pause was requested by the change owner, Tomasz Wren.', [change, pause]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /tomasz wren, trace\.jsonl:E\d+ says requested_by=amira shah/);
    assert.notEqual((await judge('The pause was requested by the on-call engineer, Amira Shah.', [change, pause])).partition, 'contradicted');
  });

  it('"decision by M. Kowalczyk" names who decided; "restarted … as asked by T. Reyes" names who asked, not who restarted', async () => {
    const log = {
      file: 'change.log',
      text: [
        '2026-10-01T06:48:00Z INFO eng-ws02 dcs-eng: stage 1 signed off by J. Brennan (shift engineer)',
        '2026-10-03T09:05:12Z INFO eng-ws02 dcs-eng: rollback decision by M. Kowalczyk reason="cannot hold pressure"',
        '2026-10-03T09:40:33Z INFO lss-ctl[plc-1] SK-2 restarted by a.okafor at local panel LP-R1',
        '2026-10-03T09:40:40Z INFO carelog[aquarium] keeper=a.okafor note="skimmer SK-2 restarted as asked by T. Reyes"',
      ].join('\n'),
    };
    // 09:05: the rollback decision was M. Kowalczyk's, not J. Brennan's.
    const wrong = await judge('J. Brennan took the decision to roll back at 09:05.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /j\. brennan, E2 says by=m\. kowalczyk/);
    assert.notEqual((await judge('M. Kowalczyk took the decision to roll back at 09:05.', [log])).partition, 'contradicted');
    // 09:40: a.okafor restarted SK-2; T. Reyes only asked for it.
    const asked = await judge('09:40 — T. Reyes restarted the SK-2 skimmer.', [log]);
    assert.equal(asked.partition, 'contradicted', asked.reason);
    assert.match(asked.reason, /t\. reyes, E3 says by=a\.okafor/);
  });

  it('"switched MAN->AUTO by M. Kowalczyk": the states between the act and "by" do not hide who acted', async () => {
    const dcs = {
      file: 'dcs.log',
      text: [
        '2024-10-17T02:11:03Z WARN dcs-evap[opstn-2] LIC-431 switched AUTO->MAN by bad-quality PV (LT-431)',
        '2024-10-17T03:41:15Z INFO dcs-evap[opstn-2] LIC-431 switched MAN->AUTO by M. Kowalczyk, SP 55%',
      ].join('\n'),
    };
    // 03:41: M. Kowalczyk switched LIC-431 back to automatic, not R. Osei.
    const wrong = await judge('03:41 — R. Osei switched LIC-431 back to automatic with a 55% setpoint.', [dcs], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /r\. osei, E2 says by=m\. kowalczyk/);
    const right = await judge('03:41 — M. Kowalczyk switched LIC-431 back to automatic with a 55% setpoint.', [dcs], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

