// computeSwitch, the switch as a review stage, on hand-placed 3-D vectors; and review() filling
// `switch` (or carrying why not) without ever failing the review for the encoder's sake.
import assert from 'node:assert/strict';
import { GroundingInputError } from '../../src/core/model';
import type { Encoder } from '../../src/core/geometry/encoder';
import { computeSwitch, selectPassages, type ReviewSwitch, type SwitchNotComputed } from '../../src/core/geometry/review-switch';
import { review } from '../../src/core/review';

const deg = (d: number) => (d * Math.PI) / 180;
const at = (d: number) => [Math.cos(deg(d)), Math.sin(deg(d)), 0];

/** Vectors by text; anything unknown points along z (orthogonal to the question and context axes). */
function tableEncoder(table: Record<string, number[]>): Encoder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    id: 'table',
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => Float32Array.from(table[t] ?? [0, 0, 1]));
    },
  };
}

const cuts = { sgi_strong_pass: 1.5, sgi_review: 1, dgi_pass: 0.5 };
const table = {
  'What failed?': [1, 0, 0], // question at 0°
  'The disk filled up.': at(60), // report at 60°
  'Disk usage reached 100%.': [0, 1, 0], // the context axis: SGI = 60°/30° = 2
  'Lunch menu.': [0, 0, 1],
  'claim near question': at(20), // 20°/70° ≈ 0.286
};

function computed(result: ReviewSwitch | SwitchNotComputed): ReviewSwitch {
  assert.equal(result.computed, true, (result as SwitchNotComputed).reason);
  return result as ReviewSwitch;
}

describe('computeSwitch', () => {
  it('SGI on the best evidence passage across files: 2 ≥ 1.5 → accept, with where the passage is', async () => {
    const result = computed(
      await computeSwitch({
        report: 'The disk filled up.',
        evidenceTexts: ['Lunch menu.', 'Lunch menu.\n\nDisk usage reached 100%.'],
        question: 'What failed?',
        encoder: tableEncoder(table),
        thresholds: cuts,
      }),
    );
    assert.equal(result.method, 'sgi');
    assert.ok(Math.abs(result.score - 2) < 1e-6);
    assert.equal(result.action, 'accept');
    assert.equal(result.write_to_state, true);
    assert.equal(result.level, 'ok');
    assert.equal(result.label, 'Supported by the document');
    assert.equal(result.line, 'CHECK: Supported by the document (Semantic Grounding Index - SGI=2.00)');
    assert.equal(result.reason, 'SGI=2.000 >= 1.50 (strong grounding); safe to write into state.');
    assert.deepEqual(result.passages, { scored: 3, total: 3, best: { source: 1, start: 13, end: 37 } });
    assert.deepEqual(result.thresholds, { ...cuts, source: 'custom' });
    assert.equal(result.on_reject, 'fallback');
  });

  it('per-claim detail scores each claim against its own best passage', async () => {
    const result = computed(
      await computeSwitch({
        report: 'The disk filled up.',
        evidenceTexts: ['Disk usage reached 100%.'],
        question: 'What failed?',
        encoder: tableEncoder(table),
        thresholds: cuts,
        onReject: 'Regenerate',
        claims: [
          { id: 'C1', text: 'The disk filled up.' },
          { id: 'C2', text: 'claim near question' },
        ],
      }),
    );
    assert.deepEqual(
      result.per_claim?.map((c) => [c.id, c.method, c.level]),
      [
        ['C1', 'sgi', 'ok'],
        ['C2', 'sgi', 'risk'],
      ],
    );
    assert.ok(Math.abs(result.per_claim![1].score - 20 / 70) < 1e-6);
  });

  it('no evidence → DGI with the given direction: δ = (cos60 − 1, sin60) against μ̂ = (0,1,0) is sin60/‖δ‖ = 0.866', async () => {
    const result = computed(
      await computeSwitch({
        report: 'The disk filled up.',
        evidenceTexts: ['  \n'],
        question: 'What failed?',
        encoder: tableEncoder(table),
        thresholds: cuts,
        onReject: 'escalate',
        direction: [0, 1, 0],
      }),
    );
    // ‖δ‖ = 2 sin 30° = 1, so DGI = sin 60° exactly.
    assert.equal(result.method, 'dgi');
    assert.ok(Math.abs(result.score - Math.sin(deg(60))) < 1e-6);
    assert.equal(result.action, 'accept');
    assert.equal(result.direction, 'global');
  });

  it('no evidence and no direction for the encoder: not computed, with the reason', async () => {
    const result = await computeSwitch({ report: 'The disk filled up.', evidenceTexts: [], question: 'What failed?', encoder: tableEncoder(table) });
    assert.equal(result.computed, false);
    assert.match((result as SwitchNotComputed).reason, /no DGI grounding direction.*table/);
  });

  it('no question: not computed, and the encoder is not even called', async () => {
    const encoder = tableEncoder(table);
    const result = await computeSwitch({ report: 'The disk filled up.', evidenceTexts: ['Disk usage reached 100%.'], encoder });
    assert.deepEqual(result, { computed: false, reason: 'no question: give one with --question or a front matter `question:`', encoder: 'table' });
    assert.equal(encoder.calls.length, 0);
  });

  it('an encoder that fails to load: not computed, the reason carried', async () => {
    const broken: Encoder = {
      id: 'broken',
      embed: async () => {
        throw new Error('weights missing');
      },
    };
    const result = await computeSwitch({ report: 'r', evidenceTexts: ['e'], question: 'q', encoder: broken });
    assert.deepEqual(result, { computed: false, reason: 'encoder unavailable: weights missing', encoder: 'broken' });
  });

  it('invalid options are input errors (on_reject accept, review above strong pass, unknown cut)', async () => {
    const base = { report: 'r', evidenceTexts: ['e'], question: 'q', encoder: tableEncoder(table) };
    await assert.rejects(computeSwitch({ ...base, onReject: 'accept' }), GroundingInputError);
    await assert.rejects(computeSwitch({ ...base, thresholds: { sgi_review: 2, sgi_strong_pass: 1 } }), /sgi_review/);
    await assert.rejects(computeSwitch({ ...base, thresholds: { sgi_reviw: 1 } as never }), /unknown threshold sgi_reviw/);
  });

  it('an aborted review rejects instead of reporting the encoder as broken', async () => {
    const controller = new AbortController();
    const encoder: Encoder = {
      id: 'slow',
      embed: async (_texts, signal) => {
        controller.abort();
        signal?.throwIfAborted();
        return [];
      },
    };
    await assert.rejects(computeSwitch({ report: 'r', evidenceTexts: ['e'], question: 'q', encoder, signal: controller.signal }), /abort/i);
  });
});

describe('selectPassages', () => {
  it('keeps the passages sharing most words with the query, in their original order', () => {
    const passages = ['disk full on db-1', 'lunch menu', 'db-1 restarted', 'weather nice', 'disk alert fired'].map((text, i) => ({ text, start: i, end: i + 1 }));
    assert.deepEqual(
      selectPassages(passages, 'The disk on db-1 filled up', 2).map((p) => p.text),
      ['disk full on db-1', 'db-1 restarted'],
    );
    assert.equal(selectPassages(passages, 'x', 10).length, 5);
  });
});

describe('review() with the switch', () => {
  const report = '---\nquestion: What failed?\n---\nThe disk filled up.\n';
  const evidence = [{ file: 'metrics.log', text: 'Disk usage reached 100%.' }];

  it('fills result.switch from the front matter question, the report body and the evidence', async () => {
    const encoder = tableEncoder(table);
    const result = await review({ report, evidence, switch: { encoder, thresholds: cuts } });
    const sw = computed(result.switch as ReviewSwitch);
    assert.equal(sw.method, 'sgi');
    assert.equal(sw.action, 'accept');
    // The front matter is not part of the response that was embedded.
    assert.equal(encoder.calls[0][1], 'The disk filled up.');
    assert.ok(!encoder.calls[0].some((t) => t.includes('question:')));
  });

  it('a broken encoder leaves the review intact and says why in switch', async () => {
    const broken: Encoder = {
      id: 'broken',
      embed: async () => {
        throw new Error('cannot load');
      },
    };
    const result = await review({ report, evidence, switch: { encoder: broken } });
    assert.equal(typeof result.score, 'number');
    assert.ok(result.claims.length > 0);
    assert.deepEqual(result.switch, { computed: false, reason: 'encoder unavailable: cannot load', encoder: 'broken' });
  });

  it('without the switch option the field stays null', async () => {
    assert.equal((await review({ report, evidence })).switch, null);
  });
});
