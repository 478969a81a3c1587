// Issue 19, finding 10: the gate fails closed on trace events it cannot read. A property over
// random JSONL traces (1,000 runs): corrupting one event, or removing a field its type needs,
// never turns a REJECT into an ACCEPT, and the corrupted line still counts as a step.
// (Deleting a whole line is not covered: no reader can tell a deleted reasoning line from one
// never written, and a trace without it legitimately spends less budget.)
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseEvidence } from '../../src/core/evidence';
import { runGate, type GateClaimType } from '../../src/core/gate';

const toolCall = fc.record({
  type: fc.constant('tool_call'),
  tool: fc.constantFrom('read', 'cat', 'write'),
  args: fc.constantFrom('file.txt', '/srv/proj/file.txt', 'other.txt'),
  result: fc.constantFrom('data', 'file.txt: retries=5', 'v2'),
  mutating: fc.boolean(),
  exit_ok: fc.boolean(),
  signals: fc.subarray(['tests_passed']),
  turn: fc.integer({ min: 1, max: 3 }),
});
const reasoning = fc.record({ type: fc.constant('reasoning'), text: fc.constantFrom('thinking', 'file.txt looks fine'), turn: fc.integer({ min: 1, max: 3 }) });
// Turns only move forward in a real trace.
const trace = fc
  .array(fc.oneof({ weight: 3, arbitrary: toolCall }, { weight: 2, arbitrary: reasoning }), { minLength: 1, maxLength: 16 })
  .map((events) => [...events].sort((a, b) => a.turn - b.turn));

/** Ways a line gets broken: each leaves it unreadable as an event of its type. */
const CORRUPTIONS: Record<string, (event: Record<string, unknown>) => string> = {
  truncated: (event) => JSON.stringify(event).slice(0, -3),
  unknownType: (event) => JSON.stringify({ ...event, type: 'tool_progress' }),
  noType: ({ type: _type, ...rest }) => JSON.stringify(rest),
  // The field the type needs: a reasoning step's text, a call's tool.
  noRequiredField: ({ text: _text, tool: _tool, ...rest }) => JSON.stringify(rest),
  contentForText: ({ text, ...rest }) => JSON.stringify({ ...rest, content: text ?? 'x' }),
  badTurn: (event) => JSON.stringify({ ...event, turn: 'two' }),
  notAnObject: () => '[1,2,3]',
  empty: () => '{}',
  deep: (event) => `${'['.repeat(2_000)}${JSON.stringify(event)}${']'.repeat(2_000)}`,
};

function gateVerdict(lines: readonly string[], claimType: GateClaimType | undefined, cap: number, refill: number, goals: string[]) {
  const { items } = parseEvidence({ file: 'trace.jsonl', text: lines.join('\n') + '\n' });
  const report = 'I restarted the service and updated file.txt.';
  return runGate({ report, evidenceItems: items, claimType, surface: ['file.txt'], overrides: { cap, refill }, goals }).result;
}

describe('gate: unreadable trace events fail closed', () => {
  it('corrupting one event, or removing a field it needs, never turns REJECT into ACCEPT (1,000 runs)', () => {
    const setup = fc.record({
      events: trace,
      at: fc.nat(),
      corruption: fc.constantFrom(...Object.keys(CORRUPTIONS)),
      // undefined: the claim type is inferred from the report and whether the trace mutated.
      claimType: fc.constantFrom<GateClaimType | undefined>('assertion', 'completion', undefined),
      cap: fc.integer({ min: 2, max: 8 }),
      refillShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
      goals: fc.subarray(['tests_passed']),
    });
    let rejectionsKept = 0;
    fc.assert(
      fc.property(setup, ({ events, at, corruption, claimType, cap, refillShare, goals }) => {
        const refill = 1 + Math.floor(refillShare * (cap - 1));
        const lines = events.map((event) => JSON.stringify(event));
        const position = at % lines.length;
        const corrupted = [...lines];
        corrupted[position] = CORRUPTIONS[corruption]!(events[position]!);
        const before = gateVerdict(lines, claimType, cap, refill, goals);
        const after = gateVerdict(corrupted, claimType, cap, refill, goals);
        // The broken line is still a step: as many steps as before, one more of them reasoning
        // when it was a tool call.
        assert.equal(after.replay.tool_calls + after.replay.reasoning_steps, before.replay.tool_calls + before.replay.reasoning_steps);
        assert.ok(after.replay.reasoning_steps >= before.replay.reasoning_steps);
        if (before.verdict === 'REJECT') {
          assert.equal(after.verdict, 'REJECT', `${corruption} at line ${position + 1} turned REJECT into ACCEPT`);
          rejectionsKept++;
        }
      }),
      { numRuns: 1000 },
    );
    // The property is only worth something if rejections were actually put to the test.
    assert.ok(rejectionsKept >= 200, `only ${rejectionsKept} rejections were tested`);
  });

  it('counts an unreadable step against the budget and names it in the reasons', () => {
    // diverger: cap 4, refill 1. A read of file.txt then four steps the gate cannot classify.
    const lines = [
      JSON.stringify({ type: 'tool_call', tool: 'cat', args: 'file.txt', result: 'retries=5', mutating: false, turn: 1 }),
      '{"type":"reasoning"}',
      '{"type":"reasoning","content":"thinking"}',
      '{"type":"thought","text":"thinking"}',
      '{"type":"reasoning","text":',
    ];
    const { items, warnings } = parseEvidence({ file: 'trace.jsonl', text: lines.join('\n') });
    assert.deepEqual(warnings.map((warning) => warning.line), [2, 3, 4, 5]);
    const gate = runGate({ report: 'file.txt has retries=5.', evidenceItems: items, claimType: 'assertion', surface: ['file.txt'], preset: 'diverger' }).result;
    assert.equal(gate.verdict, 'REJECT');
    assert.equal(gate.replay.reasoning_steps, 4);
    // 4, +1 refill capped at 4, then four steps: 0.
    assert.equal(gate.budget.remaining, 0);
    assert.ok(gate.reasons.includes('reasoning budget exhausted'));
    assert.ok(gate.reasons.some((reason) => /E2 could not be read/.test(reason)), gate.reasons.join('; '));
  });

  it('refuses a trace line nested 2,000 deep with a one-line warning, and reads the next line', () => {
    const deep = `{"type":"tool_call","tool":"cat","args":${'['.repeat(2_000)}${']'.repeat(2_000)}}`;
    const { items, warnings } = parseEvidence({ file: 'trace.jsonl', text: `${deep}\n{"type":"reasoning","text":"next"}\n` });
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.line, 1);
    assert.match(warnings[0]!.message, /^JSON nested deeper than 128 levels; counted as an unreadable reasoning step$/);
    assert.deepEqual(items.map((item) => [item.id, item.kind, item.unreadable !== undefined]), [['E1', 'reasoning', true], ['E2', 'reasoning', false]]);
  });
});
