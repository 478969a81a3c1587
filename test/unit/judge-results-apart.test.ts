// The offline judge reading a figure against the rows of several tool results of one shape (this
// window's overrides by cabinet and last week's as a baseline): each result is read apart, so a
// figure another cabinet's row holds in one of them, and the named cabinet's rows hold in none, is
// put on the wrong row. Evidence is parsed by the real evidence reader; expected verdicts are
// worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: a figure read in each tool result apart', () => {
  const trace = {
    file: 'trace.jsonl',
    text: [
      { ts: '2024-09-14T07:41:10Z', type: 'tool_call', tool: 'overrides.report', args: { unit: 'ED', from: '2024-09-14T02:11:00Z' } },
      { ts: '2024-09-14T07:41:12Z', type: 'tool_result', tool: 'overrides.report', result: { rows: [{ cabinet: 'ED-ADC-01', overrides: 23 }, { cabinet: 'ED-ADC-02', overrides: 31 }, { cabinet: 'ED-ADC-03', overrides: 9 }] } },
      { ts: '2024-09-14T07:41:30Z', type: 'tool_call', tool: 'overrides.report', args: { unit: 'ED', from: '2024-09-07T02:11:00Z' } },
      { ts: '2024-09-14T07:41:31Z', type: 'tool_result', tool: 'overrides.report', result: { rows: [{ cabinet: 'ED-ADC-01', overrides: 3 }, { cabinet: 'ED-ADC-02', overrides: 2 }, { cabinet: 'ED-ADC-03', overrides: 2 }] } },
    ]
      .map((event) => JSON.stringify(event))
      .join('\n'),
  };

  it('31 overrides put on ED-ADC-01 is ED-ADC-02\'s, though ED-ADC-01 appears in both results', async () => {
    // ED-ADC-01 had 23 this window and 3 the week before; 31 is ED-ADC-02's this window.
    const verdict = await judge('ED-ADC-01 took 31 overrides.', [trace]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /overrides=23 for ED-ADC-01; 31 is ED-ADC-02's/);
  });

  it('a figure the named row holds in either result is not contradicted', async () => {
    const now = await judge('ED-ADC-01 took 23 overrides.', [trace]);
    assert.notEqual(now.partition, 'contradicted', now.reason);
    // 3 is ED-ADC-01's the week before: the claim may be of that result.
    const before = await judge('ED-ADC-01 took 3 overrides.', [trace]);
    assert.notEqual(before.partition, 'contradicted', before.reason);
  });
});
