// Mark Claim as Reviewed — the reviewer's verdict on one claim overrides the judge's, re-scores
// at once, is remembered for the report and goes into the audit. Null restores the judge's.
import * as vscode from 'vscode';
import { PARTITION_KEYS, type PartitionKey } from '../../core/model';
import { PARTITION_LABELS } from '../explain';
import { asUri, type Services } from '../services';

export const MARK_REVIEWED_COMMAND = 'grounding.markReviewed';

export function registerMarkReviewedCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(MARK_REVIEWED_COMMAND, async (target?: unknown, claimId?: unknown, partition?: unknown): Promise<boolean> => {
    const uri = asUri(target) ?? vscode.window.activeTextEditor?.document.uri;
    const session = uri && services.reviews.get(uri);
    if (!uri || !session) return false;
    let id = typeof claimId === 'string' ? claimId : undefined;
    if (!id) {
      const editor = vscode.window.activeTextEditor;
      id = editor && session.claimAt(editor.document.offsetAt(editor.selection.active))?.claim.id;
    }
    if (!id) return false;
    let verdict: PartitionKey | undefined;
    if (partition === null) verdict = undefined;
    else if (typeof partition === 'string' && (PARTITION_KEYS as readonly string[]).includes(partition)) verdict = partition as PartitionKey;
    else {
      const picked = await vscode.window.showQuickPick(
        PARTITION_KEYS.map((key) => ({ label: PARTITION_LABELS[key], key })),
        { title: `Your verdict on ${id}`, placeHolder: 'It overrides the judge for this claim and re-scores S' },
      );
      if (!picked) return false;
      verdict = picked.key;
    }
    return services.reviews.setVerdict(uri, id, verdict);
  });
}
