// The shipped geometry defaults are what docs/calibration.md says: fitted on the named data
// (hashes match data/), μ̂ a unit vector of the encoder's dimension, cuts ordered, the
// reference cuts kept for encoders nobody calibrated.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import calibrated from '../../src/core/geometry/data/calibrated-thresholds.json';
import directionFile from '../../src/core/geometry/data/dgi-direction.json';
import { shippedDirection, shippedReference } from '../../src/core/geometry/dgi';
import { EMBEDDED_ENCODER_ID } from '../../src/core/geometry/embedded-encoder';
import { computeSwitch, type ReviewSwitch } from '../../src/core/geometry/review-switch';
import { REFERENCE_THRESHOLDS, defaultThresholdsFor, localDgiDefaultsFor } from '../../src/core/geometry/thresholds';
import { norm } from '../../src/core/geometry/vector';

const REPO = join(__dirname, '../../..');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(REPO, file))).digest('hex');

describe('shipped geometry defaults', () => {
  it('name the data they were fitted on by a SHA-256 that matches data/', () => {
    assert.equal(directionFile.data.sha256, sha256(directionFile.data.file));
    assert.equal(directionFile.data.rows, 'odd ids');
    const entry = calibrated.encoders[EMBEDDED_ENCODER_ID];
    for (const { file, sha256: recorded } of entry.sgi.data) assert.equal(recorded, sha256(file));
    assert.equal(entry.sgi.rows, 'lines 1-250 (dev)');
  });

  it('μ̂ is a 512-d unit vector for the embedded encoder only; the local reference holds the 106 odd-id pairs', () => {
    const mu = shippedDirection(EMBEDDED_ENCODER_ID)!;
    assert.equal(mu.length, 512);
    assert.ok(Math.abs(norm(mu) - 1) < 1e-5);
    assert.equal(shippedDirection('openai:text-embedding-3-small'), undefined);
    const reference = shippedReference(EMBEDDED_ENCODER_ID)!;
    assert.equal(reference.questions.length, 106);
    assert.equal(reference.displacements.length, 106);
    assert.ok(Math.abs(norm(reference.displacements[0]) - 1) < 0.02);
  });

  it('the embedded encoder gets its calibrated cuts, ordered; others get the reference cuts', () => {
    const { thresholds, source } = defaultThresholdsFor(EMBEDDED_ENCODER_ID);
    assert.equal(source, 'calibrated');
    assert.ok(thresholds.sgi_review <= thresholds.sgi_strong_pass);
    assert.notDeepEqual(thresholds, REFERENCE_THRESHOLDS);
    assert.ok(localDgiDefaultsFor(EMBEDDED_ENCODER_ID)!.k >= 1);
    assert.equal(defaultThresholdsFor('someone-else').source, 'reference');
  });

  it('a null override keeps the default cut; a number replaces it and marks the set custom', async () => {
    const encoder = { id: 'unc', embed: async (texts: string[]) => texts.map((_, i) => Float32Array.from([1, i, 0])) };
    const result = (await computeSwitch({
      report: 'r',
      evidenceTexts: ['e'],
      question: 'q',
      encoder,
      thresholds: { sgi_strong_pass: null, sgi_review: 1, dgi_pass: null },
    })) as ReviewSwitch;
    assert.deepEqual(result.thresholds, { sgi_strong_pass: 1.2, sgi_review: 1, dgi_pass: 0.525, source: 'custom' });
  });
});
