// Hover on a claim: partition, evidence type, the judge's confidence, weight and its share of S,
// the reason, the cited evidence lines quoted with links that open them, and the gate tier when
// the gate ran.
// Report and evidence text goes in through appendText (escaped); only our own command is trusted.
import * as vscode from 'vscode';
import { OPEN_EVIDENCE_COMMAND } from './commands/openEvidence';
import { truncate } from './diagnostics';
import { PARTITION_LABELS, contributionOf, withheldLine } from './explain';
import { gateTierOf } from './panel/viewModel';
import type { JudgedClaim } from '../core/review-types';
import type { ReviewController } from './reviews';

export class ClaimHoverProvider implements vscode.HoverProvider {
  constructor(private readonly reviews: ReviewController) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const session = this.reviews.get(document.uri);
    const live = session?.claimAt(document.offsetAt(position));
    if (!session || !live) return undefined;
    const { claim } = live;
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: [OPEN_EVIDENCE_COMMAND] };
    md.appendMarkdown(`**${PARTITION_LABELS[claim.partition]}** · \`${claim.type}\``);
    if (typeof claim.confidence === 'number') md.appendMarkdown(` · confidence ${claim.confidence.toFixed(2)}`);
    if (live.reviewed) md.appendMarkdown(` · reviewer's verdict (judge: ${PARTITION_LABELS[live.judged].toLowerCase()})`);
    md.appendMarkdown(`  \n${contributionOf(claim, session.result).sentence}  \n`);
    if (live.span.stale) md.appendMarkdown('$(warning) Edited since the review: re-evaluate to judge the new text.  \n');
    md.appendMarkdown('\n');
    md.appendText(claim.reason);
    md.appendMarkdown('\n');
    appendProvenance(md, claim);
    const tier = gateTierOf(session.result.gate, claim.id);
    if (tier) {
      md.appendMarkdown('\n\nGate: ');
      md.appendText(tier);
    }
    if (claim.evidence_refs.length) {
      md.appendMarkdown('\n\n---\n\n**Cited evidence**\n');
      for (const ref of claim.evidence_refs) {
        const item = session.evidenceItem(ref);
        const uri = item && session.evidenceUris[item.file];
        md.appendMarkdown('\n- ');
        if (item && uri) {
          const args = encodeURIComponent(JSON.stringify([uri, item.line]));
          md.appendMarkdown(`[${escapeLinkText(`${item.file}:${item.line}`)}](command:${OPEN_EVIDENCE_COMMAND}?${args} "Open ${escapeLinkText(item.file)} at line ${item.line}") `);
          md.appendText(`(${ref})`);
          md.appendMarkdown('\n\n  ');
          md.appendText(`“${truncate(item.text, 240)}”`);
        } else {
          md.appendText(`${ref} (not found in the evidence)`);
        }
      }
    }
    const range = new vscode.Range(document.positionAt(live.span.start), document.positionAt(live.span.end));
    return new vscode.Hover(md, range);
  }
}

/** Which judge decided (hybrid), a disagreement flagged for review, instability over samples, not judged, withheld. */
function appendProvenance(md: vscode.MarkdownString, claim: JudgedClaim): void {
  if (claim.not_judged) md.appendMarkdown('\n\n$(warning) **Not judged** (counted as ungrounded)');
  if (claim.withheld) {
    md.appendMarkdown('\n\n**Withheld**: ');
    md.appendText(`${withheldLine(claim.withheld)} (counted as ungrounded)`);
  }
  if (claim.decided_by) {
    md.appendMarkdown('\n\nDecided by: ');
    md.appendText(`${claim.decided_by}${claim.decided_why ? ` (${claim.decided_why})` : ''}`);
  }
  if (claim.disagreement) {
    md.appendMarkdown('\n\n$(warning) **Flagged for review**: ');
    md.appendText(claim.disagreement);
  }
  if (claim.stability?.unstable) {
    md.appendMarkdown('\n\n$(warning) **Unstable**: ');
    md.appendText(`${claim.stability.verdicts.map((v) => v.partition).join(' / ')} over ${claim.stability.samples} samples (agreement ${claim.stability.agreement.toFixed(2)})`);
  }
}

/** Link text made of file names: keep it from closing the link or starting markup. */
function escapeLinkText(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!<>|"]/g, '\\$&');
}
