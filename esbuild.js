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
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
