// Loading the CLI's command bundles with V8's code cache. A command bundle (dist/cli-commands.js,
// about 1 MB) costs every run some 40–50 ms to compile before any work starts; the build leaves
// beside it the code V8 compiled for its top level (`<bundle>.cache`, written by `writeCodeCache`),
// and `loadBundle` hands that to V8 instead of compiling again.
//
// The cache is only ever an accelerator: it is used when it was made from exactly these bytes
// (its header holds the SHA-256 of the bundle: V8 itself checks only the source's length) and V8
// accepts it (same V8 version and flags); otherwise, or on any error reading it, the bundle is
// loaded as Node would load it.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

const MAGIC = Buffer.from('GRCC1\n');
const HASH_BYTES = 32;

export const codeCachePath = (bundle: string): string => `${bundle}.cache`;

function sourceHash(source: string): Buffer {
  return createHash('sha256').update(source).digest();
}

/** The cached code for `source`, when the cache beside the bundle was made from it. */
export function readCodeCache(bundle: string, source: string): Buffer | undefined {
  let cache: Buffer;
  try {
    cache = readFileSync(codeCachePath(bundle));
  } catch {
    return undefined;
  }
  const header = MAGIC.length + HASH_BYTES;
  if (cache.length <= header || !cache.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (!cache.subarray(MAGIC.length, header).equals(sourceHash(source))) return undefined;
  return cache.subarray(header);
}

type CompileJs = (module: Module, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, CompileJs> })._extensions;

/**
 * `require(bundle)`, with the bundle compiled by `compile` instead of Node's own compiler: the
 * module is found, cached and registered by require as any other (so whatever watches module
 * loads sees it); only its compilation is ours, for that one file, during this call.
 */
function requireCompiledWith(bundle: string, compile: (module: Module) => void): unknown {
  const plain = extensions['.js']!;
  extensions['.js'] = function (this: unknown, module: Module, filename: string) {
    if (filename !== bundle) return plain.call(this, module, filename);
    extensions['.js'] = plain;
    compile(module);
  };
  try {
    return require(bundle);
  } finally {
    extensions['.js'] = plain;
  }
}

/** Compiles a bundle's source (with V8's cached code, if given) and runs it as `module`, as CommonJS. */
function compileAndRun(module: Module, source: string, cachedData: Buffer | undefined): Script {
  const bundle = module.filename;
  const script = new Script(Module.wrap(source), { filename: bundle, cachedData });
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(bundle), module, bundle, dirname(bundle));
  return script;
}

/**
 * The exports of a bundle (an absolute path), as `require(bundle)` gives them; compiled from its
 * code cache when there is a valid one.
 */
export function loadBundle(bundle: string): unknown {
  if (require.cache[bundle]) return require(bundle);
  let source: string;
  let cachedData: Buffer | undefined;
  try {
    source = readFileSync(bundle, 'utf8');
    cachedData = readCodeCache(bundle, source);
  } catch {
    return require(bundle);
  }
  // Without a cache there is nothing to gain over Node's compiler (which also keeps source maps working).
  if (cachedData === undefined) return require(bundle);
  return requireCompiledWith(bundle, (module) => compileAndRun(module, source, cachedData));
}

/**
 * Writes `<bundle>.cache`: the bundle is compiled and its top level run (module initialisation
 * only: a command bundle runs nothing else when loaded), so the cache holds the code of every
 * function its loading compiled. Run by the build, in a process of its own.
 */
export function writeCodeCache(bundle: string): number {
  const { source, script } = compileForCache(bundle);
  return saveCodeCache(bundle, source, script);
}

/**
 * The same, after `exercise` has run the loaded bundle's exports (a review of the shipped example):
 * the cache then also holds the code of every function that run compiled, which each run would
 * otherwise parse and compile again on first call. Only code is kept, never a result: V8 caches
 * a function's compiled form, and every run computes afresh.
 */
export async function writeExercisedCodeCache(bundle: string, exercise: (exports: unknown) => Promise<unknown>): Promise<number> {
  const { source, script, exports } = compileForCache(bundle);
  await exercise(exports);
  return saveCodeCache(bundle, source, script);
}

function compileForCache(bundle: string): { source: string; script: Script; exports: unknown } {
  const source = readFileSync(bundle, 'utf8');
  let script: Script | undefined;
  const exports = requireCompiledWith(bundle, (module) => (script = compileAndRun(module, source, undefined)));
  if (script === undefined) throw new Error(`${bundle} was loaded already: its cache would miss its top level`);
  return { source, script, exports };
}

function saveCodeCache(bundle: string, source: string, script: Script): number {
  const data = Buffer.concat([MAGIC, sourceHash(source), script.createCachedData()]);
  // Written aside and renamed, so a reader never sees half a file.
  const partial = `${codeCachePath(bundle)}.${process.pid}.tmp`;
  writeFileSync(partial, data);
  renameSync(partial, codeCachePath(bundle));
  return data.length;
}
