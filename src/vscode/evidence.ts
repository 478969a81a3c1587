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

export async function readEvidence(uris: readonly vscode.Uri[]): Promise<ReadEvidence> {
  const decoder = new TextDecoder('utf-8');
  const sources: EvidenceSource[] = [];
  const uriByFile: Record<string, string> = {};
  const unreadable: ReadEvidence['unreadable'] = [];
  const contents = await Promise.all(
    uris.map(async (uri) => {
      try {
        return { uri, text: decoder.decode(await vscode.workspace.fs.readFile(uri)) };
      } catch (error) {
        return { uri, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  for (const content of contents) {
    if ('error' in content) {
      unreadable.push({ uri: content.uri, message: content.error ?? 'unreadable' });
      continue;
    }
    // An open, unsaved evidence editor is what the reviewer sees: use its text.
    const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === content.uri.toString());
    const file = evidenceName(content.uri);
    sources.push({ file, text: open ? open.getText() : content.text });
    uriByFile[file] = content.uri.toString();
  }
  return { sources, uriByFile, unreadable };
}
