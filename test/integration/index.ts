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

/**
 * Which launch of VS Code this is (run.js --phase). `trusted` runs every file outside the other
 * phases' folders; `restricted` (workspace not trusted) runs suite/restricted/ only; `dialogs`
 * (modal dialogs really shown, the suite started by test/integration/harness) suite/dialogs/ only.
 */
export const PHASES = ['trusted', 'restricted', 'dialogs'] as const;
export type Phase = (typeof PHASES)[number];

export function currentPhase(): Phase {
  const phase = process.env.GROUNDING_TEST_PHASE;
  return PHASES.find((known) => known === phase) ?? 'trusted';
}

/** Compiled suite files whose TypeScript source still exists (out/ may hold stale ones), of one phase. */
export function suiteFiles(dir: string = suiteDir, phase: Phase = 'trusted'): string[] {
  const sourceDir = path.join(repoRoot, 'test', 'integration', 'suite');
  const folderPhase = (file: string): Phase => PHASES.find((known) => known !== 'trusted' && file.split(path.sep)[0] === known) ?? 'trusted';
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js') && fs.existsSync(path.join(sourceDir, file.replace(/\.js$/, '.ts'))))
    .filter((file) => folderPhase(file) === phase)
    .sort()
    .map((file) => path.join(dir, file));
}

/** How many tests of another phase the grep selects (loaded, not run), so run.js can skip that launch. */
async function countTests(phase: Phase, grep: string): Promise<number> {
  const mocha = new Mocha({ ui: 'bdd' });
  if (grep) mocha.grep(grep); // the same string-to-RegExp rule as the run's own grep
  const pattern = mocha.options.grep as RegExp | undefined;
  for (const file of suiteFiles(suiteDir, phase)) mocha.addFile(file);
  await mocha.loadFilesAsync();
  let count = 0;
  const visit = (suite: Mocha.Suite): void => {
    count += suite.tests.filter((test) => !pattern || pattern.test(test.fullTitle())).length;
    suite.suites.forEach(visit);
  };
  visit(mocha.suite);
  return count;
}

export async function run(): Promise<void> {
  const phase = currentPhase();
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
  const files = suiteFiles(suiteDir, phase);
  if (files.length === 0) throw new Error(`no integration test files of the ${phase} phase under ${suiteDir}`);
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
  // Counted after the run: loading files rebinds mocha's globals (describe, it) to that instance.
  let phaseTests: Partial<Record<Phase, number>> | undefined;
  if (phase === 'trusted' && bridgeUrl) {
    phaseTests = {};
    for (const other of PHASES.filter((known) => known !== 'trusted')) phaseTests[other] = await countTests(other, process.env.GROUNDING_TEST_GREP ?? '');
  }
  if (bridgeUrl) await reportSuiteFinished(bridgeUrl, counts, phaseTests);
  if (counts.failed > 0) throw new Error(`${counts.failed} integration test(s) failed`);
}
