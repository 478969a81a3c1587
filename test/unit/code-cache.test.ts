// The CLI's code cache (src/cli/code-cache.ts): used only for the exact bytes it was made from,
// never in the way of loading a bundle, and written by the build for the command bundles.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { codeCachePath, loadBundle, readCodeCache, writeCodeCache } from '../../src/cli/code-cache';

const root = join(__dirname, '..', '..', '..');
/** The cache file's header: 'GRCC1\n' and the SHA-256 of the bundle. */
const CACHE_HEADER_BYTES = 6 + 32;

/** V8 takes the cache for this source (it checks its version, flags and the source's length). */
function acceptedByV8(bundle: string, cachedData: Buffer): boolean {
  const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), { filename: bundle, cachedData });
  return script.cachedDataRejected === false;
}

describe('CLI code cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'grounding-code-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const bundleWith = (name: string, body: string) => {
    const file = join(dir, name);
    writeFileSync(file, body);
    return file;
  };

  it('a bundle loads from its cache with the same exports, once per process, as require would', () => {
    const bundle = bundleWith('a.js', "exports.answer = 6 * 7; exports.dir = __dirname; exports.path = require('node:path').basename(__filename);");
    assert.ok(writeCodeCache(bundle) > 0);
    delete require.cache[bundle];
    const cached = readCodeCache(bundle, readFileSync(bundle, 'utf8'));
    assert.ok(cached && acceptedByV8(bundle, cached));
    const loaded = loadBundle(bundle) as { answer: number; dir: string; path: string };
    assert.deepEqual({ ...loaded }, { answer: 42, dir, path: 'a.js' });
    assert.equal(loadBundle(bundle), loaded);
    assert.equal(require(bundle), loaded);
    delete require.cache[bundle];
  });

  it('a cache made from other bytes of the same length is not used: the bundle as it is now loads', () => {
    const bundle = bundleWith('b.js', 'exports.value = 1;');
    writeCodeCache(bundle);
    delete require.cache[bundle];
    writeFileSync(bundle, 'exports.value = 2;');
    assert.equal(readCodeCache(bundle, readFileSync(bundle, 'utf8')), undefined);
    assert.equal((loadBundle(bundle) as { value: number }).value, 2);
    delete require.cache[bundle];
  });

  it('a missing, truncated or foreign cache file leaves loading to require', () => {
    const bundle = bundleWith('c.js', 'exports.value = 3;');
    assert.equal((loadBundle(bundle) as { value: number }).value, 3);
    delete require.cache[bundle];
    for (const junk of [Buffer.alloc(0), Buffer.from('GRCC1\n'), Buffer.from('not a cache at all, but long enough to have a header of 38 bytes')]) {
      writeFileSync(codeCachePath(bundle), junk);
      assert.equal(readCodeCache(bundle, readFileSync(bundle, 'utf8')), undefined);
      assert.equal((loadBundle(bundle) as { value: number }).value, 3);
      delete require.cache[bundle];
    }
  });

  it('an error in a bundle propagates and leaves no half-loaded module behind', () => {
    const bundle = bundleWith('d.js', "exports.before = true; throw new Error('top level failed');");
    assert.throws(() => writeCodeCache(bundle), /top level failed/);
    assert.equal(require.cache[bundle], undefined);
  });

  it('the build leaves a cache V8 accepts beside each command bundle', () => {
    for (const name of ['cli-commands.js', 'cli-mcp.js']) {
      const bundle = join(root, 'dist', name);
      const cached = readCodeCache(bundle, readFileSync(bundle, 'utf8'));
      assert.ok(cached, `${name}: no cache made from the bundle as built`);
      // In a plain Node process, as the CLI runs (this one may carry the test runner's V8 flags).
      const check = `const { Script } = require('node:vm'); const Module = require('node:module'); const fs = require('node:fs');
        const [bundle, cache] = process.argv.slice(1); const data = fs.readFileSync(cache).subarray(${CACHE_HEADER_BYTES});
        process.stdout.write(String(new Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData: data }).cachedDataRejected));`;
      const child = spawnSync(process.execPath, ['-e', check, bundle, codeCachePath(bundle)], { encoding: 'utf8' });
      assert.equal(child.stdout, 'false', `${name}: V8 rejects its cache ${child.stderr}`);
    }
  });
});
