// Problems-panel entries for claims: source "Grounding", code = partition, severity per
// partition from settings, related information pointing at the cited evidence lines.
import * as vscode from 'vscode';
import { PARTITION_LABELS } from './explain';
import type { ReviewController } from './reviews';
import type { ReviewSession } from './session';
import type { SettingsStore, SeveritySetting } from './settings';

export const DIAGNOSTIC_SOURCE = 'Grounding';

const SEVERITY: Record<Exclude<SeveritySetting, 'none'>, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export class ClaimDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('grounding');
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor(
    private readonly reviews: ReviewController,
    private readonly settings: SettingsStore,
  ) {
    this.disposables.push(
      reviews.onDidChange(({ uri }) => this.refresh(uri)),
      settings.onDidChange(({ previous, current }) => {
        if (JSON.stringify(previous.diagnostics) === JSON.stringify(current.diagnostics)) return;
        for (const session of reviews.all) this.refresh(session.uri);
      }),
    );
  }

  private refresh(uri: string): void {
    const target = vscode.Uri.parse(uri);
    const session = this.reviews.get(uri);
    const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri);
    if (!session || !document || !this.settings.current.diagnostics.enabled) {
      this.collection.delete(target);
      return;
    }
    this.collection.set(target, this.diagnosticsOf(session, document));
  }

  private diagnosticsOf(session: ReviewSession, document: vscode.TextDocument): vscode.Diagnostic[] {
    const severities = this.settings.current.diagnostics.severity;
    const out: vscode.Diagnostic[] = [];
    for (const live of session.claims) {
      const { claim } = live;
      const setting = severities[claim.partition];
      if (setting === 'none') continue;
      const range = new vscode.Range(document.positionAt(live.span.start), document.positionAt(live.span.end));
      const who = live.reviewed ? ' (reviewer)' : '';
      const stale = live.span.stale ? ' — edited since the review, re-evaluate' : '';
      const diagnostic = new vscode.Diagnostic(range, `${PARTITION_LABELS[claim.partition]}${who} (${claim.type}): ${claim.reason}${stale}`, SEVERITY[setting]);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = claim.partition;
      diagnostic.relatedInformation = evidenceLocations(session, claim.evidence_refs);
      out.push(diagnostic);
    }
    return out;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** The cited evidence items as locations (file and line), skipping refs the review cannot place. */
export function evidenceLocations(session: ReviewSession, refs: readonly string[]): vscode.DiagnosticRelatedInformation[] {
  const out: vscode.DiagnosticRelatedInformation[] = [];
  for (const ref of refs) {
    const item = session.evidenceItem(ref);
    const uri = item && session.evidenceUris[item.file];
    if (!item || !uri) continue;
    const range = new vscode.Range(item.line - 1, 0, item.endLine - 1, Number.MAX_SAFE_INTEGER);
    out.push(new vscode.DiagnosticRelatedInformation(new vscode.Location(vscode.Uri.parse(uri), range), `${ref}: ${truncate(item.text, 160)}`));
  }
  return out;
}

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
