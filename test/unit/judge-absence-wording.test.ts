// The offline judge on what a negation denies: an inability or a rule ("can't be scanned", "could
// not parse") denies no event a record could refute, and "no retry limit" denies the limit, not
// retries. Evidence is parsed by the real evidence reader; expected verdicts are reasoned by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: what a negation denies', () => {
  it('an inability is not refuted by a record of the thing attempted', async () => {
    const log = {
      file: 'feedhandler.log',
      text: [
        '2024-05-14T13:31:02Z WARN fh-nasdaq-02 line A gap detected seq=88120-88164',
        '2024-05-14T13:31:02Z WARN fh-nasdaq-02 line B gap detected seq=88120-88164',
        '2024-05-14T13:31:03Z ERROR fh-nasdaq-02 arbitration fill failed: range missing on both lines',
      ].join('\n'),
    };
    // Both lines miss the range; the fill record is of the fill failing: "could not fill" is borne out.
    const verdict = await judge('A/B arbitration could not fill the gap.', [log]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a rule worded with "can\'t" is not refuted by a setting that names the thing', async () => {
    const config = { file: 'venue-config.json', text: JSON.stringify({ transfer: { scan_block_after_accept_min: 30, scan_enabled: true } }, null, 2) };
    const verdict = await judge("Once your friend accepts, the ticket can't be scanned for 30 minutes.", [config]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('"no retry limit" is refuted only by a record of a limit, not by retries', async () => {
    const retries = {
      file: 'decoder.log',
      text: ['2026-03-02T04:10:01Z ERROR decoder-2 checksum mismatch partition=4 offset=8812047', '2026-03-02T04:10:02Z WARN decoder-2 retrying offset=8812047 attempt=2', '2026-03-02T04:10:03Z WARN decoder-2 retrying offset=8812047 attempt=3'].join('\n'),
    };
    const noLimit = await judge('decoder-2 kept retrying the same message with no retry limit.', [retries]);
    assert.notEqual(noLimit.partition, 'contradicted', noLimit.reason);
    // A plain denial of the events themselves is refuted by them.
    const noRetries = await judge('decoder-2 made no retries.', [retries]);
    assert.equal(noRetries.partition, 'contradicted', noRetries.reason);
  });
});
