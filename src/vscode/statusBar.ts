// `S 0.76 · regenerate` for the active report; a spinner while judging; click opens the panel.
import * as vscode from 'vscode';
import type { ReviewController } from './reviews';

export class ReviewStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('grounding.status', vscode.StatusBarAlignment.Right, 100);
  private readonly disposables: vscode.Disposable[] = [this.item];

  constructor(private readonly reviews: ReviewController) {
    this.item.name = 'Grounding Review';
    this.item.command = 'grounding.showPanel';
    this.disposables.push(
      reviews.onDidChange(() => this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
    );
    this.update();
  }

  /** What the item shows now (for tests): undefined when hidden. */
  get text(): string | undefined {
    return this.visible ? this.item.text : undefined;
  }

  private visible = false;

  private update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (uri && this.reviews.isBusy(uri)) {
      this.show('$(loading~spin) Grounding: judging…', 'Evaluating this report — click to open the panel');
      return;
    }
    const session = uri && this.reviews.get(uri);
    if (!session) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const { score, decision, degraded } = session.result;
    const icon = decision === 'proceed' ? '$(pass)' : decision === 'regenerate' ? '$(warning)' : '$(error)';
    const stale = session.hasStaleClaims ? ' (edited)' : '';
    const tooltip = new vscode.MarkdownString(
      `**Grounding Review** — S = ${score.toFixed(3)}, δ = ${decision}${degraded ? ' (degraded)' : ''}` +
        `  \nτ_regenerate ${session.result.scoring.thresholds.regenerate} · τ_proceed ${session.result.scoring.thresholds.proceed} · ρ ${session.result.scoring.rho}` +
        (stale ? '  \nSome claims were edited since the review: re-evaluate.' : '') +
        '  \nClick to open the panel.',
    );
    this.show(`${icon} S ${score.toFixed(2)} · ${decision}${stale}`, tooltip);
    this.item.backgroundColor = decision === 'proceed' ? undefined : decision === 'regenerate' ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
  }

  private show(text: string, tooltip: string | vscode.MarkdownString): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = undefined;
    this.item.show();
    this.visible = true;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
