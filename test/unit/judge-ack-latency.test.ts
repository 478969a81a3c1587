// The offline judge on how soon a page was acknowledged, against the page and its acknowledgement:
// one record with its sent and ack times, or an ack line and the alert's or page's record before
// it. Evidence is parsed by the real evidence reader; each span is worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const pages = {
  file: 'alerts.log',
  text: [
    '[page] alert_id=DRY-DAMPER-003 to=dryer-operator n.perera sent_at=2024-06-11T02:07:20Z ack_at=2024-06-11T02:09:48Z',
    '[page] alert_id=DRY-TEMP-HH-022 to=factory-officer k.jayasinghe sent_at=2024-06-11T02:30:20Z ack_at=2024-06-11T02:41:05Z',
  ].join('\n'),
};

const pager = {
  file: 'tote.log',
  text: [
    '2024-07-13T13:54:20Z INFO pager[ops] paged on-call=dev.patel alert=TOTE-BET-FAIL-01',
    '2024-07-13T13:56:48Z INFO pager[ops] ack on-call=dev.patel alert=TOTE-BET-FAIL-01',
  ].join('\n'),
};
const signals = { file: 'alerts.log', text: '[signal] alert_id=TOTE-BET-FAIL-01 fired_at=2024-07-13T13:54:05Z severity=critical' };

describe('offline judge: how soon a page was acknowledged', () => {
  it("reads a page record's sent and ack times, picking the page by the claim's moment", async () => {
    // Sent 02:30:20, acknowledged 02:41:05: 10 min 45 s, not within 5 minutes.
    const claim = await judge('02:30 — The critical alert paged factory officer K. Jayasinghe, who acknowledged it within 5 minutes.', [pages]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    // N. Perera's page: 02:07:20 to 02:09:48, 2 min 28 s, within 5 minutes.
    assert.notEqual((await judge('02:07 — The damper alert paged operator N. Perera, who acknowledged it within 5 minutes.', [pages])).partition, 'contradicted');
  });

  it('reads an ack line against the page before it for the same alert', async () => {
    // Paged 13:54:20, acked 13:56:48: 2 min 28 s, more than a minute; within three minutes holds.
    assert.equal((await judge('13:54 — Dev Patel, the on-call engineer, was paged and acknowledged within a minute.', [pager, signals])).partition, 'contradicted');
    assert.notEqual((await judge('13:54 — Dev Patel, the on-call engineer, was paged and acknowledged within three minutes.', [pager, signals])).partition, 'contradicted');
  });

  describe("an alert's own ack record, written again by the panel, and a claim that names neither", () => {
    const alerts = {
      file: 'alerts.log',
      text: [
        '[signal] alert_id=SET-VALVE-FAULT-S07 fired_at=2024-03-14T01:46:15Z severity=major unit=S-07',
        '[signal] alert_id=SET-TEMP-HIGH-S07 fired_at=2024-03-14T01:57:40Z severity=critical unit=S-07',
        '[signal] alert_id=SET-TEMP-HIGH-S07 acked_at=2024-03-14T02:09:15Z unit=S-07 by=m.nowak',
      ].join('\n'),
    };
    const panel = { file: 'controller.log', text: '2024-03-14T02:09:15Z INFO incunet[S-07] alarm acknowledged at panel by m.nowak' };
    const runbook = { file: 'runbook.md', text: '# Setter over-temperature\n\nAcknowledge a critical alarm within 10 minutes.\n' };

    it("times the ack from its alert's firing, not from the ack record itself, and takes the one ack there is", async () => {
      // SET-TEMP-HIGH-S07 fired 01:57:40 and was acknowledged 02:09:15: 11 min 35 s, outside 10 minutes.
      const late = await judge("The alarm was acknowledged within the runbook's 10-minute response target.", [alerts, panel, runbook]);
      assert.equal(late.partition, 'contradicted', late.reason);
      assert.match(late.reason, /12 minutes/);
      // Within 15 minutes it was.
      const inTime = await judge("The alarm was acknowledged within the runbook's 15-minute response target.", [alerts, panel, runbook]);
      assert.notEqual(inTime.partition, 'contradicted', inTime.reason);
    });
  });
});
