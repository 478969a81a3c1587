// Properties of the gate over random agent traces (fast-check, ≥ 1,000 runs each). The oracles
// below read the generated events directly; they do not reuse the gate's own bookkeeping.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { SurfaceMatcher, createGateState, identifierTokens, replayGate, type GateClaimType, type GateEvent, type GateState, type ReplayStep } from '../../src/core/gate';

const RUNS = { numRuns: 1000 };
// Which generated names are about file.txt is known by construction (path-aware relevance).
const ARGS = { 'file.txt': true, './file.txt': true, '/srv/proj/file.txt': true, 'other.txt': false, 'file.txt.bak': false } as const;
const RESULTS = { data: false, v1: false, v2: false, 'file.txt: retries=5': true, 'saved at 2026-07-10T20:47:03Z': false } as const;

const toolCall = fc.record({
  kind: fc.constant('tool_call' as const),
  turn: fc.integer({ min: 1, max: 3 }),
  call: fc.record({
    tool: fc.constantFrom('read', 'cat', 'write'),
    args: fc.constantFrom(...(Object.keys(ARGS) as Array<keyof typeof ARGS>)),
    result: fc.constantFrom(...(Object.keys(RESULTS) as Array<keyof typeof RESULTS>)),
    mutating: fc.boolean(),
    exitOk: fc.boolean(),
    signals: fc.subarray(['tests_passed', 'lint_clean']),
  }),
});
const reasoning = fc.record({ kind: fc.constant('reasoning' as const), turn: fc.integer({ min: 1, max: 3 }) });
const terminal = fc.record({
  kind: fc.constant('terminal' as const),
  turn: fc.integer({ min: 1, max: 3 }),
  claimType: fc.constantFrom<GateClaimType>('assertion', 'completion', 'unverified', 'none'),
});
// Turns only move forward in a real trace.
const trace = fc
  .array(fc.oneof({ weight: 5, arbitrary: toolCall }, { weight: 2, arbitrary: reasoning }, { weight: 2, arbitrary: terminal }), { maxLength: 40 })
  .map((events) => {
    const sorted = [...events].sort((a, b) => a.turn - b.turn);
    return sorted as GateEvent[];
  });
const options = fc.oneof(
  fc.record({ preset: fc.constantFrom('default' as const, 'skipper' as const, 'diverger' as const) }),
  fc.integer({ min: 2, max: 12 }).chain((cap) => fc.record({ cap: fc.constant(cap), refill: fc.integer({ min: 1, max: cap - 1 }) })),
);

/** A read-only call that names file.txt (in its args or its result). */
function isRelevantObservation(event: GateEvent): boolean {
  if (event.kind !== 'tool_call') return false;
  const { call } = event;
  return !call.mutating && (ARGS[call.args as keyof typeof ARGS] || RESULTS[call.result as keyof typeof RESULTS]);
}

/** Runs `check` on ≥ 1,000 random traces, each replayed through a fresh gate. */
function forEveryReplay(check: (events: GateEvent[], steps: ReplayStep[], gate: GateState) => void): void {
  fc.assert(
    fc.property(trace, options, (events, gateOptions) => {
      const gate = createGateState({ claimSurface: ['file.txt'], ...gateOptions });
      check(events, replayGate(events, gate), gate);
    }),
    RUNS,
  );
}

describe('gate: properties over random traces', () => {
  it('never ACCEPTs a completion without a relevant, successful read after the last mutation, in the same turn', () => {
    forEveryReplay((events, steps) => {
      steps.forEach((step, index) => {
        if (step.boundary?.claim_type !== 'completion' || step.boundary.verdict !== 'ACCEPT') return;
        const before = events.slice(0, index);
        let lastMutation = -1;
        before.forEach((event, position) => {
          if (event.kind === 'tool_call' && event.call.mutating) lastMutation = position;
        });
        assert.ok(lastMutation >= 0, 'accepted a completion with no mutation');
        const readBack = before
          .slice(lastMutation + 1)
          .some((event) => isRelevantObservation(event) && event.kind === 'tool_call' && event.call.exitOk !== false && event.turn === events[index].turn);
        assert.ok(readBack, 'accepted a completion without a post-mutation read');
      });
    });
  });

  it('always ACCEPTs unverified', () => {
    forEveryReplay((_events, steps) => {
      for (const step of steps) {
        if (step.boundary?.claim_type === 'unverified') assert.equal(step.boundary.verdict, 'ACCEPT');
      }
    });
  });

  it('keeps the budget within [0, cap] after every step', () => {
    forEveryReplay((_events, steps, gate) => {
      for (const step of steps) assert.ok(step.budget >= 0 && step.budget <= gate.cap, `budget ${step.budget} outside [0, ${gate.cap}]`);
    });
  });

  it('never ACCEPTs an assertion without a relevant read-only observation in its turn, nor at budget 0', () => {
    forEveryReplay((events, steps) => {
      steps.forEach((step, index) => {
        if (step.boundary?.claim_type !== 'assertion' || step.boundary.verdict !== 'ACCEPT') return;
        assert.ok(index === 0 || steps[index - 1].budget > 0, 'accepted at budget 0');
        const observed = events.slice(0, index).some((event) => isRelevantObservation(event) && event.turn === events[index].turn);
        assert.ok(observed, 'accepted an assertion with nothing observed this turn');
      });
    });
  });
});

describe('gate: relevance search equals whole-text tokenization', () => {
  it('hitsIn(text) = hits(identifierTokens(text)) on random texts of names, paths and separators', () => {
    const surface = fc.subarray(['app.cfg', '/srv/proj/app.cfg', 'proj/app.cfg', 'retries', 'db-prod-1', 'é.log'], { minLength: 1 });
    const piece = fc.constantFrom('app', '.cfg', 'cfg', '/', './', '../', 'srv', 'proj', 'retries', 'db-prod-1', '-', '.', '_', ' ', '\n', '=', ':', 'é', 'log', '.bak', '5', '"', ',');
    const text = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(surface, text, (names, sample) => {
        const matcher = new SurfaceMatcher(names);
        assert.deepEqual(matcher.hitsIn(sample), matcher.hits(identifierTokens(sample)));
      }),
      RUNS,
    );
  });
});
