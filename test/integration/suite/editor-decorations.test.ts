// The decoration display settings in the real editor: grounding.decorations.showEvidenceType (the
// claim's evidence type as faint after-text) and grounding.decorations.overviewRuler (marks next to
// the scrollbar). Each is read from what Chromium renders — the after-text's CSS content in
// .view-lines, the pixels of the overview ruler's canvas — and turning it off and on again changes
// only what is shown: the judge is not asked again and the review stays the same.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GroundingReviewApi } from '../../../src/vscode/extension';
import { fixtureUri, groundingApi, groundingExtension } from '../support/extension';
import { bridgeAvailable, evaluate, waitFor } from '../support/workbench';

const PARTITIONS = ['grounded', 'ungrounded', 'contradicted', 'complementary'] as const;

/** The ::after content of every span in the editor's text layer (VS Code renders `after.contentText` there). */
function afterTexts(): Promise<string[]> {
  return evaluate<string[]>(`[...document.querySelectorAll('.monaco-editor .view-lines span')]
    .map((el) => getComputedStyle(el, '::after'))
    .filter((style) => style.content && style.content !== 'none' && style.content !== 'normal')
    .map((style) => JSON.parse(style.content) + (style.fontStyle === 'italic' ? ' [italic]' : ''))`);
}

/** How many pixels of the overview ruler's canvas have each of the given colours (opaque, ±2 per channel). */
function rulerPixels(colours: Record<string, [number, number, number]>): Promise<Record<string, number>> {
  return evaluate<Record<string, number>>(`(() => {
    const colours = ${JSON.stringify(colours)};
    const counts = Object.fromEntries(Object.keys(colours).map((key) => [key, 0]));
    for (const canvas of document.querySelectorAll('.monaco-editor canvas.decorationsOverviewRuler')) {
      if (!canvas.width || !canvas.height) continue;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] < 250) continue;
        for (const [key, [r, g, b]] of Object.entries(colours)) {
          if (Math.abs(data[i] - r) <= 2 && Math.abs(data[i + 1] - g) <= 2 && Math.abs(data[i + 2] - b) <= 2) counts[key] += 1;
        }
      }
    }
    return counts;
  })()`);
}

/** The theme's default of grounding.<partition>OverviewRuler (package.json), for the opaque ones. */
function rulerColours(): Record<string, [number, number, number]> {
  const themeKey = {
    [vscode.ColorThemeKind.Light]: 'light',
    [vscode.ColorThemeKind.Dark]: 'dark',
    [vscode.ColorThemeKind.HighContrast]: 'highContrast',
    [vscode.ColorThemeKind.HighContrastLight]: 'highContrastLight',
  }[vscode.window.activeColorTheme.kind];
  const colors = groundingExtension().packageJSON.contributes.colors as { id: string; defaults: Record<string, string> }[];
  const result: Record<string, [number, number, number]> = {};
  for (const partition of PARTITIONS) {
    const hex = colors.find((c) => c.id === `grounding.${partition}OverviewRuler`)?.defaults[themeKey];
    // A translucent colour is blended on the canvas; the opaque ones are enough to see the marks.
    if (hex && /^#[0-9a-f]{6}$/i.test(hex)) result[partition] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  }
  return result;
}

describe('editor: decoration display settings', function () {
  let api: GroundingReviewApi;
  const uri = fixtureUri('editor', 'incident-report.md');
  const config = () => vscode.workspace.getConfiguration('grounding');

  before(async function () {
    if (!bridgeAvailable()) this.skip();
    api = await groundingApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    const summary = await vscode.commands.executeCommand<{ status: string }>('grounding.evaluate', uri);
    assert.equal(summary?.status, 'done');
  });

  afterEach(async () => {
    for (const key of ['decorations.showEvidenceType', 'decorations.overviewRuler', 'diagnostics.enabled']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the evidence type after each claim, and hides it when showEvidenceType is off', async () => {
    const session = api.review(uri)!;
    const judgeCalls = api.judgeCallCount();
    // One faint italic " <type>" after every marked claim (grounded ones included by default).
    const expected = session.claims.map((live) => ` ${live.claim.type} [italic]`).sort();
    assert.ok(expected.length >= 6, `claims: ${expected.length}`);
    const shown = await waitFor(async () => {
      const list = (await afterTexts()).sort();
      return list.length === expected.length && list;
    }, 10_000, 'the evidence types after the claims');
    assert.deepEqual(shown, expected);

    await config().update('decorations.showEvidenceType', false, vscode.ConfigurationTarget.Global);
    await waitFor(async () => (await afterTexts()).length === 0, 10_000, 'the after-text to go');

    // The marks themselves stay: only the after-text went.
    const marks = api.marks(uri)!;
    assert.equal(PARTITIONS.reduce((sum, p) => sum + marks[p].length, 0), session.claims.length);

    await config().update('decorations.showEvidenceType', true, vscode.ConfigurationTarget.Global);
    const back = await waitFor(async () => {
      const list = (await afterTexts()).sort();
      return list.length === expected.length && list;
    }, 10_000, 'the after-text to come back');
    assert.deepEqual(back, expected);
    assert.equal(api.judgeCallCount(), judgeCalls, 'no judge call for a display setting');
    assert.equal(api.review(uri), session, 'the same review, not a new one');
  });

  it('marks the claims in the overview ruler, and not when overviewRuler is off', async () => {
    // Problems markers share the ruler's right lane and are drawn over the ungrounded and
    // contradicted marks there: without diagnostics the ruler shows only the claim marks.
    await config().update('diagnostics.enabled', false, vscode.ConfigurationTarget.Global);
    await waitFor(async () => vscode.languages.getDiagnostics(uri).length === 0, 10_000, 'the diagnostics to go');
    const session = api.review(uri)!;
    const judgeCalls = api.judgeCallCount();
    const colours = rulerColours();
    const marked = Object.keys(colours).filter((p) => session.result.counts[p as (typeof PARTITIONS)[number]] > 0);
    assert.ok(marked.length >= 3, `partitions with an opaque ruler colour and claims: ${marked.join(', ')}`);
    const painted = (counts: Record<string, number>) => marked.every((p) => counts[p] > 0);
    const on = await waitFor(async () => {
      const counts = await rulerPixels(colours);
      return painted(counts) && counts;
    }, 10_000, 'the ruler marks');

    await config().update('decorations.overviewRuler', false, vscode.ConfigurationTarget.Global);
    const off = await waitFor(async () => {
      const counts = await rulerPixels(colours);
      return Object.values(counts).every((n) => n === 0) && counts;
    }, 10_000, `the ruler marks to go (were ${JSON.stringify(on)})`);
    // The inline marks stay.
    assert.ok(api.marks(uri)!.contradicted.length > 0);

    await config().update('decorations.overviewRuler', true, vscode.ConfigurationTarget.Global);
    await waitFor(async () => painted(await rulerPixels(colours)), 10_000, `the ruler marks to come back (off: ${JSON.stringify(off)})`);
    assert.equal(api.judgeCallCount(), judgeCalls, 'no judge call for a display setting');
    assert.equal(api.review(uri), session, 'the same review, not a new one');
  });
});
