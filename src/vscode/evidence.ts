// Which evidence files belong to a report, and reading them. The reviewer's choice (Select
// Evidence…) is remembered per report in workspace state; otherwise the report's front matter
// `evidence:` (paths relative to the report) is used. Files are read through workspace.fs so
// remote and virtual workspaces work.
import * as vscode from 'vscode';
import type { EvidenceSource } from '../core/review-types';
import { frontMatterOf } from './engine';

const STATE_KEY = 'grounding.evidenceByReport';

export interface ResolvedEvidence {
  uris: vscode.Uri[];
  question?: string;
  origin: 'selected' | 'front matter' | 'none';
}

export interface ReadEvidence {
  sources: EvidenceSource[];
  /** The name each source goes by in the review → the URI that opens it. */
  uriByFile: Record<string, string>;
  unreadable: { uri: vscode.Uri; message: string }[];
}

export class EvidenceStore {
  constructor(private readonly state: vscode.Memento) {}

  remembered(report: vscode.Uri): vscode.Uri[] | undefined {
    const all = this.state.get<Record<string, string[]>>(STATE_KEY, {});
    const list = all[report.toString()];
    return list && list.length ? list.map((value) => vscode.Uri.parse(value)) : undefined;
  }

  async remember(report: vscode.Uri, uris: readonly vscode.Uri[]): Promise<void> {
    const all = { ...this.state.get<Record<string, string[]>>(STATE_KEY, {}) };
    if (uris.length) all[report.toString()] = uris.map((uri) => uri.toString());
    else delete all[report.toString()];
    await this.state.update(STATE_KEY, all);
  }

  /** The reviewer's selection first, then the front matter. */
  async resolve(document: vscode.TextDocument): Promise<ResolvedEvidence> {
    const front = await frontMatterOf(document.getText());
    const selected = this.remembered(document.uri);
    if (selected) return { uris: selected, question: front.question, origin: 'selected' };
    const listed = (front.evidence ?? []).filter((path) => typeof path === 'string' && path.trim() !== '');
    const base = reportFolder(document.uri);
    if (listed.length && base) return { uris: listed.map((path) => resolvePath(base, path)), question: front.question, origin: 'front matter' };
    return { uris: [], question: front.question, origin: 'none' };
  }
}

function reportFolder(report: vscode.Uri): vscode.Uri | undefined {
  if (report.scheme === 'untitled') return vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.Uri.joinPath(report, '..');
}

function resolvePath(base: vscode.Uri, path: string): vscode.Uri {
  if (/^[a-z][\w+.-]*:\/\//i.test(path)) return vscode.Uri.parse(path);
  if (path.startsWith('/')) return base.with({ path });
  return vscode.Uri.joinPath(base, path);
}

/** A short, stable name for an evidence file: its workspace-relative path when it has one. */
export function evidenceName(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}

/**
 * Reads evidence files, keeping their text until a file watcher or a save says they changed:
 * re-evaluating a report (the common case) then costs no file-system round trip, which in a
 * remote workspace is most of an evaluation's time. An open editor's text always wins.
 */
export class EvidenceReader implements vscode.Disposable {
  private readonly cache = new Map<string, { text: string; watcher: vscode.Disposable }>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly decoder = new TextDecoder('utf-8');

  constructor() {
    this.disposables.push(vscode.workspace.onDidSaveTextDocument((document) => this.forget(document.uri)));
  }

  async read(uris: readonly vscode.Uri[]): Promise<ReadEvidence> {
    const contents = await Promise.all(uris.map((uri) => this.readOne(uri)));
    const sources: EvidenceSource[] = [];
    const uriByFile: Record<string, string> = {};
    const unreadable: ReadEvidence['unreadable'] = [];
    contents.forEach((content, index) => {
      const uri = uris[index];
      if ('error' in content) {
        unreadable.push({ uri, message: content.error });
        return;
      }
      const file = evidenceName(uri);
      sources.push({ file, text: content.text });
      uriByFile[file] = uri.toString();
    });
    return { sources, uriByFile, unreadable };
  }

  private async readOne(uri: vscode.Uri): Promise<{ text: string } | { error: string }> {
    const key = uri.toString();
    const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === key);
    if (open) return { text: open.getText() };
    const cached = this.cache.get(key);
    if (cached) return { text: cached.text };
    try {
      const text = this.decoder.decode(await vscode.workspace.fs.readFile(uri));
      this.remember(uri, text);
      return { text };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private remember(uri: vscode.Uri, text: string): void {
    const folder = vscode.Uri.joinPath(uri, '..');
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, name));
    const forget = () => this.forget(uri);
    watcher.onDidChange(forget);
    watcher.onDidCreate(forget);
    watcher.onDidDelete(forget);
    this.cache.get(uri.toString())?.watcher.dispose();
    this.cache.set(uri.toString(), { text, watcher });
  }

  private forget(uri: vscode.Uri): void {
    const entry = this.cache.get(uri.toString());
    if (!entry) return;
    entry.watcher.dispose();
    this.cache.delete(uri.toString());
  }

  dispose(): void {
    for (const entry of this.cache.values()) entry.watcher.dispose();
    this.cache.clear();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
