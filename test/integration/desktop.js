#!/usr/bin/env node
// `npm run test:desktop`: the same integration suite in desktop VS Code through @vscode/test-electron,
// for machines with internet (it downloads VS Code on first use) and a display (or xvfb-run).
// The workbench bridge exists only under the offline runner (run.js), so its tests skip here.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runTests } = require('@vscode/test-electron');

const root = path.resolve(__dirname, '..', '..');

async function main() {
  // A copy of the fixtures workspace, as under run.js: nothing a test writes lands in the repo.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grounding-desktop-'));
  const workspace = path.join(scratch, 'workspace');
  fs.cpSync(path.join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  try {
    await runTests({
      version: '1.100.3',
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'out', 'test', 'integration', 'index.js'),
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', path.join(scratch, 'user-data')],
      extensionTestsEnv: { GROUNDING_TEST_HOST: 'desktop', MOCHA_SUMMARY_FILE: process.env.MOCHA_SUMMARY_FILE ?? '' },
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`✘ desktop integration run failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
