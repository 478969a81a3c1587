// The evidence index reads each unit only for its terms and reads its full features on first use
// (issue 19: 10,000 log lines indexed in ≤ 0.2 s). Both must be invisible: the terms are those of
// a full reading, and a unit's features, read late, are those an eager reading gave.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseEvidenceSources } from '../../src/core/evidence';
import { buildEvidenceIndex, extractFeatures, extractMoments, extractNames, extractTermFeatures, termsOf } from '../../src/core/retrieval';
import { unitFeatures } from '../../src/core/retrieval/indexed-unit';

const CORPUS = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'corpus');

/** The evidence files of every corpus case, each as one review's evidence. */
function corpusEvidence(): Array<Array<{ file: string; text: string }>> {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const labels = JSON.parse(readFileSync(join(CORPUS, entry.name, 'labels.json'), 'utf8')) as { evidence: string[] };
      return labels.evidence.map((file) => ({ file, text: readFileSync(join(CORPUS, entry.name, file), 'utf8') }));
    });
}

/** Pieces the readers react to: fields that give a unit, generic values, phrases, times, dates, names. */
const PIECES = [
  'rule=cpu_high', 'metric=loki_received_mb_per_s', 'name=Disk', 'value=27.9', 'count=3', 'cpu_pct=97.2', 'host=db-prod-1',
  'p99_ms=840', 'a quarter of', 'half of the', 'an hour', 'a second later', 'one in every 21', 'six and a half minutes',
  'three hours and twenty minutes', 'about', 'more than', 'never above', 'by', '14:02', '14:02:01Z', '09:00 CEST', '9 PM',
  '2026-03-01', '14 June 2025', 'from 10 to 27 June', '512MB', '2.5s', '1.2 million', '41,200', 'log lines a second',
  'per second', '$0.09 per GB', 'country=DE', 'OOMKilling', 'Stanford University', 'CPU', 'reached', '97%', '27th',
  'total-vm:5.1GB', 'pod_restarts_30m', 'error_rate_gt_5pct', 'v2.3.1', 'zero', 'twenty', '.', ',', ':', '[tool=q row=7]',
];

describe('evidence index: terms first, features on first use', () => {
  it('the terms of the index reading are those of the full reading, on every corpus unit', () => {
    let units = 0;
    for (const evidence of corpusEvidence()) {
      for (const unit of buildEvidenceIndex(parseEvidenceSources(evidence).items).items) {
        assert.deepEqual(termsOf(extractTermFeatures(unit.text)), termsOf(extractFeatures(unit.text)), unit.text);
        units++;
      }
    }
    assert.ok(units > 1_000, `${units} units`);
  });

  it('the terms of the index reading, and the moments and names read alone, are those of the full reading, on texts made of the pieces the readers react to', () => {
    const text = fc.tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }), fc.constantFrom(' ', '', '-', '_', '=', ': '));
    fc.assert(
      fc.property(text, ([pieces, glue]) => {
        const joined = pieces.join(glue);
        const full = extractFeatures(joined);
        assert.deepEqual(termsOf(extractTermFeatures(joined)), termsOf(full));
        // The passes a unit's features are read in on their own give what the full reading gives.
        assert.deepEqual(extractMoments(joined), { dates: full.dates, times: full.times });
        assert.deepEqual(extractNames(joined), { names: full.names, nameGroups: full.nameGroups });
      }),
      { numRuns: 3_000, seed: 19 },
    );
  });

  it("a unit's features read late are those of an eager reading, whichever feature is read first", () => {
    const evidence = [
      { file: 'metrics.log', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2\n[signal] alert_id=A-1 rule=cpu_high value=97 fired_at=14:02:30\n' },
      { file: 'deploy.json', text: JSON.stringify({ change_id: 'CHG-1', steps: [{ host: 'db-prod-1', status: 'ok' }], country: 'DE' }) },
    ];
    type Name = 'words' | 'names' | 'nameGroups' | 'identifiers' | 'quantities' | 'times' | 'dates' | 'fields';
    const read = (first: Name) =>
      buildEvidenceIndex(parseEvidenceSources(evidence).items).items.map((unit) => {
        const early = unit.features[first];
        const { words, names, nameGroups, identifiers, quantities, times, dates, fields } = unit.features;
        assert.equal(unit.features, unit.features, 'one features object per unit');
        assert.equal(unit.features[first], early, `${first}: the same object when read again`);
        return { words, names, nameGroups, identifiers, quantities, times, dates, fields };
      });
    const eager = buildEvidenceIndex(parseEvidenceSources(evidence).items).items.map((unit) => ({ ...unitFeatures(unit.item, unit.text, unit.sentence) }));
    for (const first of ['fields', 'times', 'dates', 'quantities', 'names', 'words'] as const) assert.deepEqual(read(first), eager, first);
  });
});
