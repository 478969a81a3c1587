// Figures written the way manuals write them — thousands grouped by spaces ("1 850 mm", "20 000
// kg"), tonnes as a spaced "t" — and two wordings that only look like a contradiction: a verb of
// change in another clause than the changed figure ("the 16 spm tryout failed, with three parts
// dropped from the crossbar"), and a word whose opposite the manual uses for a sibling attribute
// (an inside and an outside diameter). Evidence is parsed by the real reader; expected verdicts
// are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { extractQuantities } from '../../src/core/retrieval/features';
import { quantityMatches } from '../../src/core/judge/offline/derive/matching';
import { judge } from '../support/judge-sources';

describe('offline judge: spaced thousands, spaced tonnes and clause-bound wording', () => {
  it('reads thousands grouped by spaces as one figure when a unit follows, and only then', () => {
    const [low, high] = extractQuantities('| Strip width | 600–1 850 mm |');
    // 1 850 mm is 1.85 m; the range's first figure takes its unit (0.6 m).
    assert.equal(high!.value, 1.85);
    assert.equal(high!.dimension, 'length');
    assert.equal(low!.value, 0.6);
    assert.equal(extractQuantities('max 20 000 kg')[0]!.value, 20000);
    // A phone number and a pair of settings have no unit after them: each group stays a figure.
    assert.deepEqual(extractQuantities('desk phone +48 22 555 0140').map((q) => q.value), [48, 22, 555, 140]);
    assert.deepEqual(extractQuantities('CONFIG SET save "300 100"').map((q) => q.value), [300, 100]);
    // Nor is a code's number glued to the next figure ("P-11 372 good": 372 good parts).
    assert.deepEqual(extractQuantities('P-09 1024 good, P-11 372 good').map((q) => q.value), [1024, 372]);
  });

  it('a spaced lower-case "t" meets a mass as tonnes and a bare number as written', () => {
    const [tonnes] = extractQuantities('coils above 20 t');
    const [kilograms] = extractQuantities('max 20 000 kg');
    const [bare] = extractQuantities('coil_weight=20');
    // 20 t = 20,000 kg; against a field with no unit the figure is the number as written.
    assert.ok(quantityMatches({ ...tonnes!, qualifier: undefined }, kilograms!));
    assert.ok(quantityMatches({ ...tonnes!, qualifier: undefined }, bare!));
    // 25 t is not 20,000 kg; a glued "T" stays terabytes.
    assert.ok(!quantityMatches(extractQuantities('rated for 25 t')[0]!, kilograms!));
    assert.equal(extractQuantities('a 1.2T disk')[0]!.dimension, 'bytes');
  });

  it('a claim in tonnes is not contradicted by the same limit in kilograms written with spaced thousands', async () => {
    const manual = { file: 'manual.md', text: '# Uncoiler\n\nA second person must confirm coil car centring before the mandrel expands on any coil above 15 000 kg.\n' };
    // 15 t = 15 000 kg: the same limit.
    const same = await judge('A second person must confirm coil car centring before the mandrel expands on any coil above 15 t.', [manual]);
    assert.notEqual(same.partition, 'contradicted', same.reason);
  });

  it('a manual row written with spaced thousands states the claim written with a comma', async () => {
    const manual = { file: 'manual.md', text: '# Limits\n\n| Limit | Value |\n| --- | --- |\n| Strip width | 600–1 850 mm |\n| Coil outside diameter (OD) | max 2 000 mm |\n| Coil inside diameter (ID) | 508 mm or 610 mm |\n' };
    const width = await judge('Strip width must stay between 600 and 1,850 mm.', [manual]);
    assert.equal(width.partition, 'grounded', width.reason);
    // The manual gives an inside and an outside diameter: "outside" is the row's own word, and the
    // inside diameter's row is a sibling, not the outside diameter said otherwise.
    const outside = await judge('The maximum coil outside diameter is 2,000 mm.', [manual]);
    assert.equal(outside.partition, 'grounded', outside.reason);
  });

  it('the opposite word still contradicts where the documents never use the claim\'s own', async () => {
    const manual = { file: 'manual.md', text: '# Threading\n\nThe coil car clamps each coil by its inside diameter before the strip is threaded.\n' };
    // Only "inside diameter" is written about the clamping: "outside diameter" says the opposite.
    const verdict = await judge('The coil car clamps each coil by its outside diameter before the strip is threaded.', [manual]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a verb of change speaks of the figures of its own clause', async () => {
    const deploy = { file: 'deploy.json', text: JSON.stringify({ change_id: 'CHG-750', config_changes: [{ key: 'default_override_window_min', from: 45, to: 60 }] }, null, 2) };
    // The window went up, 45 → 60; "dropped" is what the two cabinets did, in a clause of its own.
    const other = await judge('The default override window is 60 minutes now, with two cabinets dropped from the wave.', [deploy]);
    assert.notEqual(other.partition, 'contradicted', other.reason);
    // In the figure's own clause, "lowered" says the opposite of 45 → 60.
    const own = await judge('The default override window was lowered to 60 minutes.', [deploy]);
    assert.equal(own.partition, 'contradicted', own.reason);
    assert.match(own.reason, /lowered/);
  });
});
