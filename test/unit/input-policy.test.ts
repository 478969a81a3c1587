// The pure rules behind issue 19's fixes, which the CLI and the editor glue share: confinement of
// front matter paths, URL redaction, decoding evidence bytes, and telling one-line prose from a log line.
import * as assert from 'node:assert/strict';
import { posix } from 'node:path';
import { confineEvidencePath, isInside } from '../../src/core/confine';
import { detectEvidenceFormat } from '../../src/core/evidence';
import { checkText, decodeTextBytes } from '../../src/core/evidence/decode';
import { youdenCut } from '../../src/core/geometry/fit';
import { sweptYoudenCut } from '../../src/core/geometry/fit-reliability';
import fc from 'fast-check';
import { redactUrl, redactUrls } from '../../src/core/redact';

describe('confineEvidencePath (the CLI with node paths, the editor with posix URI paths)', () => {
  const roots = ['/work/reports'];
  it('accepts paths inside a root, whatever their spelling', () => {
    assert.deepEqual(confineEvidencePath('logs/app.log', '/work/reports', roots, posix), { ok: true, path: '/work/reports/logs/app.log' });
    assert.deepEqual(confineEvidencePath('./a/../b.log', '/work/reports', roots, posix), { ok: true, path: '/work/reports/b.log' });
    assert.deepEqual(confineEvidencePath('/work/reports/x.log', '/work/reports', roots, posix), { ok: true, path: '/work/reports/x.log' });
    // A name that merely starts with two dots stays inside.
    assert.deepEqual(confineEvidencePath('..notes.log', '/work/reports', roots, posix), { ok: true, path: '/work/reports/..notes.log' });
  });

  it('refuses ../ escapes, absolute paths elsewhere, sibling folders sharing a prefix and NUL bytes', () => {
    for (const entry of ['../secret.env', '../../../../proc/self/environ', '/etc/passwd', '/work/reports-old/x.log', 'a/../../x']) {
      const result = confineEvidencePath(entry, '/work/reports', roots, posix);
      assert.equal(result.ok, false, entry);
      assert.match((result as { message: string }).message, new RegExp(`evidence path ${JSON.stringify(entry).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.* is outside the folder /work/reports; refused`));
    }
    assert.equal(confineEvidencePath('x\0.log', '/work/reports', roots, posix).ok, false);
  });

  it('accepts any of several roots', () => {
    assert.equal(confineEvidencePath('../shared/x.log', '/work/reports', ['/work/reports', '/work/shared'], posix).ok, true);
    assert.equal(isInside('/work/shared', '/work/shared', posix), true);
    assert.equal(isInside('/work/sharedx/a', '/work/shared', posix), false);
  });
});

describe('redactUrl', () => {
  it('replaces query values (but api-version) and userinfo, keeps everything else', () => {
    assert.equal(redactUrl('https://x.openai.azure.com/openai?api-version=2024-06-01&api-key=abc123'), 'https://x.openai.azure.com/openai?api-version=2024-06-01&api-key=***');
    assert.equal(redactUrl('http://user:pass@127.0.0.1:8080/v1'), 'http://***@127.0.0.1:8080/v1');
    assert.equal(redactUrl('http://127.0.0.1:11434/v1'), 'http://127.0.0.1:11434/v1');
    assert.equal(redactUrl('not a url'), 'not a url');
  });

  it('finds every URL in a text', () => {
    assert.equal(redactUrls('judge: openai at https://h/v1?key=s3cr3t (no key); also http://a:b@h2/x.'), 'judge: openai at https://h/v1?key=*** (no key); also http://***@h2/x.');
  });
});

describe('decodeTextBytes', () => {
  const text = 'host=db-1 cpu_pct=97';
  it('UTF-8 with and without BOM, UTF-16 with BOM and ASCII UTF-16 without', () => {
    assert.deepEqual(decodeTextBytes(Buffer.from(text)), { ok: true, text });
    assert.deepEqual(decodeTextBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])), { ok: true, text });
    assert.deepEqual(decodeTextBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])), { ok: true, text, notice: 'decoded as UTF-16LE' });
    assert.deepEqual(decodeTextBytes(Buffer.from(text, 'utf16le')), { ok: true, text, notice: 'decoded as UTF-16LE without a byte-order mark' });
  });

  it('refuses binary (NUL bytes, or mostly invalid UTF-8) and UTF-32; notes a few invalid bytes', () => {
    assert.equal(decodeTextBytes(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00])).ok, false);
    assert.equal(decodeTextBytes(Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x41, 0, 0, 0])).ok, false);
    assert.equal(decodeTextBytes(Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1])).ok, false);
    const latin1 = decodeTextBytes(Buffer.from('caf\xe9 host=db-1 cpu_pct=97 and more ordinary text', 'latin1'));
    assert.deepEqual(latin1, { ok: true, text: 'caf\uFFFD host=db-1 cpu_pct=97 and more ordinary text', notice: 'not valid UTF-8: 1 character(s) replaced by U+FFFD' });
    assert.equal(checkText('a\0b').ok, false);
  });
});

describe('detectEvidenceFormat: one line of prose is a document, one log line is a log', () => {
  const prose = "Arthur's Magazine (1844–1846) was an American literary periodical published in Philadelphia in the 19th century.First for Women is a woman's magazine published by Bauer Media Group in the USA.";
  it('reads one-line prose as paragraphs, under a .txt name or none', () => {
    assert.equal(detectEvidenceFormat('evidence', prose), 'paragraphs');
    assert.equal(detectEvidenceFormat('knowledge.txt', prose), 'paragraphs');
    assert.equal(detectEvidenceFormat('knowledge.log', prose), 'lines');
  });
  it('keeps one-line logs and short texts as lines', () => {
    assert.equal(detectEvidenceFormat('evidence', '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2'), 'lines');
    assert.equal(detectEvidenceFormat('evidence', '2026-03-01 14:02:01 ERROR connection reset by peer while reading the response from the upstream server.'), 'lines');
    assert.equal(detectEvidenceFormat('evidence', 'deploy config v42 pushed to db-prod-1'), 'lines');
  });
});

describe('sweptYoudenCut (the bootstrap\'s fast Youden cut)', () => {
  it('picks the cut fit.ts\'s youdenCut picks, ties and repeated scores included', () => {
    const score = fc.integer({ min: 0, max: 20 }).map((n) => n / 4);
    fc.assert(
      fc.property(fc.array(score, { minLength: 1, maxLength: 25 }), fc.array(score, { minLength: 1, maxLength: 25 }), (grounded, ungrounded) => {
        const reference = youdenCut([...grounded, ...ungrounded], [...grounded.map(() => 0 as const), ...ungrounded.map(() => 1 as const)]).cut;
        assert.equal(sweptYoudenCut(grounded, ungrounded), reference);
      }),
      { numRuns: 500 },
    );
  });
});
