// The side panel: a webview view showing the active report's review. Strict CSP with a nonce,
// local resources only, theme variables for every colour; the webview builds its DOM with
// textContent, so report and evidence text can never run as markup.
import * as vscode from 'vscode';
import { formatZodError } from '../../core/model';
import { openEvidenceAt } from '../commands/openEvidence';
import type { ReviewController } from '../reviews';
import { FromWebviewSchema, type FromWebview, type ToWebview } from './messages';
import { panelStateOf } from './viewModel';

export const PANEL_VIEW_ID = 'grounding.panel';

export interface PanelRender {
  claims: number;
  score: string | null;
}

export class ReviewPanelProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  /** The report the panel shows: the active editor's, or the last one reviewed. */
  private shownUri: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly rendered = new vscode.EventEmitter<PanelRender>();
  readonly onDidRender = this.rendered.event;
  lastRender: PanelRender | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly reviews: ReviewController,
    private readonly log: vscode.LogOutputChannel,
    private readonly runCommand: (command: string) => Thenable<unknown>,
  ) {
    this.disposables.push(
      this.rendered,
      reviews.onDidChange(({ uri, reason }) => {
        if (reason === 'evaluated' || reason === 'busy' || uri === this.shownUri) {
          this.shownUri = uri;
          this.post();
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && reviews.get(editor.document.uri)) {
          this.shownUri = editor.document.uri.toString();
          this.post();
        }
      }),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [media] };
    view.webview.html = this.html(view.webview, media);
    this.disposables.push(
      view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      view.onDidChangeVisibility(() => view.visible && this.post()),
      view.onDidDispose(() => {
        if (this.view === view) this.view = undefined;
      }),
    );
  }

  /** Reveals the view (used by Show Panel and the status bar). */
  async show(): Promise<void> {
    await vscode.commands.executeCommand(`${PANEL_VIEW_ID}.focus`);
  }

  /** Asks the webview to filter its claims list (Problems-style filter from a command). */
  filter(partition: 'all' | 'grounded' | 'ungrounded' | 'contradicted' | 'complementary'): void {
    void this.send({ type: 'filter', partition });
  }

  private receive(raw: unknown): void {
    const parsed = FromWebviewSchema.safeParse(raw);
    if (!parsed.success) {
      this.log.warn(`panel sent an invalid message, ignored: ${formatZodError(parsed.error)}`);
      return;
    }
    const message: FromWebview = parsed.data;
    switch (message.type) {
      case 'ready':
        this.post();
        return;
      case 'rendered':
        this.lastRender = { claims: message.claims, score: message.score };
        this.rendered.fire(this.lastRender);
        return;
      case 'revealClaim':
        void this.revealClaim(message.claimId);
        return;
      case 'openOmission':
        void this.openOmission(message.id);
        return;
      case 'run':
        void this.runCommand(`grounding.${message.command}`);
        return;
    }
  }

  private async revealClaim(claimId: string): Promise<void> {
    const session = this.shownUri ? this.reviews.get(this.shownUri) : undefined;
    const live = session?.claim(claimId);
    if (!session || !live) return;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(session.uri));
    const range = new vscode.Range(document.positionAt(live.span.start), document.positionAt(live.span.end));
    await vscode.window.showTextDocument(document, { selection: range, preserveFocus: false, viewColumn: vscode.ViewColumn.One });
  }

  /** Opens the evidence line an omission points at, beside the report. */
  private async openOmission(id: string): Promise<void> {
    const session = this.shownUri ? this.reviews.get(this.shownUri) : undefined;
    const omission = session?.result.omissions?.find((candidate) => candidate.id === id);
    const uri = omission && session?.evidenceUris[omission.file];
    if (!omission || !uri) {
      this.log.warn(`panel asked to open omission ${JSON.stringify(id)}, which the shown review does not have`);
      return;
    }
    await openEvidenceAt(vscode.Uri.parse(uri), omission.line);
  }

  private post(): void {
    const session = this.shownUri ? this.reviews.get(this.shownUri) : undefined;
    const busy = this.reviews.isBusy();
    const estimate = busy ? this.reviews.pendingEstimate : undefined;
    void this.send({ type: 'state', state: session ? panelStateOf(session) : null, busy, ...(estimate ? { note: `estimated cost: ${estimate.text}` } : {}) });
  }

  private async send(message: ToWebview): Promise<void> {
    if (!this.view) return;
    await this.view.webview.postMessage(message);
  }

  private html(webview: vscode.Webview, media: vscode.Uri): string {
    const nonce = createNonce();
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'dist', 'panel.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `img-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style.toString()}" rel="stylesheet">
<title>Grounding Review</title>
</head>
<body>
<main id="app" aria-live="polite"></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function createNonce(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}
