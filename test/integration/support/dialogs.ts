// Modal dialogs as the user sees them (only in run.js's dialogs phase, where VS Code shows them):
// the text of the one on screen, its buttons, and an Evaluate that must finish without one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EvaluateSummary } from '../../../src/vscode/commands/evaluate';
import { evaluate, texts } from './workbench';

const DIALOG = '.monaco-dialog-box';

/** The text of the modal dialog on screen, or undefined. */
export async function dialogText(): Promise<string | undefined> {
  return (await texts(DIALOG))[0];
}

export async function clickDialogButton(label: string): Promise<void> {
  const clicked = await evaluate<boolean>(`(() => {
    const button = [...document.querySelectorAll('${DIALOG} .monaco-button')].find((b) => b.innerText.trim() === ${JSON.stringify(label)});
    if (!button) return false;
    button.click();
    return true;
  })()`);
  assert.ok(clicked, `no "${label}" button in the dialog`);
}

/**
 * Runs Evaluate on `uri` and watches for a dialog until it ends: a dialog would block it, so one
 * is answered with Cancel and the test fails, naming what was asked.
 */
export async function evaluateWithoutDialog(uri: vscode.Uri): Promise<EvaluateSummary> {
  let settled = false;
  const pending = vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri).then((value) => {
    settled = true;
    return value;
  });
  while (!settled) {
    const asked = await dialogText().catch(() => undefined);
    if (asked !== undefined) {
      await clickDialogButton('Cancel');
      await pending;
      assert.fail(`a dialog asked: ${asked}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await pending)!;
}
