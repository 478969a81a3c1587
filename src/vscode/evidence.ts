// Which evidence files belong to a report, and reading them. The reviewer's choice (Select
// Evidence…) is remembered per report in workspace state; otherwise the report's front matter
// `evidence:` (paths relative to the report, confined to its workspace folder) is used. Files are
// read through workspace.fs so remote and virtual workspaces work; only regular files within the
// size setting are read, and bytes are decoded by the same decoder as the CLI's.
import { posix } from 'node:path';
import * as vscode from 'vscode';
import { confineEvidencePath } from '../core/confine';
import { BYTES_PER_MB, DEFAULT_MAX_FILE_MB, checkText, decodeTextBytes, evidenceSource, sizeLimitMessage } from '../core/evidence/decode';
import type { EvidenceSource } from '../core/review-types';
import { frontMatterOf } from './engine';

const STATE_KEY = 'grounding.evidenceByReport';

export interface ResolvedEvidence {
  uris: vscode.Uri[];
  question?: string;
  origin: 'selected' | 'front matter' | 'none';
  /** Front matter entries outside the workspace folder: never read. */
  refused: { entry: string; message: string }[];
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
    if (selected) return { uris: selected, question: front.question, origin: 'selected', refused: [] };
    const listed = (front.evidence ?? []).filter((path) => typeof path === 'string' && path.trim() !== '');
    const base = reportFolder(document.uri);
    if (!listed.length || !base) return { uris: [], question: front.question, origin: 'none', refused: [] };
    const root = vscode.workspace.getWorkspaceFolder(document.uri)?.uri ?? base;
    const uris: vscode.Uri[] = [];
    const refused: ResolvedEvidence['refused'] = [];
    for (const entry of listed) {
      const confined = confineFrontMatterEntry(entry, base, root);
      if (confined instanceof vscode.Uri) uris.push(confined);
      else refused.push({ entry, message: confined.message });
    }
    return { uris, question: front.question, origin: 'front matter', refused };
  }
}

/**
 * A front matter entry as a URI inside the report's workspace folder (same scheme and authority,
 * path below the folder's), or why not: an agent-written report must not point the editor at
 * ~/.ssh or another host. URIs of other schemes are refused the same way.
 */
export function confineFrontMatterEntry(entry: string, base: vscode.Uri, root: vscode.Uri): vscode.Uri | { message: string } {
  if (/^[a-z][\w+.-]*:\/\//i.test(entry)) {
    const uri = vscode.Uri.parse(entry);
    if (uri.scheme !== root.scheme || uri.authority !== root.authority) return { message: `evidence ${JSON.stringify(entry)} is outside the workspace folder ${root.toString()}; refused` };
    const confined = confineEvidencePath(uri.path, '/', [root.path], posix);
    return confined.ok ? uri : { message: confined.message };
  }
  const confined = confineEvidencePath(entry, base.path, [root.path], posix);
  return confined.ok ? base.with({ path: confined.path }) : { message: confined.message };
}

function reportFolder(report: vscode.Uri): vscode.Uri | undefined {
  if (report.scheme === 'untitled') return vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.Uri.joinPath(report, '..');
}

/**
 * A short, stable name for an evidence file: its workspace-relative path when it has one, else its
 * path relative to the report's folder — never an absolute path, since the name reaches the endpoint.
 */
export function evidenceName(uri: vscode.Uri, report?: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(uri, false);
  if (relative !== uri.fsPath && relative !== uri.toString() && !posix.isAbsolute(relative)) return relative;
  const folder = report ? reportFolder(report) : undefined;
  return folder && folder.scheme === uri.scheme ? posix.relative(folder.path, uri.path) : posix.basename(uri.path);
}

/**
 * Reads evidence files, keeping their text until a file watcher or a save says they changed:
 * re-evaluating a report (the common case) then costs no file-system round trip, which in a
 * remote workspace is most of an evaluation's time. An open editor's text always wins.
 */
export class EvidenceReader implements vscode.Disposable {
  private readonly cache = new Map<string, { source: EvidenceSource; watcher: vscode.Disposable }>();
  private readonly disposables: vscode.Disposable[] = [];
  constructor(private readonly maxFileMegabytes: () => number = () => DEFAULT_MAX_FILE_MB) {
    this.disposables.push(vscode.workspace.onDidSaveTextDocument((document) => this.forget(document.uri)));
  }

  async read(uris: readonly vscode.Uri[], report?: vscode.Uri): Promise<ReadEvidence> {
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
      const file = evidenceName(uri, report);
      sources.push({ ...content.source, file });
      uriByFile[file] = uri.toString();
    });
    return { sources, uriByFile, unreadable };
  }

  private async readOne(uri: vscode.Uri): Promise<{ source: EvidenceSource } | { error: string }> {
    const key = uri.toString();
    const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === key);
    if (open) return { source: evidenceSource(key, checkText(open.getText())) };
    const cached = this.cache.get(key);
    if (cached) return { source: cached.source };
    try {
      // Only regular files, within the size setting, checked before a byte is read.
      const stat = await vscode.workspace.fs.stat(uri);
      if ((stat.type & vscode.FileType.File) === 0) return { error: 'not a regular file; refused' };
      const maxMb = this.maxFileMegabytes();
      if (stat.size > maxMb * BYTES_PER_MB) return { error: sizeLimitMessage(maxMb, stat.size) };
      const source = evidenceSource(key, decodeTextBytes(await vscode.workspace.fs.readFile(uri)));
      this.remember(uri, source);
      return { source };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private remember(uri: vscode.Uri, source: EvidenceSource): void {
    const folder = vscode.Uri.joinPath(uri, '..');
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, name));
    const forget = () => this.forget(uri);
    watcher.onDidChange(forget);
    watcher.onDidCreate(forget);
    watcher.onDidDelete(forget);
    this.cache.get(uri.toString())?.watcher.dispose();
    this.cache.set(uri.toString(), { source, watcher });
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
