// A fixture's report evaluated in real VS Code, each expected claim checked as a reviewer meets it:
// its partition, its mark in the editor, the records it rests on and, for a contradicted claim,
// the record its reason and its hover cite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { fixtureUri, groundingApi } from './extension';

export interface Expectation {
  text: string;
  partition: string;
  /** What the reason and the hover of a contradicted claim cite. */
  cites?: RegExp;
  /** The evidence the claim rests on, exactly. */
  refs?: string[];
}

/** Evaluates a fixture's report in the editor and checks each expected claim's partition, mark, cited refs, reason and hover. */
export async function checkFixture(folder: string, expectations: readonly Expectation[]): Promise<void> {
  const api = await groundingApi();
  const uri = fixtureUri(folder, 'report.md');
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  await vscode.commands.executeCommand('grounding.evaluate', uri);
  const { claims } = api.review(uri)!.result;
  const marks = api.marks(uri)!;
  for (const expected of expectations) {
    const claim = claims.find((c) => c.text === expected.text);
    assert.ok(claim, `no claim "${expected.text}" in ${JSON.stringify(claims.map((c) => c.text))}`);
    assert.equal(claim.partition, expected.partition, `"${expected.text}": ${claim.reason}`);
    const offset = document.getText().indexOf(expected.text);
    const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + expected.text.length));
    assert.ok(marks[expected.partition as 'grounded'].some((r) => r.isEqual(range)), `${expected.partition} mark missing for "${expected.text}"`);
    if (expected.refs) assert.deepEqual([...claim.evidence_refs].sort(), [...expected.refs].sort(), `"${expected.text}" rests on ${claim.evidence_refs.join(', ')}`);
    if (!expected.cites) continue;
    assert.match(claim.reason, expected.cites);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, document.positionAt(offset + 2));
    const hover = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n')
      // appendText escapes Markdown punctuation (trace\.jsonl) and may write spaces as &nbsp;:
      // read the hover as plain text.
      .replace(/&nbsp;/g, ' ')
      .replace(/\\(.)/g, '$1');
    assert.match(hover, /contradicted/i, `hover of "${expected.text}"`);
    assert.match(hover, expected.cites, `hover of "${expected.text}" cites the record: ${hover}`);
  }
}
