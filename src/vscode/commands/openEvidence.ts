// Open Evidence Line — opens an evidence file at a line (the links in hovers use it).
import * as vscode from 'vscode';
import { asUri } from '../uris';

export const OPEN_EVIDENCE_COMMAND = 'grounding.openEvidence';

export async function openEvidenceAt(uri: vscode.Uri, line: number): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  const position = new vscode.Position(Math.max(0, Math.min(line - 1, document.lineCount - 1)), 0);
  return vscode.window.showTextDocument(document, {
    selection: new vscode.Range(position, document.lineAt(position.line).range.end),
    viewColumn: vscode.ViewColumn.Beside,
    preview: true,
  });
}

export function registerOpenEvidenceCommand(): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_EVIDENCE_COMMAND, async (target?: unknown, line?: unknown) => {
    const uri = asUri(target);
    if (!uri) return;
    await openEvidenceAt(uri, typeof line === 'number' ? line : 1);
  });
}
