// Grounding: Calibrate Thresholds — fits the GroundingSwitch cuts (SGI review / strong pass, DGI
// pass) with the embedded encoder on either a labelled JSONL file or the reviewer's own verdicts
// ("Mark as reviewed"), shows the fit and offers to write it to the workspace settings. The
// encoder loads here, on demand, never at activation.
import * as vscode from 'vscode';
import type { LabelledExample } from '../../core/geometry/fit';
import {
  examplesFromVerdicts,
  notEnoughVerdicts,
  VERDICT_LABEL_DESCRIPTION,
  type ReportVerdicts,
  type SkippedVerdicts,
} from '../../core/geometry/reviewer-labels';
import { asUri, type Services } from '../services';

export const CALIBRATE_COMMAND = 'grounding.calibrateThresholds';

/** The command's first argument that picks the reviewer's verdicts instead of a file. */
export const VERDICTS_SOURCE = 'verdicts';

export interface CalibrationSummary {
  source: 'file' | 'verdicts';
  n: number;
  sgiReview: number | null;
  sgiStrongPass: number | null;
  dgiPass: number | null;
  written: boolean;
  notes: string[];
  /** Examples per class: passing = label 0, flagged = label 1. */
  counts: { passing: number; flagged: number };
  /** Set when nothing was fitted, with the reason shown to the user. */
  refused?: string;
}

/**
 * Arguments (all optional; without them the command asks):
 * - `source`: a labelled JSONL file (URI or URI string), or `'verdicts'` for the reviewer's verdicts;
 * - `write`: true writes the fit to settings, false does not, undefined asks.
 */
export function registerCalibrateThresholdsCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(CALIBRATE_COMMAND, async (source?: unknown, write?: unknown): Promise<CalibrationSummary | undefined> => {
    const chosen = source === VERDICTS_SOURCE ? VERDICTS_SOURCE : (asUri(source) ?? (await pickSource(services)));
    if (!chosen) return undefined;
    const input = chosen === VERDICTS_SOURCE ? await examplesFromReviews(services) : await examplesFromFile(chosen, services);
    if (!input) return undefined;
    const { examples, counts, origin } = input;
    const refused = input.refused;
    if (refused) {
      void vscode.window.showErrorMessage(`Grounding: cannot calibrate on ${origin}: ${refused}`);
      services.log.warn(`calibration on ${origin} not run: ${refused}`);
      return { source: input.source, n: examples.length, sgiReview: null, sgiStrongPass: null, dgiPass: null, written: false, notes: input.notes, counts, refused };
    }
    return fitAndOffer(services, input, write);
  });
}

interface CalibrationInput {
  source: CalibrationSummary['source'];
  /** What the examples came from, for messages. */
  origin: string;
  examples: LabelledExample[];
  counts: CalibrationSummary['counts'];
  notes: string[];
  refused?: string;
}

async function pickSource(services: Services): Promise<vscode.Uri | typeof VERDICTS_SOURCE | undefined> {
  const marked = Object.values(services.reviews.allStoredVerdicts()).reduce((sum, verdicts) => sum + Object.keys(verdicts).length, 0);
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'My verdicts', description: `${marked} claim${marked === 1 ? '' : 's'} marked as reviewed`, detail: VERDICT_LABEL_DESCRIPTION, source: VERDICTS_SOURCE },
      { label: 'Labelled JSONL file…', description: 'question, response, context?, label', detail: 'label 0 = grounded, 1 = ungrounded', source: 'file' as const },
    ],
    { title: 'Grounding: Calibrate Thresholds', placeHolder: 'Fit the GroundingSwitch cuts on…' },
  );
  if (!picked) return undefined;
  if (picked.source === VERDICTS_SOURCE) return VERDICTS_SOURCE;
  return (
    await vscode.window.showOpenDialog({
      title: 'Labelled examples (JSON Lines: question, response, context?, label 0 = grounded / 1 = ungrounded)',
      canSelectMany: false,
      filters: { 'JSON Lines': ['jsonl', 'ndjson'] },
      openLabel: 'Calibrate',
    })
  )?.[0];
}

async function examplesFromFile(file: vscode.Uri, services: Services): Promise<CalibrationInput> {
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  const name = vscode.workspace.asRelativePath(file, false);
  const { parseLabelledJsonl } = await import('../../core/geometry/fit.js');
  const { examples, warnings } = parseLabelledJsonl(text, name);
  for (const warning of warnings) services.log.warn(`${warning.file}:${warning.line ?? '?'}: ${warning.message}`);
  const flagged = examples.filter((example) => example.label === 1).length;
  const counts = { passing: examples.length - flagged, flagged };
  // A file is the user's own data set: one example per class is enough to run the fit.
  const refused = counts.passing === 0 || counts.flagged === 0 ? `${name} needs grounded (label 0) and ungrounded (label 1) examples (it has ${counts.passing} and ${counts.flagged}).` : undefined;
  return { source: 'file', origin: name, examples, counts, notes: warnings.map((w) => `${w.file}:${w.line ?? '?'}: ${w.message}`), refused };
}

/**
 * Every claim marked as reviewed in this workspace, against the evidence its report was judged on:
 * the live review's evidence files when the report is open and evaluated, else the report's current
 * selection / front matter. The question is the report's front matter `question:`.
 */
async function examplesFromReviews(services: Services): Promise<CalibrationInput> {
  const reports: ReportVerdicts[] = [];
  const unopened: SkippedVerdicts[] = [];
  for (const [uriString, verdicts] of Object.entries(services.reviews.allStoredVerdicts())) {
    const claims = Object.keys(verdicts).length;
    if (claims === 0) continue;
    const uri = vscode.Uri.parse(uriString);
    const name = vscode.workspace.asRelativePath(uri, false);
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(uri);
    } catch (error) {
      unopened.push({ report: name, claims, reason: `the report cannot be opened (${error instanceof Error ? error.message : String(error)})` });
      continue;
    }
    const resolved = await services.reviews.evidence.resolve(document);
    const session = services.reviews.get(uri);
    const evidenceUris = session ? Object.values(session.evidenceUris).map((value) => vscode.Uri.parse(value)) : resolved.uris;
    const read = evidenceUris.length > 0 ? await services.reviews.readEvidence(evidenceUris) : undefined;
    reports.push({ report: name, question: resolved.question, evidence: read?.sources.map((source) => source.text) ?? [], verdicts });
  }
  const { examples, counts, skipped } = examplesFromVerdicts(reports);
  const notes = [...unopened, ...skipped].map((s) => `${s.report}: ${s.claims} marked claim${s.claims === 1 ? '' : 's'} left out — ${s.reason}`);
  for (const note of notes) services.log.warn(`calibration on your verdicts: ${note}`);
  // A few verdicts put a cut between single points: below the minimum, say so rather than fit.
  return { source: 'verdicts', origin: 'your verdicts', examples, counts, notes, refused: notEnoughVerdicts(counts) };
}

async function fitAndOffer(services: Services, input: CalibrationInput, write: unknown): Promise<CalibrationSummary> {
  const { fitThresholds } = await import('../../core/geometry/fit.js');
  const { getEmbeddedEncoder } = await import('../../core/geometry/embedded-encoder.js');
  const { examples, counts, origin } = input;
  const fit = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Grounding: calibrating on ${examples.length} examples from ${origin}`, cancellable: true },
    (_progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return fitThresholds(examples, getEmbeddedEncoder(), { signal: abort.signal });
    },
  );
  const notes = [...fit.notes, ...input.notes];
  // The cuts are scored on the embedded encoder; another encoder's scores live on another scale.
  if (services.settings.current.encoder.kind === 'openai') notes.push('fitted with the embedded encoder; the switch is set to OpenAI embeddings, whose scores are not on the same scale');
  const fmt = (value: number | null) => (value === null ? 'not fitted' : value.toFixed(3));
  const classes =
    input.source === 'verdicts'
      ? `${counts.passing} grounded/complementary as pass, ${counts.flagged} ungrounded/contradicted as flag`
      : `${counts.passing} grounded, ${counts.flagged} ungrounded`;
  const message =
    `Fitted on ${fit.n} examples from ${origin} (${classes}): SGI review ${fmt(fit.sgi_review)}, SGI strong pass ${fmt(fit.sgi_strong_pass)}, DGI pass ${fmt(fit.dgi_pass)}. ` +
    `In-sample (Youden's J on the same examples): expect it to do worse on new reports.`;
  services.log.info(`calibration on ${origin}: ${message} ${notes.join('; ')}`);
  const apply = 'Write to Workspace Settings';
  const choice =
    write === true ? apply : write === false ? undefined : await vscode.window.showInformationMessage(`Grounding: ${message}`, { detail: notes.join('\n') }, apply);
  let written = false;
  if (choice === apply) {
    const config = vscode.workspace.getConfiguration('grounding');
    const target = vscode.ConfigurationTarget.Workspace;
    if (fit.sgi_strong_pass !== null) await config.update('switch.acceptThresholdSgi', round(fit.sgi_strong_pass), target);
    if (fit.sgi_review !== null) await config.update('switch.rejectThresholdSgi', round(fit.sgi_review), target);
    if (fit.dgi_pass !== null) await config.update('switch.acceptThresholdDgi', round(fit.dgi_pass), target);
    written = true;
  }
  return { source: input.source, n: fit.n, sgiReview: fit.sgi_review, sgiStrongPass: fit.sgi_strong_pass, dgiPass: fit.dgi_pass, written, notes, counts };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
