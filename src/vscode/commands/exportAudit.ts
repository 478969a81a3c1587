// Grounding: Export Audit Report — writes the active review as JSON, only where the user chooses
// (a save dialog; automation may pass the target URI).
import * as vscode from 'vscode';
import { auditRecord } from '../audit';
import { asUri, type Services } from '../services';

export const EXPORT_AUDIT_COMMAND = 'grounding.exportAudit';

export function registerExportAuditCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(EXPORT_AUDIT_COMMAND, async (target?: unknown, report?: unknown): Promise<string | undefined> => {
    const reportUri = asUri(report) ?? vscode.window.activeTextEditor?.document.uri ?? services.reviews.all.at(-1)?.uri;
    const session = reportUri && services.reviews.get(reportUri);
    if (!session) {
      void vscode.window.showWarningMessage('Grounding: evaluate a report before exporting its audit.');
      return undefined;
    }
    const source = vscode.Uri.parse(session.uri);
    const base = source.path.replace(/\.[^/.]*$/, '');
    const destination =
      asUri(target) ??
      (await vscode.window.showSaveDialog({
        defaultUri: source.with({ path: `${base}.grounding-audit.json` }),
        filters: { 'Audit report (JSON)': ['json'] },
        saveLabel: 'Export audit',
      }));
    if (!destination) return undefined;
    const record = auditRecord(session, services.settings.current, String(services.context.extension.packageJSON.version));
    await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(`${JSON.stringify(record, null, 2)}\n`));
    services.log.info(`audit of ${session.uri} written to ${destination.toString()}`);
    if (!asUri(target)) {
      void vscode.window.showInformationMessage(`Grounding: audit written to ${vscode.workspace.asRelativePath(destination, false)}.`, 'Open').then((choice) => {
        if (choice) void vscode.window.showTextDocument(destination);
      });
    }
    return destination.toString();
  });
}
