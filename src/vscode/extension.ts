// Activation: builds the review services and registers every command and provider. Cheap on
// purpose — no file reads, no encoder load; everything heavy happens on the first Evaluate.
import * as vscode from 'vscode';
import { ClaimCodeActions } from './codeActions';
import { registerCalibrateThresholdsCommand } from './commands/calibrateThresholds';
import { registerClearApiKeyCommand } from './commands/clearApiKey';
import { registerClearCommand } from './commands/clear';
import { registerEvaluateCommand } from './commands/evaluate';
import { REPAIRED_SCHEME, RepairedTexts, registerEvaluateAndRepairCommand } from './commands/evaluateAndRepair';
import { registerExportAuditCommand } from './commands/exportAudit';
import { registerMarkReviewedCommand } from './commands/markReviewed';
import { registerOpenEvidenceCommand } from './commands/openEvidence';
import { registerSelectEvidenceCommand } from './commands/selectEvidence';
import { registerSetApiKeyCommand } from './commands/setApiKey';
import { registerShowClaimEvidenceCommand } from './commands/showClaimEvidence';
import { redactingLog } from './redacting-log';
import { registerShowLogCommand } from './commands/showLog';
import { registerShowPanelCommand } from './commands/showPanel';
import { ClaimDecorations, type AppliedMarks } from './decorations';
import { ClaimDiagnostics } from './diagnostics';
import { judgeCallCount } from './engine';
import { EvidenceStore } from './evidence';
import { computeReviewSwitch, type GeometryInput } from './geometry';
import { ClaimHoverProvider } from './hover';
import { createJudgeChooser } from './judgeChoice';
import { PANEL_VIEW_ID, ReviewPanelProvider, type PanelRender } from './panel/panelProvider';
import { ReviewController, type ReviewChange } from './reviews';
import type { Services } from './services';
import type { ReviewSession } from './session';
import { SettingsStore, type GroundingSettings } from './settings';
import { ReviewStatusBar } from './statusBar';

/** What activate() returns: for tests and other extensions. */
export interface GroundingReviewApi {
  /** The extension's version, from package.json. */
  readonly version: string;
  /** How long activate() took, in milliseconds. */
  readonly activationMs: number;
  /** Judge calls since activation: a re-score must leave it unchanged. */
  judgeCallCount(): number;
  /** Fires after every change to a review (evaluated, re-scored, edited, cleared, cancelled…). */
  readonly onDidChangeReview: vscode.Event<ReviewChange>;
  review(uri: vscode.Uri | string): ReviewSession | undefined;
  /** The ranges last decorated per mark kind in a document. */
  marks(uri: vscode.Uri | string): AppliedMarks | undefined;
  /** The status bar text, or undefined when hidden. */
  statusText(): string | undefined;
  /** What the panel's webview reported after its last render. */
  readonly onDidRenderPanel: vscode.Event<PanelRender>;
  lastPanelRender(): PanelRender | undefined;
  settings(): GroundingSettings;
  /** The remote judge's cost estimate last shown for a report (before its first call). */
  costEstimate(uri: vscode.Uri | string): string | undefined;
}

export function activate(context: vscode.ExtensionContext): GroundingReviewApi {
  const started = performance.now();
  const log = redactingLog(vscode.window.createOutputChannel('Grounding Review', { log: true }));
  const settings = new SettingsStore((message) => {
    log.warn(message);
    void vscode.window.showWarningMessage(message);
  });
  const computeSwitch = (input: GeometryInput) =>
    settings.current.encoder.kind === 'off' ? undefined : computeReviewSwitch(input, settings.current, context, log);
  const reviews = new ReviewController(
    context.workspaceState,
    new EvidenceStore(context.workspaceState),
    settings,
    log,
    createJudgeChooser(settings, context, log),
    computeSwitch,
  );
  const decorations = new ClaimDecorations(reviews, settings);
  const panel = new ReviewPanelProvider(context.extensionUri, reviews, log, (command) => vscode.commands.executeCommand(command));
  const statusBar = new ReviewStatusBar(reviews);
  const services: Services = { context, settings, reviews, decorations, panel, log };
  const repairedTexts = new RepairedTexts();
  const hasReview = () => void vscode.commands.executeCommand('setContext', 'grounding.hasReview', reviews.all.length > 0);

  context.subscriptions.push(
    log,
    settings,
    reviews,
    decorations,
    new ClaimDiagnostics(reviews, settings),
    panel,
    statusBar,
    reviews.onDidChange(hasReview),
    vscode.window.registerWebviewViewProvider(PANEL_VIEW_ID, panel),
    vscode.languages.registerHoverProvider({ scheme: '*' }, new ClaimHoverProvider(reviews)),
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new ClaimCodeActions(reviews), { providedCodeActionKinds: ClaimCodeActions.kinds }),
    registerEvaluateCommand(services),
    vscode.workspace.registerTextDocumentContentProvider(REPAIRED_SCHEME, repairedTexts),
    registerEvaluateAndRepairCommand(services, repairedTexts),
    registerSelectEvidenceCommand(services),
    registerShowPanelCommand(services),
    registerClearCommand(services),
    registerExportAuditCommand(services),
    registerMarkReviewedCommand(services),
    registerOpenEvidenceCommand(),
    registerShowClaimEvidenceCommand(services),
    registerSetApiKeyCommand(services),
    registerClearApiKeyCommand(services),
    registerShowLogCommand(services),
    registerCalibrateThresholdsCommand(services),
  );

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
  return {
    version: String(context.extension.packageJSON.version),
    activationMs,
    judgeCallCount,
    onDidChangeReview: reviews.onDidChange,
    review: (uri) => reviews.get(uri),
    marks: (uri) => decorations.marksFor(uri),
    statusText: () => statusBar.text,
    onDidRenderPanel: panel.onDidRender,
    lastPanelRender: () => panel.lastRender,
    settings: () => settings.current,
    costEstimate: (uri) => reviews.costEstimate(uri),
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
