// Grounding: Select Evidence… — pick the evidence files of the active report (workspace files
// in a multi-select quick pick, or any file through the dialog). Remembered per report.
import * as vscode from 'vscode';
import { evidenceName } from '../evidence';
import { asUri, targetDocument, type Services } from '../services';

export const SELECT_EVIDENCE_COMMAND = 'grounding.selectEvidence';

const EVIDENCE_GLOB = '**/*.{log,txt,jsonl,ndjson,json,md,markdown,csv,yaml,yml,out}';
const EXCLUDE_GLOB = '**/{node_modules,.git,out,dist,.vscode-test}/**';

interface FileItem extends vscode.QuickPickItem {
  uri: vscode.Uri;
}

export function registerSelectEvidenceCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(SELECT_EVIDENCE_COMMAND, async (target?: unknown, files?: unknown): Promise<string[] | undefined> => {
    const document = await targetDocument(asUri(target));
    if (!document) {
      void vscode.window.showWarningMessage('Grounding: open the report first, then select its evidence.');
      return undefined;
    }
    // Given files (automation, tests): no UI.
    const chosen = Array.isArray(files) ? files.map(asUri).filter((uri): uri is vscode.Uri => uri !== undefined) : await pickFiles(services, document);
    if (!chosen) return undefined;
    await services.reviews.evidence.remember(document.uri, chosen);
    services.log.info(`evidence for ${document.uri.toString()}: ${chosen.map((uri) => uri.toString()).join(', ') || '(none — front matter applies)'}`);
    return chosen.map((uri) => uri.toString());
  });
}

async function pickFiles(services: Services, document: vscode.TextDocument): Promise<vscode.Uri[] | undefined> {
  const current = new Set((await services.reviews.evidence.resolve(document)).uris.map((uri) => uri.toString()));
  const found = await vscode.workspace.findFiles(EVIDENCE_GLOB, EXCLUDE_GLOB, 2000);
  const items: FileItem[] = found
    .filter((uri) => uri.toString() !== document.uri.toString())
    .map((uri) => {
      const name = evidenceName(uri);
      const slash = name.lastIndexOf('/');
      return { uri, label: slash >= 0 ? name.slice(slash + 1) : name, description: slash >= 0 ? name.slice(0, slash) : undefined, picked: current.has(uri.toString()) };
    })
    .sort((a, b) => Number(b.picked) - Number(a.picked) || (a.description ?? '').localeCompare(b.description ?? '') || a.label.localeCompare(b.label));

  const pick = vscode.window.createQuickPick<FileItem>();
  pick.title = `Evidence for ${evidenceName(document.uri)}`;
  pick.placeholder = 'Check every evidence file (logs, traces, JSON, runbooks); Browse… for files outside the workspace';
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.items = items;
  pick.selectedItems = items.filter((item) => item.picked);
  const browse: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('folder-opened'), tooltip: 'Browse…' };
  pick.buttons = [browse];
  return new Promise<vscode.Uri[] | undefined>((resolve) => {
    let settled = false;
    const finish = (value: vscode.Uri[] | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
      pick.dispose();
    };
    pick.onDidAccept(() => finish(pick.selectedItems.map((item) => item.uri)));
    pick.onDidHide(() => finish(undefined));
    pick.onDidTriggerButton(async () => {
      const selected = pick.selectedItems.map((item) => item.uri);
      const extra = await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: 'Use as evidence', defaultUri: vscode.Uri.joinPath(document.uri, '..') });
      if (!extra) return;
      const all = new Map([...selected, ...extra].map((uri) => [uri.toString(), uri]));
      finish([...all.values()]);
    });
    pick.show();
  });
}
