// Entry module loaded by VS Code's extension host (`extensionTestsPath`): runs mocha over every
// compiled `suite/**/*.test.js`. Same `run()` contract under the offline runner (run.js) and
// under @vscode/test-electron (desktop.js).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support/extension';
import { forwardOutputToRunner, reportSuiteFinished } from './support/output';
import { recordStartState } from './support/start-state';

const suiteDir = path.join(__dirname, 'suite');
const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Compiled suite files whose TypeScript source still exists (out/ may hold stale ones). */
export function suiteFiles(dir: string = suiteDir): string[] {
  const sourceDir = path.join(repoRoot, 'test', 'integration', 'suite');
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js') && fs.existsSync(path.join(sourceDir, file.replace(/\.js$/, '.ts'))))
    .sort()
    .map((file) => path.join(dir, file));
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  recordStartState({ extensionFound: Boolean(extension), extensionActive: Boolean(extension?.isActive) });

  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 30_000,
    // Prints the spec output and the closing `N passed, N failed`; writes MOCHA_SUMMARY_FILE.
    reporter: path.join(repoRoot, 'test', 'support', 'summary-reporter.js'),
  });
  if (process.env.GROUNDING_TEST_GREP) mocha.grep(process.env.GROUNDING_TEST_GREP);
  const files = suiteFiles();
  if (files.length === 0) throw new Error(`no integration test files under ${suiteDir}`);
  for (const file of files) mocha.addFile(file);

  const bridgeUrl = process.env.GROUNDING_TEST_BRIDGE;
  const stopForwarding = bridgeUrl ? forwardOutputToRunner(bridgeUrl) : async () => {};
  let stats: Mocha.Stats | undefined;
  try {
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => {
        stats = runner.stats;
        resolve();
      });
    });
    // The summary reporter prints its closing line on a later tick; let it land before restoring.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await stopForwarding();
  }
  const counts = { passed: stats?.passes ?? 0, failed: stats?.failures ?? 0, skipped: stats?.pending ?? 0 };
  if (bridgeUrl) await reportSuiteFinished(bridgeUrl, counts);
  if (counts.failed > 0) throw new Error(`${counts.failed} integration test(s) failed`);
}
