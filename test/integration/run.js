#!/usr/bin/env node
// Runs the integration suite inside real VS Code (1.100.3's server from code-server), in Debian's
// headless Chromium driven by playwright-core. Offline: nothing is downloaded at test time.
//
//   node test/integration/run.js [--screenshot FILE] [--timeout SECONDS] [--grep PATTERN]
//                                [--update-screenshots] [--extension DIR | --vsix FILE] [--verbose]
//                                [--phase trusted|restricted|dialogs]
//
// The suite runs in up to three launches of VS Code (phases, see PHASES below): without --phase,
// `trusted` first, then each other phase for which the trusted one counted tests (after --grep).
// --screenshot FILE is taken at the end of each phase (FILE-<phase>.png for the other phases).
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

/**
 * The suite runs in up to three launches of VS Code ("phases"), each with its own profile.
 * Workspace trust is settled when the window opens (back to restricted mode needs a reload), and
 * VS Code refuses every modal dialog while it runs an extension test suite, so those get their own.
 *   trusted     the usual one: workspace trust disabled; every file outside suite/<other phase>/.
 *   restricted  workspace trust on and the workspace not trusted (user setting: never ask at
 *               start-up, so it stays in restricted mode); suite/restricted/.
 *   dialogs     no extension test suite: test/integration/harness, a second development folder,
 *               starts the same entry module, so modal dialogs render as for a user; suite/dialogs/.
 * A run without --phase runs trusted, then each other phase the trusted one found tests for.
 */
const PHASES = {
  trusted: { workspaceTrust: false, harness: false, about: 'workspace trust disabled' },
  restricted: {
    workspaceTrust: true,
    harness: false,
    about: 'workspace not trusted (restricted mode)',
    // Never asked whether to trust the folder, so it stays in restricted mode.
    userSettings: { 'security.workspace.trust.startupPrompt': 'never' },
  },
  dialogs: {
    workspaceTrust: false,
    harness: true,
    about: 'started by the test harness, modal dialogs shown',
    // Under an extension test suite VS Code only logs telemetry; without one, built-in extensions
    // would try to send it (offline: DNS errors thrown into the suite). Off from the start. And
    // outside test mode the workbench collects tasks at start-up, where TypeScript's tsc task
    // detection times out on a busy machine (a logged error): not wanted in a report workspace.
    userSettings: { 'telemetry.telemetryLevel': 'off', 'typescript.tsc.autoDetect': 'off' },
  },
};
const harnessDir = path.join(root, 'test', 'integration', 'harness');

class UsageError extends Error {}

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        screenshot: { type: 'string' },
        timeout: { type: 'string', default: process.env.GROUNDING_INTEGRATION_TIMEOUT ?? '600' },
        grep: { type: 'string' },
        'update-screenshots': { type: 'boolean', default: false },
        extension: { type: 'string' },
        vsix: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        phase: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) throw new UsageError(`--timeout must be a positive number of seconds, got "${values.timeout}"`);
  if (values.vsix && values.extension) throw new UsageError('--vsix and --extension exclude each other');
  if (values.phase !== undefined && !Object.hasOwn(PHASES, values.phase)) throw new UsageError(`--phase must be one of ${Object.keys(PHASES).join(', ')}, got "${values.phase}"`);
  return {
    screenshot: values.screenshot && path.resolve(values.screenshot),
    timeoutMs: timeoutSeconds * 1000,
    grep: values.grep,
    updateScreenshots: values['update-screenshots'],
    extensionDir: values.vsix ? undefined : path.resolve(values.extension ?? root),
    vsix: values.vsix && path.resolve(values.vsix),
    verbose: values.verbose,
    phase: values.phase,
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

function startServer({ port, dirs, env, verbose, phase }) {
  const { workspaceTrust, harness } = PHASES[phase];
  const args = [
    serverMain, '--host', '127.0.0.1', '--port', String(port),
    '--without-connection-token', '--accept-server-license-terms',
    '--disable-telemetry', '--disable-update-check',
    // The smoke-test driver reports the workbench's log and exit code, but also makes VS Code
    // refuse modal dialogs: the harness phase goes without it (its end comes through the bridge).
    ...(harness ? [] : ['--enable-smoke-test-driver']),
    // Workspace trust is off except in the restricted phase, where the workspace is not trusted.
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
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
  // Tested exactly as installed: the tests take their input (fixtures, examples/) from the repo.
  console.log(`installed ${path.basename(vsix)} → ${dir}`);
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

/**
 * The extensionDevelopmentPath to open: the extension's folder, or for the harness phase a folder
 * holding links to it and to the harness. (The web workbench keeps one extensionDevelopmentPath of
 * its payload; VS Code loads every extension in a folder without a package.json of its own, and
 * maps an extension's modules to it by real path, so the links change nothing for the extension.)
 */
function developmentPath(extensionDir, phaseDir, phase) {
  if (!PHASES[phase].harness) return extensionDir;
  const folder = path.join(phaseDir, 'development');
  fs.mkdirSync(folder, { recursive: true });
  fs.symlinkSync(extensionDir, path.join(folder, 'grounding-review'), 'dir');
  fs.symlinkSync(harnessDir, path.join(folder, 'test-harness'), 'dir');
  return folder;
}

function workbenchUrl(port, developmentPath, workspace, phase) {
  const remote = (file) => `vscode-remote://127.0.0.1:${port}${file}`;
  const payload = [['extensionDevelopmentPath', remote(developmentPath)]];
  // The harness starts the suite itself; an extensionTestsPath would put VS Code in test mode.
  if (!PHASES[phase].harness) payload.push(['extensionTestsPath', remote(testsEntry)]);
  const query = new URLSearchParams({ folder: workspace, payload: JSON.stringify(payload) });
  return `http://127.0.0.1:${port}/?${query}`;
}

// code-server's own assets (service worker, web manifest, favicons, vsda) are not served by the
// bare VS Code server; harmless, so not shown. (The browser-console lines come from the dialogs phase.)
const KNOWN_NOISE = [
  /\[Service Worker\] registration/,
  /A bad HTTP response code \(404\) was received when fetching the script/,
  /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/(manifest\.json|_static\/src\/browser\/media\/[\w.-]+|stable-\w+\/static\/node_modules\/vsda\/)/,
  /^Manifest fetch from http:\/\/127\.0\.0\.1:\d+\/manifest\.json failed, code 404/,
];

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
function copyWorkspace(parent) {
  const copy = path.join(parent, 'workspace');
  fs.cpSync(workspaceDir, copy, { recursive: true });
  return copy;
}

/** Starts the VS Code server and Chromium for one phase, runs the suite there, stops both. */
async function runPhase({ phase, options, chromium, chromiumPath, dirs, extensionDir, deadline, state }) {
  const phaseDirs = { ...dirs };
  for (const name of ['user-data', 'server-data', 'browser-profile']) {
    phaseDirs[name] = path.join(dirs.base, phase, name);
    fs.mkdirSync(phaseDirs[name], { recursive: true });
  }
  if (PHASES[phase].userSettings) {
    // code-server's workbench keeps the user settings on the server, in the user-data dir.
    fs.mkdirSync(path.join(phaseDirs['user-data'], 'User'), { recursive: true });
    fs.writeFileSync(path.join(phaseDirs['user-data'], 'User', 'settings.json'), JSON.stringify(PHASES[phase].userSettings, null, 2));
  }
  const port = await freeLoopbackPort();
  let page;
  let finished;
  let suiteStartedAt;
  let harnessExit;
  const harnessExited = new Promise((resolve) => {
    harnessExit = resolve;
  });
  state.bridge = await startBridge({
    getPage: () => page,
    onLog: (line) => {
      suiteStartedAt ??= Date.now();
      process.stdout.write(`${line}\n`);
    },
    onFinished: (report) => {
      finished = report;
    },
    onExit: (code) => harnessExit(code), // dialogs phase: the harness's run() settled
  });
  const workspace = copyWorkspace(path.join(dirs.base, phase));
  const env = phaseEnv({ dirs, options, bridgeUrl: state.bridge.url, phase });
  const started = Date.now();
  state.server = startServer({ port, dirs: phaseDirs, env, verbose: options.verbose, phase });
  await waitForServer(port, state.server, deadline);
  state.server.child.once('exit', () => harnessExit(1)); // the harness cannot report any more

  state.context = await chromium.launchPersistentContext(phaseDirs['browser-profile'], {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    env: { ...env, HOME: dirs.home },
    viewport: { width: 1400, height: 900 },
    timeout: Math.max(1000, deadline - Date.now()),
  });
  page = state.context.pages()[0] ?? (await state.context.newPage());

  const exitCode = PHASES[phase].harness
    ? harnessExited
    : new Promise((resolve) => {
        void page.exposeFunction('codeAutomationExit', (code) => resolve(Number(code)));
      });
  const logSink = makeWorkbenchLogSink(options.verbose);
  await page.exposeFunction('codeAutomationLog', logSink);
  // Without the smoke-test driver the workbench logs to the browser console instead.
  if (PHASES[phase].harness) {
    page.on('console', (message) => {
      const where = message.location()?.url;
      logSink(message.type() === 'error' ? 'error' : message.type(), [where ? `${message.text()} (${where})` : message.text()]);
    });
  }
  page.on('pageerror', (error) => process.stderr.write(`[workbench error] ${error.message}\n`));
  await page.goto(workbenchUrl(port, developmentPath(extensionDir, path.join(dirs.base, phase), phase), workspace, phase), { timeout: Math.max(1000, deadline - Date.now()) });

  let code = await exitCode;
  if (!finished) {
    console.error(`✘ the extension host ended (exit ${code}) before the ${phase} suite finished; see the errors above`);
    const hostLines = state.server.output.lines.filter((line) => /extension ?host|exit|error/i.test(line));
    if (hostLines.length) console.error(`--- VS Code server ---\n${hostLines.slice(-15).join('\n')}`);
    code = code || 1;
  }
  if (options.screenshot) {
    const file = phase === 'trusted' ? options.screenshot : options.screenshot.replace(/(\.png)?$/i, `-${phase}$1`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    console.log(`screenshot saved to ${file}`);
  }
  await stopPhase(state);
  const seconds = (from, to = Date.now()) => ((to - from) / 1000).toFixed(1);
  const times = suiteStartedAt ? `start-up ${seconds(started, suiteStartedAt)} s, suite ${seconds(suiteStartedAt)} s` : `${seconds(started)} s`;
  return { code, counts: finished?.counts, phaseTests: finished?.phaseTests, times };
}

/** The environment of the VS Code server, its extension host and Chromium for one phase. */
function phaseEnv({ dirs, options, bridgeUrl, phase }) {
  return {
    ...process.env,
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: path.join(dirs.home, '.config'),
    XDG_DATA_HOME: path.join(dirs.home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(dirs.home, '.cache'),
    VSCODE_CLI_DATA_DIR: path.join(dirs.home, '.vscode-cli'),
    EXTENSIONS_GALLERY: '{}',
    GROUNDING_TEST_HOST: 'web',
    GROUNDING_TEST_PHASE: phase,
    GROUNDING_TEST_BRIDGE: bridgeUrl ?? '',
    GROUNDING_TEST_ARTIFACTS: artifactsDir,
    GROUNDING_UPDATE_SCREENSHOTS: options.updateScreenshots ? '1' : '',
    GROUNDING_TEST_GREP: options.grep ?? '',
    // The runner sums the phases' counts and writes the summary file itself (see main).
    MOCHA_SUMMARY_FILE: '',
    // Read by test/integration/harness (dialogs phase).
    GROUNDING_TEST_ENTRY: testsEntry,
  };
}

async function stopPhase(state) {
  killGroup(state.server?.child);
  if (state.context) await Promise.race([state.context.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))]);
  state.bridge?.close();
  state.server = state.context = state.bridge = undefined;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const chromiumPath = checkPrerequisites(options);
  const { chromium } = require(require.resolve('playwright-core', { paths: [hostDir] }));

  const started = Date.now();
  const deadline = started + options.timeoutMs;
  const dirs = makeThrowawayDirs();
  fs.mkdirSync(artifactsDir, { recursive: true });
  const state = {};
  let timer;

  const cleanup = async () => {
    clearTimeout(timer);
    await stopPhase(state);
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

  const total = { passed: 0, failed: 0, skipped: 0 };
  const summaries = [];
  const run = async () => {
    const extensionDir = options.vsix
      ? await installVsix({ vsix: options.vsix, dirs, env: phaseEnv({ dirs, options, phase: 'install' }), deadline })
      : options.extensionDir;
    let code = 0;
    const phases = options.phase ? [options.phase] : Object.keys(PHASES);
    for (const phase of phases) {
      // The trusted phase counted the tests --grep selects in each other phase: none, no launch.
      if (!options.phase && phase !== 'trusted' && summaries[0]?.phaseTests?.[phase] === 0) continue;
      if (phases.length > 1) console.log(`\n▶ ${phase} phase: ${PHASES[phase].about}`);
      const outcome = await runPhase({ phase, options, chromium, chromiumPath, dirs, extensionDir, deadline, state });
      summaries.push({ phase, ...outcome });
      for (const key of Object.keys(total)) total[key] += outcome.counts?.[key] ?? 0;
      if (outcome.code !== 0) code = outcome.code;
    }
    return code;
  };

  let code;
  try {
    code = await Promise.race([run(), timedOut]);
  } catch (error) {
    console.error(`✘ ${error.message}`);
    if (state.server) {
      console.error('--- last lines of the VS Code server ---');
      console.error(state.server.output.lines.join('\n'));
    }
    code = 1;
  } finally {
    await cleanup();
  }
  if (summaries.length > 1) {
    console.log(`\n${total.passed} passed, ${total.failed} failed` + (total.skipped ? `, ${total.skipped} skipped` : '') + ` (${summaries.map((s) => s.phase).join(' + ')})`);
  }
  // A run that broke without a failing test to show for it counts as one failure, never as a pass.
  if (code !== 0 && total.failed === 0) total.failed = 1;
  if (process.env.MOCHA_SUMMARY_FILE) fs.writeFileSync(process.env.MOCHA_SUMMARY_FILE, JSON.stringify(total));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const phases = summaries.map((s) => `${s.phase} ${s.times}`).join('; ');
  console.log(`integration run finished in ${seconds} s${phases ? `: ${phases}` : ''} (exit ${code})`);
  return code;
}

main().then(
  (code) => process.exit(code === 0 ? 0 : 1),
  (error) => {
    console.error(error instanceof UsageError ? `usage: ${error.message}` : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
