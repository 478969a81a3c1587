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
});
