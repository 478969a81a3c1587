// Format checks for the hand-labelled corpus in test/fixtures/corpus/ (issue 4, point 7b).
// These tests check only the shape of the answer key — files present, label spans exact and
// unique, enums valid, evidence refs pointing at real lines, coverage of every bucket and type
// per split. They never run a judge: the labels were written by reasoning about the text.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EVIDENCE_TYPES, PARTITION_KEYS } from '../../src/core/model';

/**
 * A format slip of a blind batch found after its commit, listed in blind-batches.json: the batch
 * stays as its writers left it (its SHA-256 covers the labels), and only the slips listed there pass.
 */
function recordedSlip(caseName: string, claim: string, rule: string): boolean {
  const file = path.join(corpusDir, 'blind-batches.json');
  const { batches } = JSON.parse(fs.readFileSync(file, 'utf8')) as { batches: Array<{ format_slips?: Array<{ case: string; claim: string; rule: string }> }> };
  return batches.some((batch) => (batch.format_slips ?? []).some((slip) => slip.case === caseName && slip.claim === claim && slip.rule === rule));
}

const KINDS = ['incident', 'change', 'docs', 'analysis'] as const;
const SPLITS = ['dev', 'test'] as const;

interface LabelClaim {
  text: string;
  partition: string;
  type: string;
  evidence: string[];
  why: string;
}
interface Labels {
  kind: string;
  split: string;
  question?: string;
  evidence: string[];
  claims: LabelClaim[];
}
interface Case {
  name: string;
  dir: string;
  report: string;
  labels: Labels;
}

/** Walks up from this file (src or compiled out/) to the folder holding package.json. */
function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'test', 'fixtures'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`repository root not found above ${__dirname}`);
    dir = up;
  }
}

const corpusDir = path.join(repoRoot(), 'test', 'fixtures', 'corpus');

function caseDirs(): string[] {
  return fs
    .readdirSync(corpusDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

function loadCases(): Case[] {
  return caseDirs().map((name) => {
    const dir = path.join(corpusDir, name);
    const report = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
    const labels = JSON.parse(fs.readFileSync(path.join(dir, 'labels.json'), 'utf8')) as Labels;
    return { name, dir, report, labels };
  });
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) count++;
  return count;
}

/** Length of the YAML front matter block (0 when there is none). */
function frontMatterEnd(report: string): number {
  const m = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(report);
  return m ? m[0].length : 0;
}

/** [start, end) ranges of fenced code blocks. */
function codeBlockRanges(report: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const re = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;
  for (let m = re.exec(report); m; m = re.exec(report)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

describe('labelled corpus format (test/fixtures/corpus)', () => {
  it('has a README describing the format', () => {
    assert.ok(fs.existsSync(path.join(corpusDir, 'README.md')));
  });

  it('every case folder has report.md, labels.json and its listed evidence files', () => {
    for (const name of caseDirs()) {
      const dir = path.join(corpusDir, name);
      assert.ok(fs.existsSync(path.join(dir, 'report.md')), `${name}: report.md missing`);
      assert.ok(fs.existsSync(path.join(dir, 'labels.json')), `${name}: labels.json missing`);
      const labels = JSON.parse(fs.readFileSync(path.join(dir, 'labels.json'), 'utf8')) as Labels;
      assert.ok(Array.isArray(labels.evidence) && labels.evidence.length > 0, `${name}: no evidence files listed`);
      for (const file of labels.evidence) {
        assert.ok(!['report.md', 'labels.json'].includes(file), `${name}: ${file} cannot be evidence`);
        assert.ok(fs.existsSync(path.join(dir, file)), `${name}: evidence file ${file} missing`);
      }
    }
  });

  it('every case has a valid kind matching its folder name, a split and a question for docs cases', () => {
    for (const c of loadCases()) {
      const { labels } = c;
      assert.ok((KINDS as readonly string[]).includes(labels.kind), `${c.name}: bad kind ${labels.kind}`);
      assert.ok(c.name.startsWith(`${labels.kind}-`), `${c.name}: folder does not start with kind ${labels.kind}`);
      assert.ok((SPLITS as readonly string[]).includes(labels.split), `${c.name}: bad split ${labels.split}`);
      if (labels.kind === 'docs') {
        assert.ok(typeof labels.question === 'string' && labels.question.length > 0, `${c.name}: docs case needs a question`);
        assert.ok(c.report.slice(0, frontMatterEnd(c.report)).includes(labels.question!), `${c.name}: question not in front matter`);
      }
      assert.ok(Array.isArray(labels.claims) && labels.claims.length > 0, `${c.name}: no claims`);
    }
  });

  it('each label text occurs exactly once in report.md, outside front matter and code blocks', () => {
    for (const c of loadCases()) {
      const fmEnd = frontMatterEnd(c.report);
      const code = codeBlockRanges(c.report);
      for (const claim of c.labels.claims) {
        assert.equal(typeof claim.text, 'string', `${c.name}: claim text must be a string`);
        assert.ok(claim.text.trim().length > 0, `${c.name}: empty claim text`);
        assert.equal(occurrences(c.report, claim.text), 1, `${c.name}: "${claim.text}" must occur exactly once`);
        const start = c.report.indexOf(claim.text);
        assert.ok(start >= fmEnd, `${c.name}: "${claim.text}" lies in the front matter`);
        assert.ok(!code.some(([s, e]) => start < e && start + claim.text.length > s), `${c.name}: "${claim.text}" lies in a code block`);
      }
    }
  });

  it('label spans do not overlap each other', () => {
    for (const c of loadCases()) {
      const spans = c.labels.claims
        .map((claim) => [c.report.indexOf(claim.text), c.report.indexOf(claim.text) + claim.text.length] as const)
        .sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) {
        assert.ok(spans[i][0] >= spans[i - 1][1], `${c.name}: overlapping labels at offset ${spans[i][0]}`);
      }
    }
  });

  it('partitions and evidence types are valid, with the bucket-specific types', () => {
    for (const c of loadCases()) {
      for (const claim of c.labels.claims) {
        const where = `${c.name}: "${claim.text}"`;
        assert.ok((PARTITION_KEYS as readonly string[]).includes(claim.partition), `${where}: bad partition ${claim.partition}`);
        assert.ok((EVIDENCE_TYPES as readonly string[]).includes(claim.type), `${where}: bad type ${claim.type}`);
        assert.ok(typeof claim.why === 'string' && claim.why.trim().length > 0, `${where}: missing why`);
        if (claim.partition === 'ungrounded') assert.equal(claim.type, 'inference', `${where}: ungrounded claims are inference`);
        if (claim.partition === 'complementary') {
          assert.equal(claim.type, 'complementary_finding', `${where}: complementary claims are complementary_finding`);
        }
        if (claim.type === 'complementary_finding') assert.equal(claim.partition, 'complementary', `${where}`);
        if (claim.partition === 'grounded' || claim.partition === 'contradicted') {
          assert.notEqual(claim.type, 'inference', `${where}: a ${claim.partition} claim needs a non-inference type`);
        }
        if (claim.partition === 'contradicted' && !recordedSlip(c.name, claim.text, 'contradicted claims cite the evidence')) {
          assert.ok(claim.evidence.length > 0, `${where}: contradicted claims cite the evidence`);
        }
        if (claim.partition === 'grounded' && claim.type !== 'neg_evidence' && !recordedSlip(c.name, claim.text, 'grounded claims cite their evidence')) {
          assert.ok(claim.evidence.length > 0, `${where}: grounded claims cite their evidence`);
        }
      }
    }
  });

  it('every evidence ref names a listed evidence file and an existing, non-blank line', () => {
    for (const c of loadCases()) {
      const lines = new Map<string, string[]>();
      for (const file of c.labels.evidence) {
        lines.set(file, fs.readFileSync(path.join(c.dir, file), 'utf8').split(/\r?\n/));
      }
      for (const claim of c.labels.claims) {
        assert.ok(Array.isArray(claim.evidence), `${c.name}: evidence must be an array`);
        for (const ref of claim.evidence) {
          const m = /^(.+):(\d+)$/.exec(ref);
          assert.ok(m, `${c.name}: malformed ref ${ref}`);
          const fileLines = lines.get(m![1]);
          assert.ok(fileLines, `${c.name}: ref ${ref} names a file not in the evidence list`);
          const n = Number(m![2]);
          assert.ok(n >= 1 && n <= fileLines!.length, `${c.name}: ref ${ref} is past the end of the file`);
          assert.ok(fileLines![n - 1].trim().length > 0, `${c.name}: ref ${ref} points at a blank line`);
        }
      }
    }
  });

  it('meets the size and coverage targets: ≥ 24 cases, ≥ 240 claims, 4 kinds, both splits balanced', () => {
    const cases = loadCases();
    assert.ok(cases.length >= 24, `only ${cases.length} cases`);
    const claims = cases.reduce((n, c) => n + c.labels.claims.length, 0);
    assert.ok(claims >= 240, `only ${claims} claims`);
    for (const kind of KINDS) {
      for (const split of SPLITS) {
        const n = cases.filter((c) => c.labels.kind === kind && c.labels.split === split).length;
        assert.ok(n >= 3, `${kind}/${split}: only ${n} cases`);
      }
    }
    for (const split of SPLITS) {
      assert.ok(cases.filter((c) => c.labels.split === split).length >= 12, `${split}: fewer than 12 cases`);
    }
  });

  it('every partition and every evidence type occurs in each split', () => {
    const cases = loadCases();
    for (const split of SPLITS) {
      const claims = cases.filter((c) => c.labels.split === split).flatMap((c) => c.labels.claims);
      for (const p of PARTITION_KEYS) assert.ok(claims.some((cl) => cl.partition === p), `${split}: no ${p} claim`);
      for (const t of EVIDENCE_TYPES) assert.ok(claims.some((cl) => cl.type === t), `${split}: no ${t} claim`);
    }
  });
});
