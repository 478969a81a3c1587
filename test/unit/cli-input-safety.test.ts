// Issue 19, findings 1–4, 13 (binary / UTF-16) and 14: what the CLI reads stays inside what the
// user gave it, what it cannot read makes it stricter, what it prints or sends holds no secret.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { CliIo } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';
import type { JudgeFactories } from '../../src/cli/commands/judges';
import { runReview } from '../../src/cli/commands/review';
import { createOfflineJudge } from '../../src/core/judge/offline';
import type { ClaimJudgeInput } from '../../src/core/review-types';
import { judgeAnswer, judgePromptIds, chatJson, startOpenAITestServer, type OpenAITestServer } from '../support/openai-test-server';

const cli = resolve(__dirname, '../../../dist/cli.js');
const ROW = '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2';
const CLAIM = 'CPU on db-prod-1 reached 97.2% at 14:02:01.\n';

function capture(cwd: string, env: NodeJS.ProcessEnv = {}): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', env, cwd, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

/** The offline judge, recording what it was given. */
function recordingOffline(calls: ClaimJudgeInput[]): JudgeFactories {
  const offline = createOfflineJudge();
  return { offline: () => ({ kind: offline.kind, judgeClaims: (input) => (calls.push(input), offline.judgeClaims(input)) }) };
}

function frontMatterReport(dir: string, evidence: string, body = CLAIM): string {
  const file = join(dir, 'report.md');
  writeFileSync(file, `---\nevidence: ${JSON.stringify(evidence)}\n---\n${body}`);
  return file;
}

describe('issue 19: front matter evidence is confined to the report folder and --root (finding 1)', () => {
  let base: string;
  let reports: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'confine-'));
    reports = join(base, 'reports');
    mkdirSync(reports);
    writeFileSync(join(base, 'secret.env'), 'OPENAI_API_KEY=sk-guessed-1234\n');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const refused = async (report: string, pattern: RegExp, extra: string[] = []) => {
    const calls: ClaimJudgeInput[] = [];
    const io = capture(base);
    await assert.rejects(runReview([report, ...extra], io, recordingOffline(calls)), (error: Error) => {
      assert.equal(error.name, 'CliError');
      assert.match(error.message, pattern);
      return true;
    });
    assert.equal(calls.length, 0, 'nothing was judged: the file was never read as evidence');
  };

  it('refuses ../ out of the report folder: the guessed secret is never confirmed', async () => {
    await refused(frontMatterReport(reports, '../secret.env', 'OPENAI_API_KEY=sk-guessed-1234 was set.\n'), /evidence path "\.\.\/secret\.env" .* is outside .*reports; refused/);
  });

  it('refuses an absolute path, and /proc/self/environ by any spelling', async () => {
    await refused(frontMatterReport(reports, join(base, 'secret.env')), /is outside/);
    if (existsSync('/proc/self/environ')) await refused(frontMatterReport(reports, relative(reports, '/proc/self/environ')), /\/proc\/self\/environ\) is outside/);
  });

  it('refuses a symlink inside the folder that points out of it (checked on the real path)', async () => {
    symlinkSync(join(base, 'secret.env'), join(reports, 'innocent.log'));
    await refused(frontMatterReport(reports, 'innocent.log'), /"innocent\.log" \(.*secret\.env\) is outside/);
  });

  it('reads evidence inside the folder, and outside it only under a --root', async () => {
    writeFileSync(join(reports, 'metrics.log'), ROW);
    const io = capture(base);
    assert.equal(await runReview([frontMatterReport(reports, 'metrics.log'), '--format', 'json'], io), 0);
    assert.equal(JSON.parse(io.out).counts.grounded, 1);

    mkdirSync(join(base, 'logs'));
    writeFileSync(join(base, 'logs', 'metrics.log'), ROW);
    const report = frontMatterReport(reports, '../logs/metrics.log');
    await refused(report, /is outside/);
    const rooted = capture(base);
    assert.equal(await runReview([report, '--root', join(base, 'logs'), '--format', 'json'], rooted), 0);
    assert.equal(JSON.parse(rooted.out).counts.grounded, 1);
    // --root means nothing when --evidence replaces the front matter list: an error, not ignored.
    await assert.rejects(runReview([report, '--evidence', join(base, 'logs', 'metrics.log'), '--root', base], capture(base)), /--root widens where front matter evidence may come from/);
  });
});

describe('issue 19: only regular files, within the size limit (finding 2)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'size-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses /dev/zero (front matter with --root /, or --evidence) before reading a byte', async () => {
    if (!existsSync('/dev/zero')) return;
    const report = frontMatterReport(dir, '/dev/zero');
    await assert.rejects(runReview([report, '--root', '/'], capture(dir)), /\/dev\/zero: not a regular file \(a character device\); refused/);
    await assert.rejects(runReview([report, '--evidence', '/dev/zero'], capture(dir)), /\/dev\/zero: not a regular file/);
  });

  it('refuses a directory and a FIFO', async () => {
    const report = frontMatterReport(dir, 'x.log');
    mkdirSync(join(dir, 'folder.log'));
    await assert.rejects(runReview([report, '--evidence', join(dir, 'folder.log')], capture(dir)), /folder\.log: not a regular file \(a directory\)/);
    if (spawnSync('mkfifo', [join(dir, 'pipe.log')]).status === 0) {
      await assert.rejects(runReview([report, '--evidence', join(dir, 'pipe.log')], capture(dir)), /pipe\.log: not a regular file \(a FIFO\)/);
    }
  });

  it('refuses a file over --max-file-mb with a clear error, and reads it under a higher limit', async () => {
    const big = join(dir, 'big.log');
    // 1.5 MB, over a 1 MB limit and under 2 MB: one row, then blank lines (cheap to review).
    writeFileSync(big, `${ROW}\n`.padEnd(1.5 * 1024 * 1024, '\n'));
    const report = frontMatterReport(dir, 'big.log');
    await assert.rejects(runReview([report, '--max-file-mb', '1'], capture(dir)), /big\.log: larger than the 1 MB limit for an input file \(1\.5 MB\); refused/);
    const io = capture(dir);
    assert.equal(await runReview([report, '--max-file-mb', '2', '--format', 'json'], io), 0);
    await assert.rejects(runReview([report, '--max-file-mb', '0'], capture(dir)), /--max-file-mb: expected a size > 0/);
  });
});

describe('issue 19: nothing is written through a path that resolves to an input (finding 3)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'out-'));
    writeFileSync(join(dir, 'metrics.log'), ROW);
    writeFileSync(join(dir, 'report.md'), 'CPU on db-prod-1 reached 99% at 14:02:01.\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const [kind, make] of [
    ['a symlink to the report', (target: string, link: string) => symlinkSync(target, link)],
    ['a hard link to the report', (target: string, link: string) => linkSync(target, link)],
  ] as const) {
    it(`refuses --out as ${kind}; the report keeps its bytes and its mtime`, async () => {
      const report = join(dir, 'report.md');
      make(report, join(dir, 'link.md'));
      const before = { text: readFileSync(report, 'utf8'), mtime: statSync(report).mtimeMs };
      await assert.rejects(runReview([report, '--evidence', join(dir, 'metrics.log'), '--loop', '--out', 'link.md'], capture(dir)), /--out link\.md resolves to the input .*report\.md; the input files are never overwritten/);
      assert.deepEqual({ text: readFileSync(report, 'utf8'), mtime: statSync(report).mtimeMs }, before);
    });
  }

  it('refuses --out naming an evidence file', async () => {
    await assert.rejects(runReview([join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log'), '--loop', '--out', 'metrics.log'], capture(dir)), /resolves to the input .*metrics\.log/);
    assert.equal(readFileSync(join(dir, 'metrics.log'), 'utf8'), ROW);
  });
});

describe('issue 19: no secret in what is printed or sent (finding 4)', () => {
  let server: OpenAITestServer;
  let dir: string;
  beforeEach(async () => {
    server = await startOpenAITestServer();
    dir = mkdtempSync(join(tmpdir(), 'redact-'));
    writeFileSync(join(dir, 'report.md'), CLAIM);
    mkdirSync(join(dir, 'logs'));
    writeFileSync(join(dir, 'logs', 'metrics.log'), ROW);
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('redacts the key in a base URL query and credentials in its userinfo on stderr', async () => {
    server.scriptChat((request) => chatJson(judgeAnswer(judgePromptIds(request).claims.map((id) => ({ claim_id: id, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'x' })))));
    const url = new URL(server.baseURL);
    const withSecrets = `http://admin:pw-0f9e8d@${url.host}${url.pathname}?api-version=2024-06-01&api-key=key-7a6b5c`;
    const io = capture(dir, {});
    await runCli(['review', join(dir, 'report.md'), '--evidence', join(dir, 'logs', 'metrics.log'), '--judge', 'openai', '--base-url', withSecrets], io);
    assert.doesNotMatch(io.err + io.out, /key-7a6b5c|pw-0f9e8d/);
    assert.match(io.err, /api-version=2024-06-01&api-key=\*\*\*/);
  });

  it('sends evidence named relative to the report, never by its absolute path', async () => {
    server.scriptChat((request) => {
      const { claims, evidence } = judgePromptIds(request);
      return chatJson(judgeAnswer(claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'row' }))));
    });
    const io = capture(dir, { OPENAI_API_KEY: 'sk-test' });
    await runReview([join(dir, 'report.md'), '--evidence', join(dir, 'logs', 'metrics.log'), '--judge', 'openai', '--base-url', server.baseURL], io);
    const requests = server.requestsTo('/v1/chat/completions');
    assert.ok(requests.length > 0);
    for (const request of requests) {
      assert.ok(!request.rawBody.includes(dir), 'no absolute path of this machine in the request body');
      assert.ok(judgePromptIds(request).user.includes('{"file":"logs/metrics.log"}'), 'the name relative to the report');
    }
  });
});

describe('issue 19: binary and UTF-16 evidence (finding 13)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'decode-'));
    writeFileSync(join(dir, 'report.md'), CLAIM);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const reviewJson = async (evidence: string) => {
    const io = capture(dir);
    await runReview([join(dir, 'report.md'), '--evidence', evidence, '--format', 'json'], io);
    return JSON.parse(io.out);
  };

  it('decodes UTF-16 with a BOM (LE and BE): the row grounds the claim as in UTF-8, with a warning saying how it was read', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ROW, 'utf16le')]);
    writeFileSync(join(dir, 'le.log'), le);
    const be = Buffer.from(le.subarray(2));
    be.swap16();
    writeFileSync(join(dir, 'be.log'), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    for (const [file, encoding] of [['le.log', 'UTF-16LE'], ['be.log', 'UTF-16BE']]) {
      const json = await reviewJson(join(dir, file));
      assert.equal(json.counts.grounded, 1, file);
      assert.deepEqual(json.warnings, [{ file, message: `decoded as ${encoding}` }]);
    }
  });

  it('refuses a binary file (PNG header) with a warning naming it; the claim is not grounded', async () => {
    writeFileSync(join(dir, 'shot.png'), Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1'), Buffer.from(ROW)]));
    const json = await reviewJson(join(dir, 'shot.png'));
    assert.equal(json.counts.grounded, 0);
    assert.ok(json.warnings.some((w: { file: string; message: string }) => w.file === 'shot.png' && /binary content/.test(w.message)), JSON.stringify(json.warnings));
    assert.deepEqual(json.claims[0].evidence_refs, []);
  });
});

describe('issue 19: numbers, calibrate and front matter reasons (finding 14)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'numbers-'));
    writeFileSync(join(dir, 'report.md'), CLAIM);
    writeFileSync(join(dir, 'metrics.log'), ROW);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const usage = async (argv: string[]) => {
    const io = capture(dir);
    assert.equal(await runCli(argv, io), 2, argv.join(' '));
    return io.err;
  };
  const review = (...extra: string[]) => ['review', join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log'), ...extra];

  it('takes decimal notation only and quotes the offending value', async () => {
    assert.match(await usage(review('--rho', '0x1')), /--rho: expected a decimal number, got "0x1"/);
    assert.match(await usage(review('--tau-proceed', '0b1')), /--tau-proceed: expected a decimal number, got "0b1"/);
    assert.match(await usage(review('--tau-regenerate', 'Infinity')), /got "Infinity"/);
    assert.match(await usage(review('--rho', ' ')), /got " "/);
    assert.match(await usage(review('--rho', '1e309')), /--rho: 1e309 is beyond the range of a number/);
    // Plain decimals still work, exponents included.
    assert.equal(await runCli(review('--rho', '5e-1', '--format', 'json'), capture(dir)), 0);
  });

  it('names 1e309 in a weights file as written, with its line', async () => {
    writeFileSync(join(dir, 'weights.json'), '{\n  "tool_match": 1e309\n}\n');
    assert.match(await usage(review('--weights', join(dir, 'weights.json'))), /weights\.json:2: 1e309 is beyond the range of a number/);
  });

  it('calibrate --encoder bogus blames --encoder', async () => {
    writeFileSync(join(dir, 'labelled.jsonl'), '{"question":"q","response":"r","label":0}\n');
    assert.match(await usage(['calibrate', join(dir, 'labelled.jsonl'), '--encoder', 'bogus']), /--encoder: expected one of embedded, openai, got "bogus"/);
  });

  it('calibrate on two examples per class warns about sample size and prints the cut\'s interval', async function () {
    this.timeout(120_000);
    const context = 'The Oberoi Group is a hotel company with its head office in Delhi.';
    const question = 'Where is the head office of the Oberoi Group?';
    const examples = [
      { question, context, response: 'Delhi', label: 0 },
      { question, context, response: 'The head office is in Delhi, India.', label: 0 },
      { question, context, response: 'The Oberoi family is not involved in any hotel company.', label: 1 },
      { question, context, response: 'Its head office is in Mumbai.', label: 1 },
    ];
    writeFileSync(join(dir, 'few.jsonl'), examples.map((example) => JSON.stringify(example)).join('\n'));
    const io = capture(dir);
    assert.equal(await runCli(['calibrate', join(dir, 'few.jsonl')], io), 0, io.err);
    assert.match(io.err, /warning: sgi_review fitted on 2 grounded and 2 ungrounded example\(s\), below the 30 per class a cut needs; its 95% bootstrap interval is -?\d+\.\d{3}–-?\d+\.\d{3}: do not rely on it/);
    assert.match(io.out, /sgi_review +2 grounded \/ 2 ungrounded; 95% interval \S+–\S+ \(bootstrap, 1000 resamples within class\)/);
    const json = capture(dir);
    await runCli(['calibrate', join(dir, 'few.jsonl'), '--format', 'json'], json);
    const sgi = JSON.parse(json.out).reliability.find((entry: { cut: string }) => entry.cut === 'sgi_review');
    assert.deepEqual([sgi.grounded, sgi.ungrounded], [2, 2]);
    assert.ok(sgi.interval.low <= sgi.interval.high);
  });

  it('a front matter refused as a YAML alias bomb says so without --evidence', async () => {
    const bomb = ['evidence: &a [x.log,x.log,x.log,x.log,x.log,x.log,x.log,x.log,x.log]', 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]', 'e: [*d,*d,*d,*d,*d,*d,*d,*d,*d]'];
    writeFileSync(join(dir, 'bomb.md'), `---\n${bomb.join('\n')}\n---\n${CLAIM}`);
    assert.match(await usage(['review', join(dir, 'bomb.md')]), /no evidence: .*bomb\.md:2: front matter is not valid YAML, ignored \(Excessive alias count/);
  });
});

describe('issue 19: a reader that stops early (finding 12, EPIPE)', () => {
  it('`| head -1` ends the batch quietly with exit 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'epipe-'));
    // Results far beyond a pipe's buffer: the writer meets the closed pipe while cases remain.
    const lines = Array.from({ length: 100 }, (_, i) => JSON.stringify({ id: i, report: CLAIM.repeat(30), evidence: ROW }));
    writeFileSync(join(dir, 'cases.jsonl'), lines.join('\n'));
    const run = spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${cli}" review --batch cases.jsonl --jobs 1 | head -1`], { cwd: dir, encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    assert.equal(JSON.parse(run.stdout).id, 0);
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
  });
});
