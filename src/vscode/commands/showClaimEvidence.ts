// Show evidence (code action) — opens the evidence a claim cites; with several refs, asks which.
import * as vscode from 'vscode';
import { truncate } from '../diagnostics';
import { asUri, type Services } from '../services';
import { openEvidenceAt } from './openEvidence';

export const SHOW_CLAIM_EVIDENCE_COMMAND = 'grounding.showClaimEvidence';

export function registerShowClaimEvidenceCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(SHOW_CLAIM_EVIDENCE_COMMAND, async (target?: unknown, claimId?: unknown) => {
    const uri = asUri(target);
    const session = uri && services.reviews.get(uri);
    const live = session && typeof claimId === 'string' ? session.claim(claimId) : undefined;
    if (!session || !live) return;
    const cited = live.claim.evidence_refs
      .map((ref) => ({ ref, item: session.evidenceItem(ref) }))
      .flatMap(({ ref, item }) => (item && session.evidenceUris[item.file] ? [{ ref, item, uri: vscode.Uri.parse(session.evidenceUris[item.file]) }] : []));
    if (!cited.length) {
      void vscode.window.showInformationMessage(`Grounding: ${live.claim.id} cites no evidence line.`);
      return;
    }
    const choice =
      cited.length === 1
        ? cited[0]
        : await vscode.window.showQuickPick(
            cited.map((entry) => ({ label: `${entry.ref} · ${entry.item.file}:${entry.item.line}`, detail: truncate(entry.item.text, 200), entry })),
            { title: `Evidence cited by ${live.claim.id}` },
          ).then((picked) => picked?.entry);
    if (choice) await openEvidenceAt(choice.uri, choice.item.line);
  });
}
