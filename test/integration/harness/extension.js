// Test-only extension for run.js's dialogs phase. VS Code refuses every modal dialog while it runs
// an extension test suite (extensionTestsPath: DialogService throws "refused to show dialog in
// tests"), so that phase opens the window without a test suite and this extension, loaded as a
// second development folder, starts the same entry module (out/test/integration/index.js) once
// the workbench is up. Modal dialogs then render as they do for a user and tests answer them
// through the workbench bridge. The end of the run is reported to the runner through the bridge.
'use strict';
const vscode = require('vscode');

exports.activate = function activate() {
  const entry = process.env.GROUNDING_TEST_ENTRY;
  const bridge = process.env.GROUNDING_TEST_BRIDGE;
  if (!entry || !bridge) return; // not started by run.js: nothing to do
  const post = (body) =>
    fetch(bridge, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
  setImmediate(async () => {
    let code = 0;
    try {
      // run.js set telemetry.telemetryLevel off in the user settings before the workbench opened
      // (VS Code would try to send telemetry outside test mode; offline, that throws into the suite).
      if (vscode.env.isTelemetryEnabled) throw new Error('telemetry is enabled: the user settings run.js wrote were not read');
      await require(entry).run();
    } catch (error) {
      // The suite's own output went to the runner already; this says why the run failed.
      await post({ op: 'log', lines: [`✘ ${error instanceof Error ? error.message : String(error)}`] });
      code = 1;
    }
    await post({ op: 'exit', code });
  });
};

exports.deactivate = function deactivate() {};

