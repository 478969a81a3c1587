// JSON Lines traces that write a tool's output as its own event ({"type":"tool_result"}) right
// after the call: the output is the call's result (one item, one gate step, lines call–result);
// a result that follows no call is read for its text but the gate counts it as unreadable (fail
// closed). Expected values are worked out by hand from the lines below.
import * as assert from 'node:assert/strict';
import { parseEvidence } from '../../src/core/evidence';
import { runGate } from '../../src/core/gate';
import { judge } from '../support/judge-sources';

const call = { ts: '2024-09-14T18:22:30Z', type: 'tool_call', tool: 'manual_entries', args: { event: 'EVT-0914', gate: 'C' } };
const result = { ts: '2024-09-14T18:22:31Z', type: 'tool_result', tool: 'manual_entries', result: { gate: 'C', manual_lookups: 187, from: '17:56', to: '18:12' } };
const trace = (events: object[]) => ({ file: 'trace.jsonl', text: events.map((e) => JSON.stringify(e)).join('\n') + '\n' });

describe('evidence: a tool_result event after its tool_call', () => {
  it("is read into the call's item: one item spanning both lines, its result's fields readable, no warning", () => {
    const { items, warnings } = parseEvidence(trace([call, result]));
    assert.equal(items.length, 1);
    const [item] = items;
    assert.equal(item!.kind, 'tool_call');
    assert.deepEqual([item!.line, item!.endLine], [1, 2]);
    assert.equal(item!.fields.manual_lookups, '187');
    assert.equal(item!.fields.result_ts, '2024-09-14T18:22:31Z');
    assert.match(item!.text, /manual_lookups/);
    assert.deepEqual(warnings, []);
  });

  it('grounds a claim on the figure the result gives', async () => {
    const verdict = await judge('Gate C staff handled 187 manual lookups between 17:56 and 18:12.', [trace([call, result])]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('a result with no call just before it is readable text but an unreadable gate step, with a warning naming its line', () => {
    const reasoning = { type: 'reasoning', text: 'checking manual entries' };
    const { items, warnings } = parseEvidence(trace([call, reasoning, result]));
    assert.equal(items.length, 3);
    assert.equal(items[2]!.unreadable, 'tool_result without its tool_call just before it');
    assert.match(items[2]!.text, /manual_lookups/);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.line, 3);
    // The gate: two reasoning steps (the reasoning line and the unreadable result), one call.
    const gate = runGate({ report: 'Gate C handled 187 manual lookups.', evidenceItems: items, claimType: 'assertion', surface: ['EVT-0914'] }).result;
    assert.equal(gate.replay.tool_calls, 1);
    assert.equal(gate.replay.reasoning_steps, 2);
  });

  it('a result of another tool than the call just before is not that call\'s result', () => {
    const { items } = parseEvidence(trace([call, { ...result, tool: 'ticket_query' }]));
    assert.equal(items.length, 2);
    assert.notEqual(items[1]!.unreadable, undefined);
  });

  it('a result with nothing in it is an unreadable step', () => {
    const { items, warnings } = parseEvidence(trace([call, { type: 'tool_result', tool: 'manual_entries' }]));
    assert.equal(items.length, 2);
    assert.equal(items[1]!.text, '');
    assert.match(warnings[0]!.message, /no result, output or content/);
  });
});
