// Grounding: Evaluate — reviews the active report against its evidence, with a cancellable
// progress notification. Returns a summary (used by tests and other extensions).
import * as vscode from 'vscode';
import type { EvaluateOutcome, EvaluationPhases } from '../reviews';
import { asUri, targetDocument, type Services } from '../services';
import { SELECT_EVIDENCE_COMMAND } from './selectEvidence';

export const EVALUATE_COMMAND = 'grounding.evaluate';

export interface EvaluateSummary {
  status: EvaluateOutcome['status'];
  score?: number;
  decision?: string;
  claims?: number;
  /** From the command's start until the marks were set. */
  elapsedMs: number;
  phases?: EvaluationPhases;
  message?: string;
}

export function registerEvaluateCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(EVALUATE_COMMAND, async (target?: unknown): Promise<EvaluateSummary> => {
    const started = performance.now();
    const document = await targetDocument(asUri(target));
    if (!document) {
      void vscode.window.showWarningMessage('Grounding: open a report (Markdown or text) to evaluate.');
      return { status: 'failed', elapsedMs: 0, message: 'no active report' };
    }
    const name = vscode.workspace.asRelativePath(document.uri, false);
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Grounding: evaluating ${name}`, cancellable: true },
      (_progress, token) => {
        const cancel = token.onCancellationRequested(() => services.reviews.cancel());
        return services.reviews.evaluate(document).finally(() => cancel.dispose());
      },
    );
    const elapsedMs = performance.now() - started;
    switch (outcome.status) {
      case 'done': {
        const { score, decision, claims } = outcome.session.result;
        return { status: 'done', score, decision, claims: claims.length, elapsedMs, phases: outcome.phases };
      }
      case 'no-evidence': {
        void vscode.window
          .showWarningMessage(`Grounding: no evidence for ${name}. Select the evidence files, or list them under \`evidence:\` in the report's front matter.`, 'Select Evidence…')
          .then((choice) => choice && vscode.commands.executeCommand(SELECT_EVIDENCE_COMMAND, document.uri));
        return { status: 'no-evidence', elapsedMs };
      }
      case 'failed':
        void vscode.window.showErrorMessage(`Grounding: evaluation failed — ${outcome.message}`, 'Show Log').then((choice) => choice && services.log.show());
        return { status: 'failed', elapsedMs, message: outcome.message };
      case 'cancelled':
        return { status: 'cancelled', elapsedMs };
    }
  });
}
