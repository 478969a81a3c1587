#!/usr/bin/env node
// `npm test`: build, compile the tests, run the unit suite in Node and the integration suite
// inside real VS Code, then print one closing line `N passed, N failed` over both.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');

const root = path.resolve(__dirname, '..');
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounding-review-tests-'));

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function readCounts(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function main() {
  const skipIntegration = process.argv.includes('--unit-only');
  if (run('build', process.execPath, ['esbuild.js']) !== 0) return fail('build failed');
  if (run('compile tests', process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.', '--outDir', 'out']) !== 0) {
    return fail('TypeScript compilation failed');
  }
  if (run('import cycles', process.execPath, [path.join(__dirname, 'check-cycles.js')]) !== 0) return fail('import cycles under src/');

  const suites = [
    { name: 'unit', file: path.join(resultsDir, 'unit.json'), command: process.execPath, args: [require.resolve('mocha/bin/mocha.js')] },
  ];
  const integrationRunner = path.join(root, 'test', 'integration', 'run.js');
  if (!skipIntegration && fs.existsSync(integrationRunner)) {
    suites.push({
      name: 'integration (real VS Code)',
      file: path.join(resultsDir, 'integration.json'),
      command: process.execPath,
      args: [integrationRunner],
      // Chromium, the toolchain and test/vscode-host; idempotent, quick when already set up.
      setup: ['bash', [path.join(root, 'scripts', 'setup-integration.sh')]],
    });
    // Packaging: `npm run package` builds the VSIX (production bundle), check-vsix checks what is
    // in it, and the same suite runs again against the VSIX installed into the test VS Code.
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const vsix = path.join(root, `${pkg.name}-${pkg.version}.vsix`);
    suites.push({
      name: 'integration from the installed VSIX',
      file: path.join(resultsDir, 'integration-vsix.json'),
      command: process.execPath,
      args: [integrationRunner, '--vsix', vsix],
      setup: ['bash', [path.join(root, 'scripts', 'setup-integration.sh')]],
      before: [
        ['package the VSIX', process.execPath, [path.join(root, 'scripts', 'package.js')]],
        ['check the VSIX', process.execPath, [path.join(root, 'scripts', 'check-vsix.js'), vsix]],
      ],
    });
  }

  const total = { passed: 0, failed: 0, skipped: 0 };
  let anyFailed = false;
  const setUp = new Map();
  for (const suite of suites) {
    const broken = (suite.before ?? []).find(([label, command, args]) => {
      const started = Date.now();
      const status = run(label, command, args);
      console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${status})`);
      return status !== 0;
    });
    if (broken) {
      console.error(`✘ ${broken[0]} failed; ${suite.name} not run`);
      total.failed += 1;
      anyFailed = true;
      continue;
    }
    const setupKey = suite.setup && JSON.stringify(suite.setup);
    if (setupKey && !setUp.has(setupKey)) setUp.set(setupKey, run(`set up ${suite.name}`, ...suite.setup));
    if (setupKey && setUp.get(setupKey) !== 0) {
      console.error(`✘ ${suite.name}: setup failed`);
      total.failed += 1;
      anyFailed = true;
      continue;
    }
    const status = run(suite.name, suite.command, suite.args, { MOCHA_SUMMARY_FILE: suite.file });
    const counts = readCounts(suite.file);
    if (!counts) {
      // A suite that crashed before reporting counts as one failure, never as a pass.
      console.error(`✘ ${suite.name}: no results (exit ${status})`);
      total.failed += 1;
      anyFailed = true;
      continue;
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped ?? 0;
    if (status !== 0 || counts.failed > 0) anyFailed = true;
  }
  console.log(`\n${total.passed} passed, ${total.failed} failed` + (total.skipped ? `, ${total.skipped} skipped` : ''));
  process.exitCode = anyFailed ? 1 : 0;
}

function fail(message) {
  console.error(`✘ ${message}`);
  console.log('\n0 passed, 1 failed');
  process.exitCode = 1;
}

main();
