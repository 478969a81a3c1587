// Bundles the extension and the CLI (style of the official extension generator).
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints build results in a shape VS Code's `$esbuild-watch` problem matcher understands. */
const esbuildProblemMatcherPlugin = {
  name: 'esbuild-problem-matcher',
  setup(build) {
    build.onStart(() => {
      console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * zod re-exports every locale it has (`z.locales`), ~260 KB minified; messages here are English
 * only, so the locale index resolves to one that exports `en` alone.
 */
const zodEnglishOnlyPlugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: require('node:path').join(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: require('node:path').dirname(args.path),
    }));
  },
};

/**
 * The DGI grounding direction (~150 KB of numbers) is data, not code: it stays a file next to the
 * bundles, read when the switch first needs it, so the bundles stay small.
 */
const DGI_DIRECTION = { source: 'src/core/geometry/data/dgi-direction.json', file: 'dgi-direction.json' };
const geometryDataOutsidePlugin = {
  name: 'geometry-data-outside',
  setup(build) {
    build.onResolve({ filter: /[\\/]data[\\/]dgi-direction\.json$/ }, () => ({ path: `./${DGI_DIRECTION.file}`, external: true }));
  },
};

/**
 * The tokenizer's BPE ranks (~2 MB) are needed only to estimate prompt tokens: they live in a
 * bundle of their own next to the others, loaded on the first estimate, so the main bundles stay small.
 */
const TOKENIZER = { module: 'gpt-tokenizer/encoding/o200k_base', file: 'gpt-tokenizer.js' };
const tokenizerOutsidePlugin = {
  name: 'tokenizer-outside',
  setup(build) {
    build.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, () => ({ path: `./${TOKENIZER.file}`, external: true }));
  },
};

/**
 * The CLI is three bundles, so that a command loads only its own code: dist/cli.js reads the
 * command name and hands over to dist/cli-mcp.js for `mcp` (the MCP server an agent starts and
 * waits on) or to dist/cli-commands.js for every other command. The source imports those modules
 * dynamically; in these bundles the imports become a load of the sibling file (with its code cache, below), and mcp.ts's
 * import of the LLM judges takes them from dist/cli-commands.js (the default offline judge needs
 * none of it). Each bundle stays flat: a module esbuild reaches only through import() is wrapped
 * in a lazy initialiser, whose body V8 parses a second time when it runs.
 */
const CLI_HANDOVERS = {
  'src/cli/main.ts': { './commands/index.js': 'cli-commands.js', './commands/mcp.js': 'cli-mcp.js' },
  'src/cli/commands/mcp.ts': { './judges.js': 'cli-commands.js' },
};
const cliHandoverPlugin = {
  name: 'cli-handover',
  setup(build) {
    build.onResolve({ filter: /^\.\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const importer = require('node:path').relative(__dirname, args.importer).split(require('node:path').sep).join('/');
      const file = CLI_HANDOVERS[importer]?.[args.path];
      return file ? { path: file, namespace: 'cli-handover' } : undefined;
    });
    // The sibling bundle is loaded with its V8 code cache when the build left a valid one (see
    // src/cli/code-cache.ts and writeCodeCaches below), by require otherwise.
    build.onLoad({ filter: /.*/, namespace: 'cli-handover' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(CODE_CACHE_MODULE)}).loadBundle(require('node:path').join(__dirname, ${JSON.stringify(args.path)}));`,
      resolveDir: __dirname,
      loader: 'js',
    }));
  },
};

/**
 * The bundles a command hands over to get a V8 code cache beside them (`<bundle>.cache`), written
 * after each build in a child process by the same module that reads it: compiling ~1 MB of
 * JavaScript was some 40–50 ms of every CLI run. A cache is tied to its bundle's bytes and to the
 * Node version that made it; with any other, the bundle is compiled as usual.
 */
const CODE_CACHE_MODULE = require('node:path').join(__dirname, 'src', 'cli', 'code-cache.ts');
const CODE_CACHED_BUNDLES = [...new Set(Object.values(CLI_HANDOVERS).flatMap((files) => Object.values(files)))];

/**
 * What the cache of a bundle is made after: dist/cli-commands.js reviews the shipped example
 * (offline judge, output discarded), so its cache also holds the code of the review path — the
 * readers, the index, the judge's rules — that every review would otherwise compile on first
 * call (some 80 ms of a review of 10,000 log lines). Code only: each run computes every result.
 */
const CODE_CACHE_EXERCISES = { 'cli-commands.js': 'examples/incident/report.md' };

function writeCodeCaches() {
  const path = require('node:path');
  const { outputFiles } = esbuild.buildSync({ entryPoints: [CODE_CACHE_MODULE], bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false });
  // Where esbuild wrote them: its outfiles are relative to the working directory (a scratch build
  // of the footprint bench runs this script from another folder).
  const bundles = CODE_CACHED_BUNDLES.map((file) => {
    const report = CODE_CACHE_EXERCISES[file] && path.join(__dirname, CODE_CACHE_EXERCISES[file]);
    return [path.resolve('dist', file), report && require('node:fs').existsSync(report) ? report : null];
  });
  const writer = `${outputFiles[0].text}
const codeCache = module.exports;
const quiet = (cwd) => ({ stdout: () => {}, stderr: () => {}, env: {}, cwd });
(async () => {
  for (const [bundle, report] of JSON.parse(process.argv[1])) {
    if (report === null) codeCache.writeCodeCache(bundle);
    else await codeCache.writeExercisedCodeCache(bundle, (commands) => commands.runReview([report, '--format', 'json'], quiet(require('node:path').dirname(report))));
  }
})().catch((error) => { console.error(error); process.exit(1); });`;
  const child = require('node:child_process').spawnSync(process.execPath, ['-e', writer, JSON.stringify(bundles)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`writing the CLI's code caches failed: ${child.stderr || child.error}`);
}

/** Options shared by every bundle: one CommonJS file per entry, for Node. */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  // Node 20 reads \p{…} outside a character class (esbuild's table lists it for later versions
  // only): kept as literals, these patterns are compiled once per site, not built by
  // `new RegExp(…)` on every call (the readers and rules call some for every word, value or row).
  supported: { 'regexp-unicode-property-escapes': true },
  // The encoder packages find their weights and .wasm files relative to their own folder,
  // so they stay outside the bundle and ship as runtime dependencies.
  external: ['vscode', '@energetic-ai/*'],
  // jsonc-parser's `main` is a UMD build whose dynamic require('./impl/…') esbuild cannot follow;
  // its ESM build (`module`) bundles cleanly.
  mainFields: ['module', 'main'],
  plugins: [esbuildProblemMatcherPlugin, zodEnglishOnlyPlugin, geometryDataOutsidePlugin, tokenizerOutsidePlugin],
};

const entries = [
  { entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js' },
  // The CLI (see cliHandoverPlugin): `dynamic-import: false` makes the hand-overs plain require().
  {
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    plugins: [...common.plugins, cliHandoverPlugin],
    supported: { ...common.supported, 'dynamic-import': false },
  },
  { entryPoints: ['src/cli/commands/index.ts'], outfile: 'dist/cli-commands.js' },
  { entryPoints: ['src/cli/commands/mcp.ts'], outfile: 'dist/cli-mcp.js', plugins: [...common.plugins, cliHandoverPlugin], supported: { ...common.supported, 'dynamic-import': false } },
  // The tokenizer itself, bundled once (without the plugin that keeps it outside the others).
  { entryPoints: [require.resolve(TOKENIZER.module)], outfile: `dist/${TOKENIZER.file}`, plugins: [esbuildProblemMatcherPlugin] },
  // The review panel's script runs in the webview (a browser): one IIFE, zod bundled in.
  { entryPoints: ['media/panel/main.ts'], outfile: 'media/dist/panel.js', platform: 'browser', format: 'iife', target: 'es2022', external: [] },
];

function copyDataFiles() {
  const fs = require('node:fs');
  const path = require('node:path');
  fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(__dirname, DGI_DIRECTION.source), path.join(__dirname, 'dist', DGI_DIRECTION.file));
}

async function main() {
  copyDataFiles();
  const contexts = await Promise.all(entries.map((entry) => esbuild.context({ ...common, ...entry })));
  if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
    return;
  }
  try {
    await Promise.all(contexts.map((ctx) => ctx.rebuild()));
  } finally {
    await Promise.all(contexts.map((ctx) => ctx.dispose()));
  }
  writeCodeCaches();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
