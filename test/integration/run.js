#!/usr/bin/env node
// Runs the integration suite inside real VS Code (1.100.3's server from code-server), in Debian's
// headless Chromium driven by playwright-core. Offline: nothing is downloaded at test time.
//
//   node test/integration/run.js [--screenshot FILE] [--timeout SECONDS] [--grep PATTERN]
//                                [--update-screenshots] [--extension DIR | --vsix FILE] [--verbose]
//
// --vsix FILE installs the packaged extension into the throwaway extensions dir with the server's
// own --install-extension (what `code --install-extension FILE` does) and runs the suite against
// the folder it was installed to (VS Code only runs a suite with a development path, so that
// folder is given as one).
//
// Prerequisites: `node esbuild.js` (dist/), `tsc -p . --outDir out` (compiled suite) and
// `scripts/setup-integration.sh` (Chromium + test/vscode-host). `npm run test:integration` does all.
// Exit code: 0 when every test passed, 1 when a test failed or the run broke, 2 for usage errors.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { format, parseArgs } = require('node:util');
const { startBridge } = require('./runner/bridge');

const root = path.resolve(__dirname, '..', '..');
const hostDir = path.join(root, 'test', 'vscode-host');
const serverMain = path.join(hostDir, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');
const testsEntry = path.join(root, 'out', 'test', 'integration', 'index.js');
const workspaceDir = path.join(root, 'test', 'fixtures', 'workspace');
const artifactsDir = path.join(root, 'out', 'test', 'integration-artifacts');
const chromiumCandidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];

// Flags for a headless, offline, throwaway Chromium (node machine notes).
const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

class UsageError extends Error {}

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        screenshot: { type: 'string' },
        timeout: { type: 'string', default: process.env.GROUNDING_INTEGRATION_TIMEOUT ?? '300' },
        grep: { type: 'string' },
        'update-screenshots': { type: 'boolean', default: false },
        extension: { type: 'string' },
        vsix: { type: 'string' },
        verbose: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) throw new UsageError(`--timeout must be a positive number of seconds, got "${values.timeout}"`);
  if (values.vsix && values.extension) throw new UsageError('--vsix and --extension exclude each other');
  return {
    screenshot: values.screenshot && path.resolve(values.screenshot),
    timeoutMs: timeoutSeconds * 1000,
    grep: values.grep,
    updateScreenshots: values['update-screenshots'],
    extensionDir: values.vsix ? undefined : path.resolve(values.extension ?? root),
    vsix: values.vsix && path.resolve(values.vsix),
    verbose: values.verbose,
  };
}

function checkPrerequisites(options) {
  const problems = [];
  if (!fs.existsSync(serverMain)) problems.push('VS Code test host missing: run scripts/setup-integration.sh');
  if (!fs.existsSync(testsEntry)) problems.push('compiled suite missing: run npm run compile-tests');
  if (options.vsix) {
    if (!fs.existsSync(options.vsix)) problems.push(`${options.vsix} missing: run npm run package`);
  } else {
    const main = JSON.parse(fs.readFileSync(path.join(options.extensionDir, 'package.json'), 'utf8')).main;
    if (main && !fs.existsSync(path.join(options.extensionDir, main))) problems.push(`extension bundle ${main} missing: run npm run build`);
  }
  const chromium = chromiumCandidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!chromium) problems.push('Chromium missing: run scripts/setup-integration.sh (or set CHROMIUM_PATH)');
  if (problems.length) throw new UsageError(problems.join('\n'));
  return chromium;
}

function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Folders for everything VS Code and Chromium would otherwise write to $HOME. */
function makeThrowawayDirs() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'grounding-vscode-'));
  const dirs = { base };
  for (const name of ['home', 'tmp', 'user-data', 'server-data', 'extensions', 'browser-profile']) {
    dirs[name] = path.join(base, name);
    fs.mkdirSync(dirs[name]);
  }
  return dirs;
}

/** Keeps the last lines a child printed, so a failing run can show them. */
function tailBuffer(limit) {
  const lines = [];
  return {
    push(chunk) {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        lines.push(line);
        if (lines.length > limit) lines.shift();
      }
    },
    lines,
  };
}

function startServer({ port, dirs, env, verbose }) {
  const args = [
    serverMain, '--host', '127.0.0.1', '--port', String(port),
    '--without-connection-token', '--accept-server-license-terms', '--enable-smoke-test-driver',
    '--disable-telemetry', '--disable-workspace-trust', '--disable-update-check',
    '--user-data-dir', dirs['user-data'], '--server-data-dir', dirs['server-data'],
    '--extensions-dir', dirs.extensions,
  ];
  const child = spawn(process.execPath, args, {
    cwd: dirs.base,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so the extension host dies with it
  });
  const output = tailBuffer(80);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output.push(chunk);
      if (verbose) process.stderr.write(`[server] ${chunk}`);
    });
  }
  return { child, output };
}

/**
 * Installs a VSIX into the throwaway extensions dir with the server's own CLI (as
 * `code --install-extension` does) and returns the folder it was installed to.
 */
async function installVsix({ vsix, dirs, env, deadline }) {
  const args = [
    serverMain, '--install-extension', vsix, '--force', '--accept-server-license-terms', '--disable-telemetry',
    '--user-data-dir', dirs['user-data'], '--server-data-dir', dirs['server-data'], '--extensions-dir', dirs.extensions,
  ];
  const child = spawn(process.execPath, args, { cwd: dirs.base, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = tailBuffer(40);
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const code = await Promise.race([
    new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1))),
    new Promise((resolve) => setTimeout(() => resolve('timeout'), Math.max(1000, deadline - Date.now()))),
  ]);
  killGroup(child);
  if (code !== 0) throw new Error(`installing ${path.basename(vsix)} failed (${code}):\n${output.lines.join('\n')}`);
  const installed = JSON.parse(fs.readFileSync(path.join(dirs.extensions, 'extensions.json'), 'utf8'));
  const entry = installed.find((extension) => extension.identifier.id.toLowerCase() === 'grounding-review.grounding-review');
  if (!entry) throw new Error(`installing ${path.basename(vsix)} left no grounding-review.grounding-review in ${dirs.extensions}`);
  const dir = path.join(dirs.extensions, entry.relativeLocation);
  // Test input, not extension code: suite/editor.test.ts opens the bundled example through the
  // extension's folder (extensionUri/examples/incident), which the VSIX rightly does not ship.
  // The installed folder gets a copy of examples/ next to what was installed; nothing the
  // extension runs comes from the repo.
  fs.cpSync(path.join(root, 'examples'), path.join(dir, 'examples'), { recursive: true });
  console.log(`installed ${path.basename(vsix)} → ${dir} (+ test input examples/)`);
  return dir;
}

async function waitForServer(port, server, deadline) {
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`VS Code server exited with code ${server.child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('VS Code server did not start in time');
}

function killGroup(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function workbenchUrl(port, extensionDir, workspace) {
  const remote = (file) => `vscode-remote://127.0.0.1:${port}${file}`;
  const payload = [
    ['extensionDevelopmentPath', remote(extensionDir)],
    ['extensionTestsPath', remote(testsEntry)],
  ];
  const query = new URLSearchParams({ folder: workspace, payload: JSON.stringify(payload) });
  return `http://127.0.0.1:${port}/?${query}`;
}

// code-server's own service worker is not served by the bare VS Code server; harmless, so not shown.
const KNOWN_NOISE = [/\[Service Worker\] registration/];

/**
 * Receives the workbench's log (window logger, via --enable-smoke-test-driver). The suite's own
 * output arrives separately through the bridge; here only errors are shown — an extension that
 * fails to load or activate reports itself at error level — and everything with --verbose.
 */
function makeWorkbenchLogSink(verbose) {
  return (level, args) => {
    const text = Array.isArray(args) ? format(...args) : String(args);
    if (verbose) process.stderr.write(`[vscode ${level}] ${text}\n`);
    else if (level === 'error' && !KNOWN_NOISE.some((pattern) => pattern.test(text))) process.stderr.write(`[vscode error] ${text}\n`);
  };
}

/** A fresh copy of the fixtures workspace, so nothing a test or VS Code writes lands in the repo. */
function copyWorkspace(dirs) {
  const copy = path.join(dirs.base, 'workspace');
  fs.cpSync(workspaceDir, copy, { recursive: true });
  return copy;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const chromiumPath = checkPrerequisites(options);
  const { chromium } = require(require.resolve('playwright-core', { paths: [hostDir] }));

  const started = Date.now();
  const deadline = started + options.timeoutMs;
  const dirs = makeThrowawayDirs();
  fs.mkdirSync(artifactsDir, { recursive: true });
  let server;
  let context;
  let bridge;
  let timer;

  const cleanup = async () => {
    clearTimeout(timer);
    killGroup(server?.child);
    if (context) await Promise.race([context.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (bridge) bridge.close();
    fs.rmSync(dirs.base, { recursive: true, force: true, maxRetries: 3 });
  };
  const onSignal = (signal) => {
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const timedOut = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`integration run exceeded ${options.timeoutMs / 1000} s; everything it started was stopped`)), options.timeoutMs);
  });

  let finishedCounts;
  let suiteStartedAt;
  const run = async () => {
    const port = await freeLoopbackPort();
    let page;
    bridge = await startBridge({
      getPage: () => page,
      onLog: (line) => {
        suiteStartedAt ??= Date.now();
        process.stdout.write(`${line}\n`);
      },
      onFinished: (counts) => {
        finishedCounts = counts;
      },
    });
    const workspace = copyWorkspace(dirs);
    const env = {
      ...process.env,
      HOME: dirs.home,
      TMPDIR: dirs.tmp,
      XDG_CONFIG_HOME: path.join(dirs.home, '.config'),
      XDG_DATA_HOME: path.join(dirs.home, '.local', 'share'),
      XDG_CACHE_HOME: path.join(dirs.home, '.cache'),
      VSCODE_CLI_DATA_DIR: path.join(dirs.home, '.vscode-cli'),
      EXTENSIONS_GALLERY: '{}',
      GROUNDING_TEST_HOST: 'web',
      GROUNDING_TEST_BRIDGE: bridge.url,
      GROUNDING_TEST_ARTIFACTS: artifactsDir,
      GROUNDING_UPDATE_SCREENSHOTS: options.updateScreenshots ? '1' : '',
      GROUNDING_TEST_GREP: options.grep ?? '',
    };
    const extensionDir = options.vsix ? await installVsix({ vsix: options.vsix, dirs, env, deadline }) : options.extensionDir;
    server = startServer({ port, dirs, env, verbose: options.verbose });
    await waitForServer(port, server, deadline);

    context = await chromium.launchPersistentContext(dirs['browser-profile'], {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      env: { ...env, HOME: dirs.home },
      viewport: { width: 1400, height: 900 },
      timeout: Math.max(1000, deadline - Date.now()),
    });
    page = context.pages()[0] ?? (await context.newPage());

    const exitCode = new Promise((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code) => resolve(Number(code)));
    });
    await page.exposeFunction('codeAutomationLog', makeWorkbenchLogSink(options.verbose));
    page.on('pageerror', (error) => process.stderr.write(`[workbench error] ${error.message}\n`));
    await page.goto(workbenchUrl(port, extensionDir, workspace), { timeout: Math.max(1000, deadline - Date.now()) });

    let code = await exitCode;
    if (!finishedCounts) {
      console.error(`✘ the extension host ended (exit ${code}) before the suite finished; see the errors above`);
      const hostLines = server.output.lines.filter((line) => /extension ?host|exit|error/i.test(line));
      if (hostLines.length) console.error(`--- VS Code server ---\n${hostLines.slice(-15).join('\n')}`);
      code = code || 1;
    }
    if (options.screenshot) {
      fs.mkdirSync(path.dirname(options.screenshot), { recursive: true });
      await page.screenshot({ path: options.screenshot });
      console.log(`screenshot saved to ${options.screenshot}`);
    }
    return code;
  };

  let code;
  try {
    code = await Promise.race([run(), timedOut]);
  } catch (error) {
    console.error(`✘ ${error.message}`);
    if (server) {
      console.error('--- last lines of the VS Code server ---');
      console.error(server.output.lines.join('\n'));
    }
    code = 1;
  } finally {
    await cleanup();
  }
  const seconds = (from, to = Date.now()) => ((to - from) / 1000).toFixed(1);
  const phases = suiteStartedAt ? `: start-up ${seconds(started, suiteStartedAt)} s, suite ${seconds(suiteStartedAt)} s` : '';
  console.log(`integration run finished in ${seconds(started)} s${phases} (exit ${code})`);
  return code;
}

main().then(
  (code) => process.exit(code === 0 ? 0 : 1),
  (error) => {
    console.error(error instanceof UsageError ? `usage: ${error.message}` : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
