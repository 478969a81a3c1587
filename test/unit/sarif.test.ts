// SARIF output: valid against the SARIF 2.1.0 schema, one result per ungrounded or contradicted
// claim, regions computed by hand from the report text below.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildSarifLog, type SarifReview } from '../../src/core/sarif';
import type { EvidenceItem, JudgedClaim, ReviewResult } from '../../src/core/review-types';

const schemaPath = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'sarif', 'sarif-2.1.0-rtm.5.json');

// Line 1: "# Outage 🔥\r\n" (the emoji is two UTF-16 units), line 2: the first claim, line 3: two claims.
const report = '# Outage 🔥\r\nCPU on db-prod-1 hit 97.2%.\r\nIt was caused by the push. Disk was fine.\n';
const c1 = 'CPU on db-prod-1 hit 97.2%.';
const c2 = 'It was caused by the push.';
const c3 = 'Disk was fine.';

function claim(id: string, text: string, partition: JudgedClaim['partition'], refs: string[], line: number): JudgedClaim {
  const start = report.indexOf(text);
  return { id, text, start, end: start + text.length, line, partition, type: partition === 'ungrounded' ? 'inference' : 'tool_match', evidence_refs: refs, reason: `reason of ${id}` };
}

const evidence: EvidenceItem[] = [
  { id: 'E3', file: 'logs/metrics.log', line: 3, endLine: 3, text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=79.2', kind: 'tool_row', fields: {} },
];

function result(claims: JudgedClaim[]): ReviewResult {
  return {
    score: 0.4,
    decision: 'replan',
    degraded: false,
    counts: { grounded: 1, ungrounded: 1, contradicted: 1, complementary: 0 },
    claims,
    judge: { kind: 'offline', fallbacks: [] },
    warnings: [],
    evidence: { files: ['logs/metrics.log'], items: 1 },
    scoring: { thresholds: { proceed: 0.8, regenerate: 0.65 }, rho: 0.5 },
    omissions: [],
    switch: null,
    gate: null,
  };
}

describe('SARIF output', () => {
  const review: SarifReview = {
    result: result([claim('C1', c1, 'contradicted', ['E3', 'E99'], 2), claim('C2', c2, 'ungrounded', [], 3), claim('C3', c3, 'grounded', ['E3'], 3)]),
    reportText: report,
    reportUri: 'reports/outage.md',
    evidence,
  };
  const log = buildSarifLog([review], { toolVersion: '0.1.0', uriBase: { id: 'SRCROOT', uri: 'file:///repo/' } });

  let validate: ValidateFunction;
  before(() => {
    // The schema's language-tag pattern is not valid as a unicode RegExp, hence unicodeRegExp: false.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
  });

  it('validates against the SARIF 2.1.0 JSON schema', () => {
    const valid = validate(JSON.parse(JSON.stringify(log)));
    assert.ok(valid, JSON.stringify(validate.errors, null, 2));
  });

  it('the schema check can fail: a log without version, or with a bad $schema URI, is rejected', () => {
    assert.equal(validate({ runs: [] }), false);
    assert.equal(validate({ ...JSON.parse(JSON.stringify(log)), $schema: 'not a uri' }), false);
  });

  it('has one result per ungrounded or contradicted claim, none for grounded', () => {
    const results = log.runs[0].results ?? [];
    assert.deepEqual(
      results.map((r) => [r.ruleId, r.level]),
      [
        ['grounding/contradicted', 'error'],
        ['grounding/ungrounded', 'warning'],
      ],
    );
  });

  it('locates each claim by line and UTF-16 column, across CRLF and a surrogate pair', () => {
    const [contradicted, ungrounded] = log.runs[0].results ?? [];
    // "# Outage 🔥\r\n" is 13 units, so line 2 starts at offset 13; C1 starts its line.
    assert.deepEqual(contradicted.locations?.[0].physicalLocation?.region, {
      startLine: 2,
      startColumn: 1,
      endLine: 2,
      endColumn: 1 + c1.length,
      charOffset: 13,
      charLength: c1.length,
      snippet: { text: c1 },
    });
    // Line 3 starts after "...97.2%.\r\n": 13 + 27 + 2 = 42; C2 starts there.
    const region = ungrounded.locations?.[0].physicalLocation?.region;
    assert.equal(region?.startLine, 3);
    assert.equal(region?.startColumn, 1);
    assert.equal(region?.charOffset, 42);
    assert.equal(ungrounded.locations?.[0].physicalLocation?.artifactLocation?.uri, 'reports/outage.md');
    assert.equal(ungrounded.locations?.[0].physicalLocation?.artifactLocation?.uriBaseId, 'SRCROOT');
  });

  it('cites the evidence as related locations, quoting the line; unknown refs are named, not dropped', () => {
    const related = log.runs[0].results?.[0].relatedLocations ?? [];
    assert.equal(related.length, 2);
    assert.equal(related[0].physicalLocation?.artifactLocation?.uri, 'logs/metrics.log');
    assert.equal(related[0].physicalLocation?.region?.startLine, 3);
    assert.match(related[0].message?.text ?? '', /^E3: \[tool=query_metrics row=14:02:01\] host=db-prod-1 cpu_pct=79\.2$/);
    assert.equal(related[1].message?.text, 'E99 (not found in the evidence)');
  });

  it('carries the reason in the message and the review verdict in run properties', () => {
    const first = log.runs[0].results?.[0];
    assert.equal(first?.message.text, 'contradicted claim (tool_match): reason of C1');
    assert.deepEqual(log.runs[0].properties?.reviews, [
      { report: 'reports/outage.md', score: 0.4, decision: 'replan', degraded: false, counts: { grounded: 1, ungrounded: 1, contradicted: 1, complementary: 0 } },
    ]);
  });

  it('says where a grounded verdict was withheld by the grounded cut, and validates', () => {
    const withheld = { ...claim('C2', c2, 'ungrounded', [], 3), withheld: { grounded_confidence: 0.43, cut: 0.5 } };
    const withheldLog = buildSarifLog([{ ...review, result: result([withheld]) }], { toolVersion: '0.1.0' });
    assert.deepEqual(withheldLog.runs[0].results?.[0]?.properties?.withheld, { groundedConfidence: 0.43, cut: 0.5 });
    assert.equal(log.runs[0].results?.some((r) => r.properties?.withheld !== undefined), false);
    assert.ok(validate(withheldLog), JSON.stringify(validate.errors));
  });

  it('gives the same fingerprint to the same claim text, whitespace aside', () => {
    const again = buildSarifLog(
      [{ ...review, reportText: `\n\n${report}`, result: result([{ ...review.result.claims[0], start: review.result.claims[0].start + 2, end: review.result.claims[0].end + 2 }]) }],
      { toolVersion: '0.1.0' },
    );
    assert.equal(again.runs[0].results?.[0].partialFingerprints?.['claimText/v1'], log.runs[0].results?.[0].partialFingerprints?.['claimText/v1']);
  });
});
