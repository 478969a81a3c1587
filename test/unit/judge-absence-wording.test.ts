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

  it('a denial inside a clause that describes a thing ("logged but not rejected") denies no event the claim is about', async () => {
    const shadow = { file: 'gw.log', text: '2026-11-03T15:36:12Z INFO gw_logs_query consumer_group=partner-tier mode=shadow requests=412905 would_reject=2318' };
    // "logged but not rejected" says what shadow mode does to requests; the claim is about how many
    // would have been turned away (2,318 of 412,905), which the record gives.
    const described = await judge('In shadow mode, with requests over the limit logged but not rejected, 2,318 of roughly 413,000 partner-tier requests would have been turned away.', [shadow]);
    assert.notEqual(described.partition, 'contradicted', described.reason);
    // Denied in the main clause, the rejections the record counts are read against it, as before.
    assert.equal((await judge('Requests over the limit were not rejected in shadow mode.', [shadow])).partition, 'contradicted');
  });
});
