// The grounding gate against the acceptance vectors of gate.md §5, the normalizer's pairs and the
// path-aware relevance examples of §3. Expected values are the spec's, not the code's output.
import * as assert from 'node:assert/strict';
import {
  GATE_REASONS,
  LEGAL_NEXT,
  boundaryCheck,
  classifyObservation,
  createGateState,
  identifiersMatch,
  normalizeForNovelty,
  replayGate,
  type GateEvent,
  type GateOptions,
  type ToolObservation,
} from '../../src/core/gate';
import { GroundingInputError } from '../../src/core/model';

const state = (options: GateOptions = {}) => createGateState({ claimSurface: ['file.txt'], ...options });
const read = (result = 'data', args: unknown = 'file.txt'): ToolObservation => ({ tool: 'read', args, result, mutating: false });
const write = (result = 'ok'): ToolObservation => ({ tool: 'write', args: 'file.txt', result, mutating: true });

const call = (observation: ToolObservation): GateEvent => ({ kind: 'tool_call', call: observation });
const reasoning: GateEvent = { kind: 'reasoning' };
const submit = (claimType: 'assertion' | 'completion' | 'unverified' | 'none'): GateEvent => ({ kind: 'terminal', claimType });

function verdicts(events: GateEvent[], options: GateOptions = {}, budget?: number) {
  const gate = state(options);
  if (budget !== undefined) gate.budget = budget;
  const steps = replayGate(events, gate);
  return { steps, gate, terminals: steps.filter((step) => step.boundary).map((step) => step.boundary!.verdict) };
}

describe('gate: classifier acceptance vectors (default preset, surface {file.txt})', () => {
  it('a read of file.txt with no mutation ever grounds an assertion only', () => {
    const result = classifyObservation(state(), read());
    assert.equal(result.groundsAssertion, true);
    assert.equal(result.groundsCompletion, false);
    assert.equal(result.outcome, 'observed');
  });

  it('the identical read again grounds nothing', () => {
    const gate = state();
    classifyObservation(gate, read());
    const again = classifyObservation(gate, read());
    assert.deepEqual([again.groundsAssertion, again.groundsCompletion, again.outcome], [false, false, 'duplicate']);
  });

  it('a read of other.txt grounds nothing', () => {
    const result = classifyObservation(state(), read('stuff', 'other.txt'));
    assert.deepEqual([result.groundsAssertion, result.groundsCompletion, result.outcome], [false, false, 'not_relevant']);
  });

  it('a mutating write of file.txt grounds nothing', () => {
    const result = classifyObservation(state(), write());
    assert.deepEqual([result.groundsAssertion, result.groundsCompletion, result.outcome], [false, false, 'mutation']);
  });

  it('a read before the mutation step grounds an assertion only', () => {
    const gate = state();
    gate.lastMutationStep = 5;
    gate.currentStep = 2; // this read is step 3
    const result = classifyObservation(gate, read());
    assert.deepEqual([result.groundsAssertion, result.groundsCompletion], [true, false]);
  });

  it('a read after the mutation grounds assertion and completion', () => {
    const gate = state();
    gate.lastMutationStep = 4;
    gate.currentStep = 4; // this read is step 5
    const result = classifyObservation(gate, read('new_data'));
    assert.deepEqual([result.groundsAssertion, result.groundsCompletion, result.outcome], [true, true, 'verified']);
  });

  it('an irrelevant read does not record its hash, so it counts once it becomes relevant', () => {
    const gate = createGateState({ claimSurface: ['file.txt'] });
    assert.equal(classifyObservation(gate, read('retries=5', 'app.cfg')).outcome, 'not_relevant');
    gate.claimSurface.add('app.cfg');
    assert.equal(classifyObservation(gate, read('retries=5', 'app.cfg')).groundsAssertion, true);
  });

  it('a re-read differing only by a syslog timestamp is not novel', () => {
    const gate = state();
    assert.equal(classifyObservation(gate, read('file.txt Jul 10 20:47:03 retries=5')).groundsAssertion, true);
    assert.equal(classifyObservation(gate, read('file.txt Jul 10 20:47:59 retries=5')).outcome, 'duplicate');
  });

  it('a novelty-exempt tool grounds again on an identical call', () => {
    const gate = state({ noveltyExempt: ['read'] });
    classifyObservation(gate, read());
    assert.equal(classifyObservation(gate, read()).groundsAssertion, true);
  });

  it('a failed read grounds an assertion but never verifies a completion; its signals do not count', () => {
    const gate = state();
    classifyObservation(gate, write());
    const failed = classifyObservation(gate, { ...read('permission denied'), exitOk: false, signals: ['tests_passed'] });
    assert.deepEqual([failed.groundsAssertion, failed.groundsCompletion], [true, false]);
    assert.equal(gate.verifiedSignals.has('tests_passed'), false);
  });

  it('qualifying refills up to the cap and clears the halt; a mutation resets verified', () => {
    const gate = state();
    gate.budget = 5;
    gate.halted = true;
    classifyObservation(gate, read());
    assert.equal(gate.budget, 6); // min(5 + 2, 6)
    assert.equal(gate.halted, false);
    gate.verifiedThisTurn = true;
    classifyObservation(gate, write());
    assert.equal(gate.verifiedThisTurn, false);
    assert.equal(gate.lastMutationStep, 2);
  });
});

describe('gate: boundary acceptance vectors', () => {
  function check(claimType: string, set: Partial<ReturnType<typeof state>> = {}, options: GateOptions = {}) {
    const gate = Object.assign(state(options), set);
    return { result: boundaryCheck(gate, claimType), gate };
  }

  it('an ungrounded assertion is rejected with the legal next moves and the reason', () => {
    const { result, gate } = check('assertion', { budget: 3 });
    assert.equal(result.verdict, 'REJECT');
    assert.deepEqual(result.legal_next, ['qualifying_tool_call', 'unverified_terminal']);
    assert.deepEqual(result.reasons, [GATE_REASONS.noQualifying]);
    assert.equal(gate.halted, true);
  });

  it('a grounded but not verified completion is rejected', () => {
    const { result } = check('completion', { budget: 3, groundedThisTurn: true });
    assert.equal(result.verdict, 'REJECT');
    assert.deepEqual(result.reasons, ['no verified-tier observation — re-read what was modified, after the change']);
  });

  it('a grounded assertion at budget 0 is rejected', () => {
    const { result } = check('assertion', { budget: 0, groundedThisTurn: true });
    assert.equal(result.verdict, 'REJECT');
    assert.deepEqual(result.reasons, ['reasoning budget exhausted']);
  });

  it('a verified completion missing the goal signal tests_passed is rejected', () => {
    const { result } = check('completion', { budget: 3, verifiedThisTurn: true, goalPredicates: ['tests_passed'] });
    assert.equal(result.verdict, 'REJECT');
    assert.deepEqual(result.reasons, ['declared signals not verified: tests_passed']);
  });

  it('unverified at budget 0 is accepted and clears the halt', () => {
    const { result, gate } = check('unverified', { budget: 0, halted: true });
    assert.deepEqual(result, { verdict: 'ACCEPT', legal_next: [], reasons: [] });
    assert.equal(gate.halted, false);
  });

  it('a grounded assertion at budget 2 is accepted', () => {
    assert.equal(check('assertion', { budget: 2, groundedThisTurn: true }).result.verdict, 'ACCEPT');
  });

  it('a verified completion with the signal is accepted', () => {
    const set = { budget: 1, verifiedThisTurn: true, goalPredicates: ['tests_passed'], verifiedSignals: new Set(['tests_passed']) };
    assert.equal(check('completion', set).result.verdict, 'ACCEPT');
  });

  it('skipper: a grounded but not verified assertion is rejected (strict G)', () => {
    const { result } = check('assertion', { groundedThisTurn: true }, { preset: 'skipper' });
    assert.equal(result.verdict, 'REJECT');
    assert.deepEqual(result.reasons, [GATE_REASONS.noVerified]);
  });

  it('skipper: a verified assertion is accepted', () => {
    assert.equal(check('assertion', { groundedThisTurn: true, verifiedThisTurn: true }, { preset: 'skipper' }).result.verdict, 'ACCEPT');
  });

  it('none is accepted with nothing observed', () => {
    assert.equal(check('none', { budget: 0 }).result.verdict, 'ACCEPT');
  });

  it('an unknown claim type is an error, never an exempt ACCEPT', () => {
    assert.throws(() => check('assertoin'), (error: unknown) => error instanceof GroundingInputError && /unknown claim type "assertoin"/.test(error.message));
  });
});

describe('gate: loop acceptance vectors', () => {
  it('write → read-back → identical read → completion is accepted (the latch holds)', () => {
    assert.deepEqual(verdicts([call(write()), call(read('new_data')), call(read('new_data')), submit('completion')]).terminals, ['ACCEPT']);
  });

  it('read → completion (rejected, never mutated) → identical read (halt stays) → reasoning is refused', () => {
    const { steps } = verdicts([call(read('d')), submit('completion'), call(read('d')), reasoning]);
    assert.equal(steps[1].boundary?.verdict, 'REJECT');
    assert.equal(steps[2].classification?.outcome, 'duplicate');
    assert.equal(steps[2].halted, true);
    assert.deepEqual(steps[3].reasoning, { refused: true, legal_next: [...LEGAL_NEXT], budget: 5 });
  });

  it('budget 2: assertion rejected → 3 refused reasoning steps → assertion rejected → unverified ships', () => {
    const events = [submit('assertion'), reasoning, reasoning, reasoning, submit('assertion'), submit('unverified')];
    const { steps, terminals } = verdicts(events, {}, 2);
    assert.deepEqual(terminals, ['REJECT', 'REJECT', 'ACCEPT']);
    assert.deepEqual(
      steps.slice(1, 4).map((step) => [step.reasoning?.refused, step.budget]),
      [
        [true, 1],
        [true, 0],
        [true, 0], // floored at 0
      ],
    );
    assert.deepEqual(steps[4].boundary?.reasons, [GATE_REASONS.budget, GATE_REASONS.noQualifying]);
  });

  it('write → read v1 → write again → completion rejected → read v2 → completion accepted', () => {
    const events = [call(write()), call(read('v1')), call(write('ok2')), submit('completion'), call(read('v2')), submit('completion')];
    assert.deepEqual(verdicts(events).terminals, ['REJECT', 'ACCEPT']);
  });

  it('a read-back identical to the read before the write still verifies (the mutation step is in the hash)', () => {
    const events = [call(read('expires: 2026-07-10')), call(write()), call(read('expires: 2026-07-11')), submit('completion')];
    assert.deepEqual(verdicts(events).terminals, ['ACCEPT']);
  });

  it('diverger: 6 reasoning steps, one qualifying read, assertion is accepted (budget floored at 0)', () => {
    const events = [...Array<GateEvent>(6).fill(reasoning), call(read()), submit('assertion')];
    const { steps, terminals } = verdicts(events, { preset: 'diverger' });
    assert.equal(steps[5].budget, 0);
    assert.equal(steps[6].budget, 1);
    assert.deepEqual(terminals, ['ACCEPT']);
  });

  it('refill 0, cap 2 with refill 2, cap 0 are errors; overrides are taken otherwise', () => {
    for (const bad of [{ refill: 0 }, { cap: 2, refill: 2 }, { cap: 0 }, { cap: 6.5 }]) {
      assert.throws(() => createGateState(bad), GroundingInputError, JSON.stringify(bad));
    }
    const custom = createGateState({ preset: 'diverger', cap: 10, refill: 3 });
    assert.deepEqual([custom.budget, custom.cap, custom.refill, custom.strictG], [10, 10, 3, false]);
    assert.throws(() => createGateState({ preset: 'fast' as never }), /unknown gate preset "fast"/);
  });

  it('presets: default 6/2, skipper 5/2 strict, diverger 4/1; budget starts at cap', () => {
    const summary = (preset: 'default' | 'skipper' | 'diverger') => {
      const gate = createGateState({ preset });
      return [gate.budget, gate.cap, gate.refill, gate.strictG];
    };
    assert.deepEqual(summary('default'), [6, 6, 2, false]);
    assert.deepEqual(summary('skipper'), [5, 5, 2, true]);
    assert.deepEqual(summary('diverger'), [4, 4, 1, false]);
  });

  it('a new turn resets the latches: a read in turn 1 does not ground a claim in turn 2', () => {
    const events: GateEvent[] = [{ kind: 'tool_call', turn: 1, call: read() }, { kind: 'terminal', turn: 2, claimType: 'assertion' }];
    const { steps, terminals } = verdicts(events);
    assert.equal(steps[1].newTurn, true);
    assert.deepEqual(terminals, ['REJECT']);
  });
});

describe('gate: normalizer', () => {
  const mustCollapse: Array<[string, string]> = [
    ['saved 2026-07-10T20:47:03Z ok', 'saved 2026-11-30T03:02:27.123+01:00 ok'], // ISO with seconds
    ['saved 2026-07-10 20:47 ok', 'saved 2026-07-11 09:15 ok'], // ISO without seconds
    ['Jul 10 20:47:03 web-1 sshd ok', 'Aug  3 09:00:00 web-1 sshd ok'], // syslog
    ['-rw-r--r-- 1 root root 512 Jul 10 20:47 app.cfg', '-rw-r--r-- 1 root root 512 Jul 10 21:03 app.cfg'], // ls -l
    ['-rw-r--r-- 1 root root 512 Jul 10  2025 app.cfg', '-rw-r--r-- 1 root root 512 Aug  3  2024 app.cfg'], // ls -l, old
    ['Date: Thu, 10 Jul 2026 20:47:03 GMT', 'Date: Fri, 11 Jul 2026 01:02:03 GMT'], // RFC 1123
    ['done 10 Jul 2026 ok', 'done 11 Jul 2026 ok'], // RFC 822 date
    ['built 2026/07/10 fine', 'built 2026-07-11 fine'], // bare dates
    ['due 07/10/2026 x', 'due 7/11/2026 x'], // US date
    ['ran at 8:47 PM done', 'ran at 9:03am done'], // 12-hour clock
    ['at 20:47:03 ready', 'at 21:03:59 ready'], // clock with seconds
    ['seen 5 min ago', 'seen 12 minutes ago'],
    ['seen 2 weeks ago', 'seen 3 months ago'],
    ['req 550e8400-e29b-41d4-a716-446655440000 ok', 'req 6ba7b810-9dad-11d1-80b4-00c04fd430c8 ok'], // UUID
    ['<Foo object at 0x7f3a2b4c5d60>', '<Foo object at 0x7f9e1c8d2a10>'], // address
    ['commit 3f9a1c2b7d ok', 'commit 9E8D7C6B5A ok'], // hex ids, any case
    ['epoch 1732939347', 'epoch 1732939999'], // long numeric id
  ];
  for (const [a, b] of mustCollapse) {
    it(`collapses ${JSON.stringify(a)} ~ ${JSON.stringify(b)}`, () => {
      assert.equal(normalizeForNovelty(a), normalizeForNovelty(b));
    });
  }

  const mustNotCollapse: Array<[string, string]> = [
    ['2026-07-10T20:47:03,value=5', '2026-07-10T20:47:03,value=7'], // spec: bounded ISO tail
    ['flags=0xFF set', 'flags=0x1F set'], // spec: small 0x constants are values
    ['checked at 20:47', 'checked at 20:52'], // spec: bare HH:MM survives
    ['chunk 10/12/1024 ok', 'chunk 10/12/2048 ok'], // not a year: block sizes
    ['Total errors: 3\nSep 2026 report', 'Total errors: 4\nSep 2026 report'], // dates never span lines
    ['retries=5', 'retries=7'],
    ['latency 250ms', 'latency 900ms'],
  ];
  for (const [a, b] of mustNotCollapse) {
    it(`keeps ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`, () => {
      assert.notEqual(normalizeForNovelty(a), normalizeForNovelty(b));
    });
  }
});

describe('gate: path-aware relevance', () => {
  const same = ['app.cfg', './app.cfg', 'proj/app.cfg', '/srv/proj/app.cfg'];
  it('app.cfg, ./app.cfg, proj/app.cfg and /srv/proj/app.cfg match each other', () => {
    for (const a of same) for (const b of same) assert.equal(identifiersMatch(a, b), true, `${a} ~ ${b}`);
  });

  it('app.cfg.bak does not match app.cfg; /etc/app.cfg does not match /srv/proj/app.cfg', () => {
    assert.equal(identifiersMatch('app.cfg.bak', 'app.cfg'), false);
    assert.equal(identifiersMatch('/etc/app.cfg', '/srv/proj/app.cfg'), false);
    assert.equal(identifiersMatch('other/app.cfg', '/srv/proj/app.cfg'), false);
  });

  it('relevance is by whole identifiers, never by substring', () => {
    const gate = createGateState({ claimSurface: ['retries'] });
    assert.equal(classifyObservation(gate, read('max_retries_total=9', 'settings')).outcome, 'not_relevant');
    assert.equal(classifyObservation(gate, read('retries=5', 'app.cfg')).outcome, 'observed');
  });

  it('reads identifiers inside structured arguments and JSON-escaped results, not across escapes', () => {
    const args = createGateState({ claimSurface: ['retries'] });
    assert.equal(classifyObservation(args, read('nothing here', { filter: 'timeout_s=30\nretries' })).outcome, 'observed');
    const jsonResult = createGateState({ claimSurface: ['retries'] });
    assert.equal(classifyObservation(jsonResult, read('{"cfg":"timeout_s=30\\nretries=5"}', 'cfg')).outcome, 'observed');
    const glued = createGateState({ claimSurface: ['retries'] });
    assert.equal(classifyObservation(glued, read('nretries=5', 'cfg')).outcome, 'not_relevant');
  });
});
