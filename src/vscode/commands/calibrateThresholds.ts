// Grounding: Calibrate Thresholds — fits the GroundingSwitch cuts (SGI review / strong pass, DGI
// pass) on a labelled JSONL file with the embedded encoder, shows the fit and offers to write it
// to the workspace settings. The encoder loads here, on demand, never at activation.
import * as vscode from 'vscode';
import { asUri, type Services } from '../services';

export const CALIBRATE_COMMAND = 'grounding.calibrateThresholds';

export interface CalibrationSummary {
  n: number;
  sgiReview: number | null;
  sgiStrongPass: number | null;
  dgiPass: number | null;
  written: boolean;
  notes: string[];
}

export function registerCalibrateThresholdsCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(CALIBRATE_COMMAND, async (target?: unknown, write?: unknown): Promise<CalibrationSummary | undefined> => {
    const file =
      asUri(target) ??
      (
        await vscode.window.showOpenDialog({
          title: 'Labelled examples (JSON Lines: question, response, context?, label 0 = grounded / 1 = ungrounded)',
          canSelectMany: false,
          filters: { 'JSON Lines': ['jsonl', 'ndjson'] },
          openLabel: 'Calibrate',
        })
      )?.[0];
    if (!file) return undefined;
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
    const name = vscode.workspace.asRelativePath(file, false);
    const { parseLabelledJsonl, fitThresholds } = await import('../../core/geometry/fit.js');
    const { getEmbeddedEncoder } = await import('../../core/geometry/embedded-encoder.js');
    const { examples, warnings } = parseLabelledJsonl(text, name);
    for (const warning of warnings) services.log.warn(`${warning.file}:${warning.line ?? '?'}: ${warning.message}`);
    if (examples.length < 2 || !examples.some((e) => e.label === 0) || !examples.some((e) => e.label === 1)) {
      void vscode.window.showErrorMessage(`Grounding: ${name} needs grounded (label 0) and ungrounded (label 1) examples to calibrate.`);
      return undefined;
    }
    const fit = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Grounding: calibrating on ${examples.length} examples`, cancellable: true },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return fitThresholds(examples, getEmbeddedEncoder(), { signal: abort.signal });
      },
    );
    const fmt = (value: number | null) => (value === null ? 'not fitted' : value.toFixed(3));
    const message = `Fitted on ${fit.n} examples (in-sample, Youden's J): SGI review ${fmt(fit.sgi_review)}, SGI strong pass ${fmt(fit.sgi_strong_pass)}, DGI pass ${fmt(fit.dgi_pass)}.`;
    services.log.info(`calibration on ${name}: ${message} ${fit.notes.join('; ')}`);
    const apply = 'Write to Workspace Settings';
    const choice = write === true ? apply : write === false ? undefined : await vscode.window.showInformationMessage(`Grounding: ${message}`, { detail: fit.notes.join('\n') }, apply);
    let written = false;
    if (choice === apply) {
      const config = vscode.workspace.getConfiguration('grounding');
      const target = vscode.ConfigurationTarget.Workspace;
      if (fit.sgi_strong_pass !== null) await config.update('switch.acceptThresholdSgi', round(fit.sgi_strong_pass), target);
      if (fit.sgi_review !== null) await config.update('switch.rejectThresholdSgi', round(fit.sgi_review), target);
      if (fit.dgi_pass !== null) await config.update('switch.acceptThresholdDgi', round(fit.dgi_pass), target);
      written = true;
    }
    return { n: fit.n, sgiReview: fit.sgi_review, sgiStrongPass: fit.sgi_strong_pass, dgiPass: fit.dgi_pass, written, notes: fit.notes };
  });
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
