// Runs reviews and holds their results per document. One evaluation at a time: a new Evaluate
// aborts the one in flight, and a cancelled evaluation removes that document's marks rather
// than leave a verdict the reviewer asked to replace. Renderers listen to `onDidChange`.
import * as vscode from 'vscode';
import type { PartitionKey } from '../core/model';
import type { GateReviewOptions } from '../core/gate/compute';
import { canEstimate, describeEstimate, estimateReport, evaluateReport, regate } from './engine';
import { EvidenceReader, EvidenceStore, type ReadEvidence, type ResolvedEvidence } from './evidence';
import type { GeometryInput } from './geometry';
import type { JudgeChoice } from './judgeChoice';
import { ReviewSession, type TrajectoryRound } from './session';
import { gateOptionsOf, scoringChanged, scoringOf, verdictsChanged, type SettingsStore } from './settings';

export type ChangeReason = 'evaluated' | 'rescored' | 'verdict' | 'edited' | 'cleared' | 'cancelled' | 'busy' | 'geometry';

export interface ReviewChange {
  /** The document's URI string. */
  uri: string;
  reason: ChangeReason;
}

/** Where an evaluation's time went, in milliseconds. */
export interface EvaluationPhases {
  resolveMs: number;
  readMs: number;
  reviewMs: number;
}

export type EvaluateOutcome =
  | { status: 'done'; session: ReviewSession; elapsedMs: number; phases: EvaluationPhases }
  | { status: 'cancelled' }
  | { status: 'no-evidence' }
  | { status: 'failed'; message: string };

const VERDICTS_KEY = 'grounding.verdictsByReport';

export class ReviewController implements vscode.Disposable {
  private readonly sessions = new Map<string, ReviewSession>();
  private readonly changed = new vscode.EventEmitter<ReviewChange>();
  readonly onDidChange = this.changed.event;
  private inFlight: { uri: string; abort: AbortController; done: Promise<unknown> } | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly reader = new EvidenceReader(() => this.settings.current.evidence.maxFileMegabytes);
  /** The estimate of the review in flight (shown by the panel while it judges). */
  pendingEstimate: { uri: string; text: string } | undefined;
  /** The last estimate per report, shown before the first remote call. */
  private readonly estimates = new Map<string, string>();
  /** Aborts the GroundingSwitch still computing for the previous review. */
  private geometryAbort: AbortController | undefined;

  constructor(
    private readonly workspaceState: vscode.Memento,
    readonly evidence: EvidenceStore,
    private readonly settings: SettingsStore,
    private readonly log: vscode.LogOutputChannel,
    readonly chooseJudge: () => Promise<JudgeChoice>,
    private readonly computeSwitch: (input: GeometryInput) => Promise<unknown> | undefined,
  ) {
    this.disposables.push(
      this.changed,
      this.reader,
      settings.onDidChange(({ previous, current }) => {
        // Thresholds re-score and the gate re-runs on stored verdicts; a new grounded cut changes the verdicts themselves.
        if (verdictsChanged(previous, current)) {
          void this.rejudgeAll();
          return;
        }
        if (JSON.stringify(previous.gate) !== JSON.stringify(current.gate)) {
          for (const session of this.sessions.values()) void this.regateSession(session, gateOptionsOf(current));
        }
        if (!scoringChanged(previous, current)) return;
        for (const [uri, session] of this.sessions) {
          session.rescore(scoringOf(current));
          this.log.info(`re-scored ${uri} with new settings (no judge call): S=${session.result.score.toFixed(3)} δ=${session.result.decision}`);
          this.changed.fire({ uri, reason: 'rescored' });
        }
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        const uri = event.document.uri.toString();
        const session = this.sessions.get(uri);
        if (!session || event.contentChanges.length === 0) return;
        session.applyChanges(event.contentChanges);
        this.changed.fire({ uri, reason: 'edited' });
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        // Spans cannot follow edits made while the report is closed, so its review ends with it.
        if (this.sessions.has(document.uri.toString())) this.clear(document.uri);
      }),
    );
  }

  /** The cost estimate last shown for a report before its remote judge was called. */
  costEstimate(uri: vscode.Uri | string): string | undefined {
    return this.estimates.get(uri.toString());
  }

  get(uri: vscode.Uri | string): ReviewSession | undefined {
    return this.sessions.get(uri.toString());
  }

  get all(): ReviewSession[] {
    return [...this.sessions.values()];
  }

  isBusy(uri?: vscode.Uri | string): boolean {
    return this.inFlight !== undefined && (uri === undefined || this.inFlight.uri === uri.toString());
  }

  /** Reviews a document. A newer call aborts an older one still running. */
  async evaluate(document: vscode.TextDocument): Promise<EvaluateOutcome> {
    this.geometryAbort?.abort();
    if (this.inFlight) {
      this.log.info(`a new evaluation replaces the one running on ${this.inFlight.uri}`);
      this.inFlight.abort.abort(new vscode.CancellationError());
      await this.inFlight.done.catch(() => undefined);
    }
    const uri = document.uri.toString();
    const abort = new AbortController();
    const run = this.runEvaluation(document, abort.signal);
    const flight = { uri, abort, done: run };
    this.inFlight = flight;
    this.changed.fire({ uri, reason: 'busy' });
    try {
      return await run;
    } finally {
      if (this.inFlight === flight) this.inFlight = undefined;
      if (this.pendingEstimate?.uri === uri) this.pendingEstimate = undefined;
      this.changed.fire({ uri, reason: this.sessions.has(uri) ? 'evaluated' : 'cancelled' });
    }
  }

  /** Cancels the evaluation in flight, if any. */
  cancel(): void {
    this.inFlight?.abort.abort(new vscode.CancellationError());
  }

  private async runEvaluation(document: vscode.TextDocument, signal: AbortSignal): Promise<EvaluateOutcome> {
    const uri = document.uri.toString();
    const started = performance.now();
    const inputs = await this.inputsFor(document);
    if ('status' in inputs) return inputs;
    const { resolved, read, resolvedAt, readAt } = inputs;
    const reportText = document.getText();
    const version = document.version;
    const scoring = scoringOf(this.settings.current);
    const { judge, note } = await this.chooseJudge();
    // Yield once before the judge takes the CPU: the spinner paints and a pending cancel lands.
    await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) {
      this.sessions.delete(uri);
      this.log.info(`evaluation of ${uri} cancelled before judging`);
      return { status: 'cancelled' };
    }
    if (note) this.log.info(note);
    this.log.info(
      `evaluating ${uri} (${reportText.length} chars) against ${read.sources.map((s) => s.file).join(', ')} [${resolved.origin}] with the ${judge?.kind ?? 'offline'} judge`,
    );
    try {
      if (canEstimate(judge)) {
        // The cost is shown before anything is sent: planned by the judge itself, with no request.
        const text = describeEstimate(await estimateReport({ report: reportText, reportFile: vscode.workspace.asRelativePath(document.uri, false), evidence: read.sources, question: resolved.question, signal }, judge));
        this.estimates.set(uri, text);
        this.pendingEstimate = { uri, text };
        this.log.info(`cost estimate before the first remote call (${judge.kind} judge): ${text}`);
        this.changed.fire({ uri, reason: 'busy' });
      }
      const { result: reviewed, evidenceItems } = await evaluateReport({
        report: reportText,
        reportFile: vscode.workspace.asRelativePath(document.uri, false),
        evidence: read.sources,
        question: resolved.question,
        scoring,
        judge,
        groundedCut: this.settings.current.judge.groundedCut,
        gate: gateOptionsOf(this.settings.current),
        signal,
      });
      if (signal.aborted) throw new vscode.CancellationError();
      const result = note ? { ...reviewed, judge: { ...reviewed.judge, fallbacks: [note, ...reviewed.judge.fallbacks] } } : reviewed;
      const elapsedMs = performance.now() - started;
      const phases: EvaluationPhases = { resolveMs: resolvedAt - started, readMs: readAt - resolvedAt, reviewMs: performance.now() - readAt };
      const session = new ReviewSession({
        uri,
        version,
        reportText,
        judged: result,
        evidenceItems,
        evidenceUris: read.uriByFile,
        verdicts: this.storedVerdicts(uri),
        scoring: scoringOf(this.settings.current),
        evaluatedAt: new Date(),
        elapsedMs,
      });
      session.costEstimate = canEstimate(judge) ? this.estimates.get(uri) : undefined;
      // Edits typed while the judge ran: those claims no longer match the text they were judged on.
      if (document.version !== version) session.markStaleWhere((live) => document.getText().slice(live.span.start, live.span.end) !== live.claim.text);
      this.sessions.set(uri, session);
      this.startGeometry(session, { report: reportText, evidence: read.sources, question: resolved.question, claims: result.claims });
      this.log.info(
        `evaluated ${uri} in ${elapsedMs.toFixed(0)} ms (resolve ${phases.resolveMs.toFixed(0)}, read ${phases.readMs.toFixed(0)}, review ${phases.reviewMs.toFixed(0)}): ${result.claims.length} claims, S=${session.result.score.toFixed(3)} δ=${session.result.decision}` +
          (result.degraded ? ' (degraded)' : ''),
      );
      for (const warning of result.warnings) this.log.warn(`${warning.file}${warning.line ? `:${warning.line}` : ''}: ${warning.message}`);
      return { status: 'done', session, elapsedMs, phases };
    } catch (error) {
      if (signal.aborted || error instanceof vscode.CancellationError) {
        this.log.info(`evaluation of ${uri} cancelled`);
        this.sessions.delete(uri);
        return { status: 'cancelled' };
      }
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`evaluation of ${uri} failed: ${message}`);
      return { status: 'failed', message };
    }
  }

  /** The report's evidence, resolved (selection or front matter) and read. */
  async inputsFor(document: vscode.TextDocument): Promise<
    | { resolved: ResolvedEvidence; read: ReadEvidence; resolvedAt: number; readAt: number }
    | { status: 'no-evidence' }
    | { status: 'failed'; message: string }
  > {
    const resolved = await this.evidence.resolve(document);
    for (const refused of resolved.refused) this.log.warn(refused.message);
    if (resolved.uris.length === 0 && resolved.refused.length > 0) return { status: 'failed', message: resolved.refused.map((refused) => refused.message).join('; ') };
    if (resolved.uris.length === 0) return { status: 'no-evidence' };
    const resolvedAt = performance.now();
    const read = await this.reader.read(resolved.uris, document.uri);
    const readAt = performance.now();
    for (const problem of read.unreadable) this.log.warn(`evidence ${problem.uri.toString()} unreadable: ${problem.message}`);
    if (read.sources.length === 0) return { status: 'failed', message: 'none of the evidence files could be read' };
    return { resolved, read, resolvedAt, readAt };
  }

  /** Reads extra evidence files (replan in Evaluate and Repair). */
  readEvidence(uris: readonly vscode.Uri[]): Promise<ReadEvidence> {
    return this.reader.read(uris);
  }

  /** Shows a repair loop's rounds with a document's review. */
  attachTrajectory(uri: vscode.Uri | string, rounds: TrajectoryRound[]): void {
    const session = this.sessions.get(uri.toString());
    if (!session) return;
    session.trajectory = rounds;
    this.changed.fire({ uri: session.uri, reason: 'evaluated' });
  }

  /**
   * New verdict settings: every open review is judged again, one after another, with all the
   * current settings. An evaluation already running finishes first (it chose its judge before
   * the change), so it is re-judged too rather than cut short.
   */
  private async rejudgeAll(): Promise<void> {
    await this.inFlight?.done.catch(() => undefined);
    for (const uri of [...this.sessions.keys()]) {
      const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri);
      if (!document || !this.sessions.has(uri)) continue;
      this.log.info(`re-judging ${uri}: grounding.judge.groundedCut is now ${this.settings.current.judge.groundedCut ?? 'the default'}`);
      await this.evaluate(document);
    }
  }

  /** New gate settings: the gate runs again over the stored claims and evidence, no judge call. */
  private async regateSession(session: ReviewSession, options: GateReviewOptions): Promise<void> {
    const value = await regate(session.reportText, session.judged.claims, session.evidenceItems, options);
    if (this.sessions.get(session.uri) !== session) return;
    session.attachGate(value);
    this.log.info(`grounding gate re-run for ${session.uri} with preset ${options.preset} (no judge call)`);
    this.changed.fire({ uri: session.uri, reason: 'rescored' });
  }

  /** Computes the switch after the marks are out; attaches it if the review is still current. */
  private startGeometry(session: ReviewSession, input: Omit<GeometryInput, 'signal'>): void {
    const abort = new AbortController();
    const pending = this.computeSwitch({ ...input, signal: abort.signal });
    if (!pending) return;
    this.geometryAbort = abort;
    session.geometryPending = true;
    const started = performance.now();
    pending
      .then((value) => {
        if (abort.signal.aborted || this.sessions.get(session.uri) !== session) return;
        session.attachSwitch(value);
        this.log.info(`GroundingSwitch for ${session.uri} in ${(performance.now() - started).toFixed(0)} ms`);
        this.changed.fire({ uri: session.uri, reason: 'geometry' });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        session.attachSwitch({ computed: false, reason: error instanceof Error ? error.message : String(error) });
        this.log.warn(`GroundingSwitch for ${session.uri} failed: ${error instanceof Error ? error.message : String(error)}`);
        this.changed.fire({ uri: session.uri, reason: 'geometry' });
      });
  }

  /** Removes one document's review, or every review. */
  clear(uri?: vscode.Uri): void {
    this.geometryAbort?.abort();
    const uris = uri ? [uri.toString()] : [...this.sessions.keys()];
    for (const key of uris) {
      if (this.sessions.delete(key)) this.changed.fire({ uri: key, reason: 'cleared' });
    }
  }

  /** The reviewer's verdict on a claim: overrides the judge, re-scores at once, and is remembered. */
  async setVerdict(uri: vscode.Uri | string, claimId: string, partition: PartitionKey | undefined): Promise<boolean> {
    const key = uri.toString();
    const session = this.sessions.get(key);
    if (!session || !session.setVerdict(claimId, partition)) return false;
    const all = { ...this.workspaceState.get<Record<string, Record<string, PartitionKey>>>(VERDICTS_KEY, {}) };
    all[key] = { ...session.verdicts };
    await this.workspaceState.update(VERDICTS_KEY, all);
    this.log.info(`reviewer verdict on ${claimId} of ${key}: ${partition ?? '(judge verdict restored)'}; S=${session.result.score.toFixed(3)}`);
    this.changed.fire({ uri: key, reason: 'verdict' });
    return true;
  }

  /** Every stored reviewer verdict, by report URI string, then claim text (Calibrate fits on them). */
  allStoredVerdicts(): Record<string, Record<string, PartitionKey>> {
    return { ...this.workspaceState.get<Record<string, Record<string, PartitionKey>>>(VERDICTS_KEY, {}) };
  }

  private storedVerdicts(uri: string): Record<string, PartitionKey> {
    return this.workspaceState.get<Record<string, Record<string, PartitionKey>>>(VERDICTS_KEY, {})[uri] ?? {};
  }

  dispose(): void {
    this.cancel();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
