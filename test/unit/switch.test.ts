// The GroundingSwitch (switch.md §5) and check() (§3): every rule, boundary, reason and validation.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GroundingInputError } from '../../src/core/model';
import { check } from '../../src/core/geometry/check';
import { GroundingSwitch } from '../../src/core/geometry/switch';
import { REFERENCE_THRESHOLDS, defaultThresholdsFor, formatThreshold, validateGeometryThresholds } from '../../src/core/geometry/thresholds';

const sgi = (value: number) => ({ method: 'sgi' as const, value });
const dgi = (value: number) => ({ method: 'dgi' as const, value });

describe('check()', () => {
  it('SGI levels and labels at the reference cuts (boundaries belong to the upper level)', () => {
    assert.deepEqual([check(sgi(1.2)).level, check(sgi(1.2)).label], ['ok', 'Supported by the document']);
    assert.deepEqual([check(sgi(1.19)).level, check(sgi(1.19)).label], ['review', 'Partly supported']);
    assert.deepEqual([check(sgi(0.95)).level, check(sgi(0.95)).label], ['review', 'Partly supported']);
    assert.deepEqual([check(sgi(0.949)).level, check(sgi(0.949)).label], ['risk', 'Not supported by the document']);
    assert.equal(check(sgi(1.2)).escalate, false);
    assert.equal(check(sgi(1.0)).escalate, true);
    assert.equal(check(sgi(0.5)).escalate, true);
  });

  it('DGI has two levels: ≥ 0.525 "Looks grounded", below "Not grounded"', () => {
    assert.deepEqual([check(dgi(0.525)).level, check(dgi(0.525)).label], ['ok', 'Looks grounded']);
    assert.deepEqual([check(dgi(0.524)).level, check(dgi(0.524)).label], ['risk', 'Not grounded']);
  });

  it('line() is `CHECK: <label> (<metric name> - <ABBR>=x.xx)`; render() adds the message', () => {
    assert.equal(check(sgi(1.234)).line(), 'CHECK: Supported by the document (Semantic Grounding Index - SGI=1.23)');
    assert.equal(check(dgi(0.5)).line(), 'CHECK: Not grounded (Directional Grounding Index - DGI=0.50)');
    const verdict = check(sgi(0.8));
    assert.equal(verdict.render(), `${verdict.line()}\n${verdict.message}`);
    assert.ok(verdict.message.length > 0);
  });

  it('uses the thresholds it is given', () => {
    const calibrated = { sgi_strong_pass: 0.9, sgi_review: 0.8, dgi_pass: 0.7 };
    assert.equal(check(sgi(0.85), calibrated).level, 'review');
    assert.equal(check(sgi(0.9), calibrated).level, 'ok');
    assert.equal(check(dgi(0.6), calibrated).level, 'risk');
  });
});

describe('GroundingSwitch', () => {
  it('SGI ≥ accept → accept with write_to_state, reason as the spec', () => {
    const decision = new GroundingSwitch().decide(sgi(1.234));
    assert.equal(decision.action, 'accept');
    assert.equal(decision.write_to_state, true);
    assert.equal(decision.reason, 'SGI=1.234 >= 1.20 (strong grounding); safe to write into state.');
    assert.equal(decision.level, 'ok');
    assert.equal(decision.method, 'sgi');
    assert.equal(decision.score, 1.234);
    assert.equal(decision.check?.label, 'Supported by the document');
  });

  it('SGI < reject → on_reject (default fallback), reason as the spec', () => {
    const decision = new GroundingSwitch().decide(sgi(0.812));
    assert.equal(decision.action, 'fallback');
    assert.equal(decision.write_to_state, false);
    assert.equal(decision.reason, 'SGI=0.812 < 0.95 (weak/absent grounding); action=fallback.');
    assert.equal(decision.level, 'risk');
  });

  it('SGI in the band → escalate, reason as the spec', () => {
    const decision = new GroundingSwitch().decide(sgi(1.01));
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.write_to_state, false);
    assert.equal(decision.reason, 'SGI=1.010 in uncertain band [0.95, 1.20); geometry cannot settle — escalate.');
    assert.equal(decision.level, 'review');
  });

  it('boundaries: SGI = accept accepts, SGI = reject escalates', () => {
    assert.equal(new GroundingSwitch().decide(sgi(1.2)).action, 'accept');
    assert.equal(new GroundingSwitch().decide(sgi(0.95)).action, 'escalate');
  });

  it('DGI has no middle band: ≥ 0.525 accept, below → on_reject', () => {
    const sw = new GroundingSwitch({ on_reject: 'escalate' });
    assert.equal(sw.decide(dgi(0.525)).action, 'accept');
    assert.equal(sw.decide(dgi(0.525)).write_to_state, true);
    const below = sw.decide(dgi(0.5));
    assert.equal(below.action, 'escalate');
    assert.equal(below.level, 'risk');
    assert.equal(below.reason, 'DGI=0.500 < 0.525 (off the grounding direction); action=escalate.');
  });

  it('on_reject is case-insensitive; accept and unknown values are refused', () => {
    assert.equal(new GroundingSwitch({ on_reject: 'REJECT' }).decide(sgi(0.1)).action, 'reject');
    assert.equal(new GroundingSwitch({ on_reject: 'Regenerate' }).decide(sgi(0.1)).action, 'regenerate');
    assert.equal(new GroundingSwitch({ on_reject: 'escalate' }).decide(sgi(0.1)).action, 'escalate');
    assert.throws(() => new GroundingSwitch({ on_reject: 'accept' }), GroundingInputError);
    assert.throws(() => new GroundingSwitch({ on_reject: 'ACCEPT' }), /accept is not a valid on_reject/);
    assert.throws(() => new GroundingSwitch({ on_reject: 'drop' }), /expected one of fallback, reject, regenerate, escalate/);
  });

  it('reject > accept is an error with the spec message; equal cuts are allowed (no band)', () => {
    assert.throws(
      () => new GroundingSwitch({ accept_threshold_sgi: 1.2, reject_threshold_sgi: 1.3 }),
      (error: unknown) => error instanceof GroundingInputError && error.message === 'reject_threshold_sgi (1.3) must be <= accept_threshold_sgi (1.2).',
    );
    const noBand = new GroundingSwitch({ accept_threshold_sgi: 1, reject_threshold_sgi: 1 });
    assert.equal(noBand.decide(sgi(1)).action, 'accept');
    assert.equal(noBand.decide(sgi(0.999)).action, 'fallback');
  });

  it('non-finite thresholds are refused', () => {
    assert.throws(() => new GroundingSwitch({ accept_threshold_dgi: Number.NaN }), /accept_threshold_dgi/);
  });

  it('a non-geometric score (a consistency check) always escalates', () => {
    const decision = new GroundingSwitch().decide({ method: 'selfcheck_nli', value: 0.99 });
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.write_to_state, false);
    assert.equal(decision.method, 'selfcheck_nli');
    assert.equal(decision.check, undefined);
  });

  it('level follows the switch\'s own thresholds, not the reference ones', () => {
    const sw = new GroundingSwitch({ accept_threshold_sgi: 0.9, reject_threshold_sgi: 0.8, accept_threshold_dgi: 0.7 });
    const decision = sw.decide(sgi(0.85));
    // Under the reference cuts 0.85 would be "risk"; under this switch it is the band.
    assert.equal(decision.level, 'review');
    assert.equal(decision.action, 'escalate');
    assert.equal(decision.reason, 'SGI=0.850 in uncertain band [0.80, 0.90); geometry cannot settle — escalate.');
    assert.equal(sw.decide(sgi(0.9)).level, 'ok');
    assert.equal(sw.decide(dgi(0.65)).level, 'risk');
  });

  it('decisions are frozen', () => {
    const decision = new GroundingSwitch().decide(sgi(1.5));
    assert.ok(Object.isFrozen(decision));
  });

  it('invariant: write_to_state iff accept, and action agrees with level, for any score and cuts', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.constantFrom('sgi', 'dgi'),
        fc.constantFrom('fallback', 'reject', 'regenerate', 'escalate'),
        (value, a, b, method, onReject) => {
          const sw = new GroundingSwitch({ accept_threshold_sgi: Math.max(a, b), reject_threshold_sgi: Math.min(a, b), accept_threshold_dgi: a / 3, on_reject: onReject });
          const decision = sw.decide({ method: method as 'sgi' | 'dgi', value });
          assert.equal(decision.write_to_state, decision.action === 'accept');
          if (decision.level === 'ok') assert.equal(decision.action, 'accept');
          if (decision.level === 'risk') assert.equal(decision.action, onReject);
          if (decision.level === 'review') assert.equal(decision.action, 'escalate');
          assert.equal(decision.check?.level, decision.level);
        },
      ),
    );
  });
});

describe('geometry thresholds', () => {
  it('formats cuts with two decimals at least, more when they need them', () => {
    assert.equal(formatThreshold(1.2), '1.20');
    assert.equal(formatThreshold(0.95), '0.95');
    assert.equal(formatThreshold(0.525), '0.525');
    assert.equal(formatThreshold(0.8731), '0.8731');
  });

  it('encoders nobody calibrated get the reference cuts, labelled as such', () => {
    assert.deepEqual(defaultThresholdsFor('openai:some-model'), { thresholds: { ...REFERENCE_THRESHOLDS }, source: 'reference' });
  });

  it('review above strong pass is refused', () => {
    assert.throws(() => validateGeometryThresholds({ sgi_strong_pass: 1, sgi_review: 1.1, dgi_pass: 0.5 }), /sgi_review/);
  });
});
