// Code actions on a claim: show its evidence, and record the reviewer's verdict (which then
// overrides the judge's for that claim and re-scores at once).
import * as vscode from 'vscode';
import { PARTITION_KEYS } from '../core/model';
import { MARK_REVIEWED_COMMAND } from './commands/markReviewed';
import { SHOW_CLAIM_EVIDENCE_COMMAND } from './commands/showClaimEvidence';
import { PARTITION_LABELS } from './explain';
import type { ReviewController } from './reviews';

export class ClaimCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly reviews: ReviewController) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const session = this.reviews.get(document.uri);
    const live = session?.claimAt(document.offsetAt(range.start));
    if (!session || !live) return [];
    const { claim } = live;
    const actions: vscode.CodeAction[] = [];
    if (claim.evidence_refs.length) {
      const show = new vscode.CodeAction(`Show evidence for this claim (${claim.evidence_refs.join(', ')})`, vscode.CodeActionKind.QuickFix);
      show.command = { command: SHOW_CLAIM_EVIDENCE_COMMAND, title: show.title, arguments: [document.uri.toString(), claim.id] };
      actions.push(show);
    }
    for (const partition of PARTITION_KEYS) {
      if (partition === claim.partition) continue;
      const action = new vscode.CodeAction(`Mark as reviewed: ${PARTITION_LABELS[partition].toLowerCase()}`, vscode.CodeActionKind.QuickFix);
      action.command = { command: MARK_REVIEWED_COMMAND, title: action.title, arguments: [document.uri.toString(), claim.id, partition] };
      actions.push(action);
    }
    if (live.reviewed) {
      const restore = new vscode.CodeAction(`Restore the judge's verdict (${live.judged})`, vscode.CodeActionKind.QuickFix);
      restore.command = { command: MARK_REVIEWED_COMMAND, title: restore.title, arguments: [document.uri.toString(), claim.id, null] };
      actions.push(restore);
    } else {
      const confirm = new vscode.CodeAction(`Mark as reviewed: ${claim.partition} (confirm the judge)`, vscode.CodeActionKind.QuickFix);
      confirm.command = { command: MARK_REVIEWED_COMMAND, title: confirm.title, arguments: [document.uri.toString(), claim.id, claim.partition] };
      actions.push(confirm);
    }
    return actions;
  }
}
