// Inline marks: one decoration type per partition (theme colours from contributes.colors), a
// dotted outline for stale claims, the evidence type as faint after-text, and overview-ruler
// marks. Types are rebuilt only when the decoration settings change.
import * as vscode from 'vscode';
import { PARTITION_KEYS, type PartitionKey } from '../core/model';
import type { ReviewController } from './reviews';
import type { ReviewSession } from './session';
import type { GroundingSettings, SettingsStore } from './settings';

export type MarkKind = PartitionKey | 'stale';
export type AppliedMarks = Record<MarkKind, vscode.Range[]>;

function partitionType(partition: PartitionKey, options: GroundingSettings['decorations']): vscode.TextEditorDecorationType {
  const strong = partition === 'contradicted' || partition === 'ungrounded';
  return vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor(`grounding.${partition}Background`),
    borderColor: new vscode.ThemeColor(`grounding.${partition}Border`),
    borderStyle: 'none none solid none',
    borderWidth: strong ? '0 0 2px 0' : '0 0 1px 0',
    overviewRulerColor: options.overviewRuler ? new vscode.ThemeColor(`grounding.${partition}OverviewRuler`) : undefined,
    overviewRulerLane: vscode.OverviewRulerLane.Right,
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
}

function staleType(): vscode.TextEditorDecorationType {
  return vscode.window.createTextEditorDecorationType({
    borderColor: new vscode.ThemeColor('grounding.staleBorder'),
    borderStyle: 'dotted',
    borderWidth: '1px',
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
}

export class ClaimDecorations implements vscode.Disposable {
  /** Created on the first render, not at activation. */
  private types: Record<MarkKind, vscode.TextEditorDecorationType> | undefined;
  private readonly applied = new Map<string, AppliedMarks>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly reviews: ReviewController,
    private readonly settings: SettingsStore,
  ) {
    this.disposables.push(
      reviews.onDidChange(({ uri }) => this.refreshDocument(uri)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((editor) => this.render(editor))),
      settings.onDidChange(({ previous, current }) => {
        if (!this.types || JSON.stringify(previous.decorations) === JSON.stringify(current.decorations)) return;
        this.disposeTypes();
        vscode.window.visibleTextEditors.forEach((editor) => this.render(editor));
      }),
    );
  }

  /** What was last set on a document, for tests and the API. */
  marksFor(uri: vscode.Uri | string): AppliedMarks | undefined {
    return this.applied.get(uri.toString());
  }

  private ensureTypes(): Record<MarkKind, vscode.TextEditorDecorationType> {
    if (!this.types) {
      const options = this.settings.current.decorations;
      const types = Object.fromEntries(PARTITION_KEYS.map((key) => [key, partitionType(key, options)])) as Record<PartitionKey, vscode.TextEditorDecorationType>;
      this.types = { ...types, stale: staleType() };
    }
    return this.types;
  }

  private refreshDocument(uri: string): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.toString() === uri) this.render(editor);
    if (!this.reviews.get(uri)) this.applied.delete(uri);
  }

  private render(editor: vscode.TextEditor): void {
    const uri = editor.document.uri.toString();
    const session = this.reviews.get(uri);
    if (!session && !this.types) return; // nothing was ever marked
    const options = this.settings.current.decorations;
    const marks = session && options.enabled ? this.marksOf(session, editor.document, options) : undefined;
    const types = this.ensureTypes();
    for (const kind of Object.keys(types) as MarkKind[]) editor.setDecorations(types[kind], marks?.[kind] ?? []);
    if (marks) {
      this.applied.set(uri, Object.fromEntries(Object.entries(marks).map(([kind, list]) => [kind, list.map((d) => d.range)])) as AppliedMarks);
    } else {
      this.applied.delete(uri);
    }
  }

  private marksOf(session: ReviewSession, document: vscode.TextDocument, options: GroundingSettings['decorations']): Record<MarkKind, vscode.DecorationOptions[]> {
    const marks: Record<MarkKind, vscode.DecorationOptions[]> = { grounded: [], ungrounded: [], contradicted: [], complementary: [], stale: [] };
    for (const live of session.claims) {
      const range = new vscode.Range(document.positionAt(live.span.start), document.positionAt(live.span.end));
      if (live.span.stale) {
        marks.stale.push({ range, renderOptions: afterText('edited — re-evaluate', options.showEvidenceType) });
        continue;
      }
      const partition = live.claim.partition;
      if (partition === 'grounded' && !options.showGrounded) continue;
      const label = live.reviewed ? `${live.claim.type} · reviewed` : live.claim.type;
      marks[partition].push({ range, renderOptions: afterText(label, options.showEvidenceType) });
    }
    return marks;
  }

  private disposeTypes(): void {
    for (const type of Object.values(this.types ?? {})) type.dispose();
    this.types = undefined;
  }

  dispose(): void {
    this.disposeTypes();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function afterText(text: string, show: boolean): vscode.DecorationInstanceRenderOptions | undefined {
  if (!show) return undefined;
  return {
    after: {
      contentText: ` ${text}`,
      color: new vscode.ThemeColor('grounding.evidenceTypeForeground'),
      fontStyle: 'italic',
      margin: '0 0 0 0.4em',
    },
  };
}
