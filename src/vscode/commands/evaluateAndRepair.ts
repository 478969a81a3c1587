// Grounding: Evaluate and Repair — GSAR's loop in the editor: regenerate rewrites the report from
// the same evidence through the LLM judge's endpoint, replan asks the reviewer for more evidence.
// The repaired text opens as a diff against the report and is applied only if the user accepts;
// nothing is saved. The rounds show in the panel and the audit.
import * as vscode from 'vscode';
import type { RepairReviewResult } from '../../core/repair/review-with-repair';
import type { EvidenceReplanner, ReportRegenerator } from '../../core/repair/types';
import type { EvidenceSource } from '../../core/review-types';
import { keepFrontMatter } from '../../core/front-matter';
import { asUri, targetDocument, type Services } from '../services';
import { scoringOf } from '../settings';
import type { TrajectoryRound } from '../session';
import { EVALUATE_COMMAND } from './evaluate';

export const EVALUATE_AND_REPAIR_COMMAND = 'grounding.evaluateAndRepair';
export const REPAIRED_SCHEME = 'grounding-repaired';

export interface RepairSummary {
  status: 'done' | 'cancelled' | 'no-evidence' | 'failed';
  changed?: boolean;
  applied?: boolean;
  stopReason?: string;
  rounds?: TrajectoryRound[];
  message?: string;
}

/** Serves the repaired texts shown in the diff (read-only, in memory). */
export class RepairedTexts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  put(original: vscode.Uri, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: REPAIRED_SCHEME, path: `${original.path}.repaired`, query: original.toString() });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

/** `options.apply`: true/false answers "Apply the repaired report?" without asking (automation, tests). */
export function registerEvaluateAndRepairCommand(services: Services, repaired: RepairedTexts): vscode.Disposable {
  return vscode.commands.registerCommand(EVALUATE_AND_REPAIR_COMMAND, async (target?: unknown, options?: { apply?: boolean }): Promise<RepairSummary> => {
    const document = await targetDocument(asUri(target));
    if (!document) {
      void vscode.window.showWarningMessage('Grounding: open a report to evaluate and repair.');
      return { status: 'failed', message: 'no active report' };
    }
    const inputs = await services.reviews.inputsFor(document);
    if ('status' in inputs) {
      if (inputs.status === 'no-evidence') void vscode.commands.executeCommand(EVALUATE_COMMAND, document.uri);
      return inputs;
    }
    const { judge, endpoint, note } = await services.reviews.chooseJudge();
    if (note) services.log.info(note);
    const { reviewWithRepair, createLlmRegenerator } = await import('../../core/repair/index.js');
    const { createOfflineJudge } = await import('../../core/judge/offline.js');
    // Regenerating needs a language model: with the offline judge only replan can repair.
    const regenerate: ReportRegenerator | undefined = endpoint ? createLlmRegenerator({ ...endpoint, log: (line) => services.log.info(`regenerate: ${line}`) }) : undefined;
    if (!regenerate) services.log.info('Evaluate and Repair without an LLM endpoint: regenerate is unavailable, replan asks for more evidence');
    const addedUris: vscode.Uri[] = [];
    const replan: EvidenceReplanner = async (context) => {
      const more = await vscode.window.showOpenDialog({
        canSelectMany: true,
        openLabel: 'Add as evidence',
        title: `More evidence needed (S ${context.review.score.toFixed(2)}): ${context.judgeOutput.explanation}`.slice(0, 200),
      });
      if (!more?.length) throw new Error('no further evidence was chosen');
      addedUris.push(...more);
      const added = await services.reviews.readEvidence(more);
      return { evidence: mergeSources(context.evidence, added.sources) };
    };
    const settings = services.settings.current;
    const name = vscode.workspace.asRelativePath(document.uri, false);
    let result: RepairReviewResult;
    try {
      result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Grounding: evaluating and repairing ${name}`, cancellable: true },
        (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort(new vscode.CancellationError()));
          return reviewWithRepair({
            report: document.getText(),
            reportFile: name,
            evidence: inputs.read.sources,
            question: inputs.resolved.question,
            judge: judge ?? createOfflineJudge({ groundedCut: settings.judge.groundedCut ?? undefined }),
            settings: scoringOf(settings),
            regenerate,
            replan,
            kMax: settings.loop.kMax,
            roundsCap: settings.loop.roundsCap,
            signal: abort.signal,
            onRound: (round) => progress.report({ message: `round ${round.iteration} (${round.action}): S ${round.score.toFixed(2)} → ${round.decision}` }),
          });
        },
      );
    } catch (error) {
      if (error instanceof vscode.CancellationError || (error instanceof Error && error.name === 'AbortError')) return { status: 'cancelled' };
      const message = error instanceof Error ? error.message : String(error);
      services.log.error(`Evaluate and Repair failed: ${message}`);
      void vscode.window.showErrorMessage(`Grounding: Evaluate and Repair failed — ${message}`);
      return { status: 'failed', message };
    }
    const rounds: TrajectoryRound[] = result.trajectory.map((round) => ({
      iteration: round.iteration,
      action: round.action,
      score: round.score,
      decision: round.decision,
      evidenceFiles: round.evidenceFiles,
      ...(round.error ? { error: round.error } : {}),
    }));
    services.log.info(`repair loop on ${name}: ${rounds.map((r) => `${r.action} S=${r.score.toFixed(3)} δ=${r.decision}`).join(' → ')}; stop: ${result.stopReason}`);

    let applied = false;
    if (result.changed) {
      const text = keepFrontMatter(document.getText(), result.report);
      const right = repaired.put(document.uri, text);
      const last = rounds.at(-1)!;
      await vscode.commands.executeCommand('vscode.diff', document.uri, right, `${name} ↔ repaired (S ${rounds[0].score.toFixed(2)} → ${last.score.toFixed(2)})`);
      const apply = 'Apply';
      const choice =
        options?.apply === undefined
          ? await vscode.window.showInformationMessage(
              `Grounding: the repaired report scores S ${last.score.toFixed(2)} (${last.decision}). Apply it to ${name}?`,
              { modal: true, detail: 'The change is made in the editor, not saved; undo reverts it.' },
              apply,
            )
          : options.apply
            ? apply
            : undefined;
      if (choice === apply) {
        const edit = new vscode.WorkspaceEdit();
        edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
        applied = await vscode.workspace.applyEdit(edit);
        // The diff has served its purpose: back to the (now repaired) report.
        if (applied) await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
      }
    } else {
      void vscode.window.showInformationMessage(`Grounding: no repair made (${result.stopReason}).`);
    }
    // Marks for what the editor now shows, with the loop's rounds beside them.
    // Evidence the reviewer added while replanning stays with the report.
    if (addedUris.length) await services.reviews.evidence.remember(document.uri, [...inputs.resolved.uris, ...addedUris]);
    await vscode.commands.executeCommand(EVALUATE_COMMAND, document.uri);
    services.reviews.attachTrajectory(document.uri, rounds);
    return { status: 'done', changed: result.changed, applied, stopReason: result.stopReason, rounds };
  });
}

function mergeSources(current: readonly EvidenceSource[], added: readonly EvidenceSource[]): EvidenceSource[] {
  const byFile = new Map(current.map((source) => [source.file, source]));
  for (const source of added) byFile.set(source.file, source);
  return [...byFile.values()];
}
