// The review experience in real VS Code: Evaluate on a report gives marks per partition,
// diagnostics, hovers, a status bar verdict and a rendered panel; settings re-score without a
// judge call; reviewer verdicts, audit export, Clear and cancellation behave as a user expects.
// Expected partitions come from reading the fixture against its evidence (see comments).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EvaluateSummary } from '../../../src/vscode/commands/evaluate';
import type { GroundingReviewApi } from '../../../src/vscode/extension';
import { fixtureUri, fixturesFolder, groundingApi, groundingExtension } from '../support/extension';
import { bridgeAvailable, evaluate, texts, waitFor } from '../support/workbench';

const REPORT = ['editor', 'incident-report.md'];
/** The repository root, from this compiled file (out/test/integration/suite/). */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const EXTENSION_WEBVIEW = { extensionId: 'grounding-review.grounding-review' };

/** The claims of the fixture and what the evidence says about each (read by hand). */
const EXPECTED: { text: string; partition: string }[] = [
  // alerts.log: A-1021 fired_at=14:02:30Z, service=checkout.
  { text: 'Alert A-1021 fired at 14:02:30 UTC for the checkout service.', partition: 'grounded' },
  // metrics.log row 14:02:01: db-prod-1 cpu_pct=97.2.
  { text: 'CPU on db-prod-1 reached 97.2% at 14:02.', partition: 'grounded' },
  // metrics.log row 14:02:01: db-prod-1 conn_active=611 (the maximum).
  { text: 'db-prod-1 held 611 active connections at the peak.', partition: 'grounded' },
  // metrics.log: db-prod-2 cpu_pct=38.4, not 97.
  { text: 'The replica db-prod-2 was saturated as well, at 97% CPU.', partition: 'contradicted' },
  // deploy.log shows a push at 14:01:30, before the alert: order, not cause.
  { text: 'The outage was caused by the config push at 14:01:30.', partition: 'ungrounded' },
  // A hedged alternative that conflicts with nothing.
  { text: 'A noisy neighbour on the host may also have contributed.', partition: 'complementary' },
];

/**
 * A file of the bundled example (examples/incident/), opened where it lives in the repository —
 * not through the extension's folder: an installed VSIX does not ship examples/. The compiled
 * suite runs from the repository's out/, on the machine of the workspace (the runner's server).
 */
function exampleUri(name: string): vscode.Uri {
  const file = path.join(REPO_ROOT, 'examples', 'incident', name);
  const workspace = fixturesFolder().uri;
  return workspace.scheme === 'file' ? vscode.Uri.file(file) : workspace.with({ path: file.split(path.sep).join('/') });
}

function editorTextAt(uri: vscode.Uri, range: vscode.Range): string {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())!.getText(range);
}

async function openReport(...segments: string[]): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(...segments));
  return vscode.window.showTextDocument(document, vscode.ViewColumn.One);
}

async function evaluateReport(uri: vscode.Uri): Promise<EvaluateSummary> {
  return (await vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri))!;
}

function nextChange(api: GroundingReviewApi, reason: string, uri?: vscode.Uri): Promise<void> {
  return new Promise((resolve) => {
    const subscription = api.onDidChangeReview((change) => {
      if (change.reason === reason && (!uri || change.uri === uri.toString())) {
        subscription.dispose();
        resolve();
      }
    });
  });
}

function claimRange(editor: vscode.TextEditor, text: string): vscode.Range {
  const offset = editor.document.getText().indexOf(text);
  assert.ok(offset >= 0, `fixture lacks "${text}"`);
  return new vscode.Range(editor.document.positionAt(offset), editor.document.positionAt(offset + text.length));
}

/** S from Equation 2 over the session's claims, computed here independently of the extension. */
function expectedScore(api: GroundingReviewApi, uri: vscode.Uri, rho: number): number {
  const result = api.review(uri)!.result;
  const weights = api.settings().weights as Record<string, number>;
  const w = (partition: string) => result.claims.filter((c) => c.partition === partition).reduce((sum, c) => sum + weights[c.type], 0);
  return (w('grounded') + w('complementary')) / (w('grounded') + w('ungrounded') + rho * w('contradicted') + w('complementary'));
}

/** Reverts every unsaved document (tests never write fixtures) and closes all editors. */
async function revertAndCloseAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** User settings (the runner's throwaway profile), so the fixture workspace is never written. */
async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('grounding').update(key, value, vscode.ConfigurationTarget.Global);
}

describe('editor: Evaluate, marks and diagnostics', function () {
  let api: GroundingReviewApi;
  let editor: vscode.TextEditor;
  const uri = fixtureUri(...REPORT);

  before(async () => {
    api = await groundingApi();
    // VS Code for the Web saves after a delay by default; edits in these tests must stay unsaved.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    editor = await openReport(...REPORT);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    for (const key of ['rho', 'thresholds.proceed', 'thresholds.regenerate', 'weights.inference', 'gate.preset', 'diagnostics.severity.grounded']) await setSetting(key, undefined);
    await revertAndCloseAll();
  });

  it('marks each claim with its partition, from the front matter evidence', async () => {
    const summary = await evaluateReport(uri);
    assert.equal(summary.status, 'done', summary.message);
    const session = api.review(uri)!;
    for (const expected of EXPECTED) {
      const claim = session.result.claims.find((c) => c.text === expected.text);
      assert.ok(claim, `no claim "${expected.text}" in ${JSON.stringify(session.result.claims.map((c) => c.text))}`);
      assert.equal(claim.partition, expected.partition, `"${expected.text}": ${claim.reason}`);
    }
    const marks = api.marks(uri)!;
    for (const partition of ['grounded', 'ungrounded', 'contradicted', 'complementary']) {
      const want = EXPECTED.filter((e) => e.partition === partition).map((e) => claimRange(editor, e.text));
      for (const range of want) {
        assert.ok(marks[partition as 'grounded'].some((r) => r.isEqual(range)), `${partition} mark missing at line ${range.start.line + 1}`);
      }
    }
    assert.equal(marks.stale.length, 0);
  });

  it('paints the marks in the editor with the theme colours', async function () {
    if (!bridgeAvailable()) this.skip();
    await evaluateReport(uri);
    // The theme's default of grounding.<partition>Background, as package.json contributes it.
    const kind = vscode.window.activeColorTheme.kind;
    const themeKey = { [vscode.ColorThemeKind.Light]: 'light', [vscode.ColorThemeKind.Dark]: 'dark', [vscode.ColorThemeKind.HighContrast]: 'highContrast', [vscode.ColorThemeKind.HighContrastLight]: 'highContrastLight' }[kind];
    const colors = groundingExtension().packageJSON.contributes.colors as { id: string; defaults: Record<string, string | null> }[];
    const rgb: Record<string, string> = {};
    for (const partition of ['grounded', 'ungrounded', 'contradicted', 'complementary']) {
      const hex = colors.find((c) => c.id === `grounding.${partition}Background`)?.defaults[themeKey];
      if (hex) rgb[partition] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ');
    }
    assert.ok(Object.keys(rgb).length > 0 || themeKey.startsWith('highContrast'), `no background colours for theme ${themeKey}`);
    const marks = api.marks(uri)!;
    for (const partition of Object.keys(rgb).filter((p) => marks[p as 'grounded'].length > 0)) {
      const painted = await waitFor(
        () =>
          evaluate<number>(`[...document.querySelectorAll('.monaco-editor .view-overlays div, .monaco-editor .view-line span')]
            .filter((el) => getComputedStyle(el).backgroundColor.startsWith('rgba(${rgb[partition]},')).length`).then((n) => n > 0 && n),
        10_000,
        `the ${partition} marks to be painted`,
      );
      assert.ok(painted >= 1);
    }
  });

  it('reports ungrounded and contradicted claims in Problems, with the evidence as related information', async () => {
    await evaluateReport(uri);
    const diagnostics = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Grounding');
    // Defaults: contradicted = Error, ungrounded = Warning, grounded and complementary = none.
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity]).sort(),
      [
        ['contradicted', vscode.DiagnosticSeverity.Error],
        ['ungrounded', vscode.DiagnosticSeverity.Warning],
      ].sort(),
    );
    const contradicted = diagnostics.find((d) => d.code === 'contradicted')!;
    assert.ok(contradicted.range.isEqual(claimRange(editor, EXPECTED[3].text)));
    const related = contradicted.relatedInformation ?? [];
    assert.ok(related.length >= 1, 'the contradicted claim should point at the evidence');
    assert.ok(related.some((r) => r.location.uri.path.endsWith('/editor/evidence/metrics.log') && r.location.range.start.line === 3), JSON.stringify(related.map((r) => [r.location.uri.path, r.location.range.start.line])));

    // Severity per partition is a setting: grounded claims can be listed too, as information.
    await setSetting('diagnostics.severity.grounded', 'information');
    const grounded = await waitFor(async () => {
      const list = vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'grounded');
      return list.length > 0 && list;
    }, 5_000, 'grounded diagnostics');
    assert.equal(grounded.length, 3);
    assert.ok(grounded.every((d) => d.severity === vscode.DiagnosticSeverity.Information));
  });

  it('shows a hover with partition, type, confidence, weight, reason and the cited evidence line', async () => {
    await evaluateReport(uri);
    const range = claimRange(editor, EXPECTED[3].text);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, range.start.translate(0, 5));
    const text = hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
      .join('\n')
      .replace(/&nbsp;/g, ' ')
      .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1'); // undo Markdown escaping of quoted evidence
    assert.match(text, /\*\*Contradicted\*\*/);
    // The offline judge gives every verdict a probability; the hover shows it with two decimals.
    assert.match(text, /· confidence (0\.\d\d|1\.00)/);
    assert.match(text, /weight \d\.\d\d/);
    assert.match(text, /counts against S/);
    assert.match(text, /metrics\.log:4/);
    assert.match(text, /command:grounding\.openEvidence/);
    assert.match(text, /Gate: (verified|observed|none)/);
    assert.match(text, /“\[tool=query_metrics row=14:02:01\] host=db-prod-2 cpu_pct=38\.4 conn_active=120”/);
  });

  it('shows S and δ in the status bar', async () => {
    const summary = await evaluateReport(uri);
    assert.equal(api.statusText()?.includes(`S ${summary.score!.toFixed(2)} · ${summary.decision}`), true, api.statusText());
  });

  it('re-scores at once when ρ or a threshold changes, without calling the judge', async () => {
    const summary = await evaluateReport(uri);
    const judgeCalls = api.judgeCallCount();
    assert.ok(Math.abs(summary.score! - expectedScore(api, uri, 0.5)) < 1e-9);

    const rescored = nextChange(api, 'rescored', uri);
    await setSetting('rho', 1);
    await rescored;
    const withRho1 = api.review(uri)!.result.score;
    assert.ok(Math.abs(withRho1 - expectedScore(api, uri, 1)) < 1e-9, `S with ρ = 1: ${withRho1}`);
    assert.ok(withRho1 < summary.score!, 'a heavier contradiction penalty lowers S');

    const again = nextChange(api, 'rescored', uri);
    await setSetting('thresholds.proceed', Math.floor(withRho1 * 100) / 100);
    await again;
    assert.equal(api.review(uri)!.result.decision, 'proceed');
    assert.match(api.statusText() ?? '', /· proceed/);
    // Gate settings re-run the gate over the stored claims and evidence, not the judge.
    const regated = nextChange(api, 'rescored', uri);
    await setSetting('gate.preset', 'skipper');
    await regated;
    assert.equal((api.review(uri)!.result.gate as { preset: string }).preset, 'skipper');
    assert.equal(api.judgeCallCount(), judgeCalls, 'no judge call for a settings change');
  });

  it('keeps the last valid thresholds when τ_regenerate ≥ τ_proceed', async () => {
    await evaluateReport(uri);
    const before = api.review(uri)!.result.score;
    await setSetting('thresholds.regenerate', 0.9);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(api.settings().thresholds, { proceed: 0.8, regenerate: 0.65 });
    assert.equal(api.review(uri)!.result.score, before);
  });

  it("lets the reviewer overrule the judge on one claim, re-scoring without a judge call", async () => {
    await evaluateReport(uri);
    const judgeCalls = api.judgeCallCount();
    const range = claimRange(editor, EXPECTED[4].text);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range);
    const markGrounded = actions.find((a) => a.title === 'Mark as reviewed: grounded');
    assert.ok(markGrounded?.command, JSON.stringify(actions.map((a) => a.title)));
    const before = api.review(uri)!.result.score;
    await vscode.commands.executeCommand(markGrounded.command.command, ...(markGrounded.command.arguments ?? []));
    const session = api.review(uri)!;
    const claim = session.claims.find((live) => live.claim.text === EXPECTED[4].text)!;
    assert.equal(claim.claim.partition, 'grounded');
    assert.equal(claim.reviewed, 'grounded');
    assert.equal(claim.judged, 'ungrounded');
    assert.ok(session.result.score > before, 'moving a claim from U to G raises S (P2)');
    assert.equal(api.judgeCallCount(), judgeCalls);
    assert.equal(vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'ungrounded').length, 0);

    // The verdict goes into the audit, written only where asked.
    // Written into the run's throwaway copy of the workspace, and removed below.
    const target = fixtureUri('editor-audit.test-output.json');
    const written = await vscode.commands.executeCommand<string>('grounding.exportAudit', target, uri);
    assert.equal(written, target.toString());
    const audit = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)));
    assert.equal(audit.format, 'grounding-review-audit/1');
    assert.equal(audit.score, session.result.score);
    const audited = audit.claims.find((c: { text: string }) => c.text === EXPECTED[4].text);
    assert.deepEqual([audited.partition, audited.judgePartition, audited.reviewerVerdict], ['grounded', 'ungrounded', 'grounded']);
    assert.ok(audit.claims.every((c: { start: number; end: number; type: string; reason: string }) => c.end > c.start && c.type && c.reason));
    assert.deepEqual(audit.settings.scoring.thresholds, { proceed: 0.8, regenerate: 0.65 });
    assert.equal(audit.settings.judge.groundedCut, null, "unset: the offline judge's own cut");
    assert.ok('switch' in audit && 'gate' in audit && 'trajectory' in audit && audit.versions.vscode);
    assert.doesNotMatch(JSON.stringify(audit), /apiKey|sk-/);
    await vscode.workspace.fs.delete(target);

    // The verdict is stored with the report: a new evaluation (a new judge call) keeps it.
    await evaluateReport(uri);
    const again = api.review(uri)!.claims.find((live) => live.claim.text === EXPECTED[4].text)!;
    assert.deepEqual([again.claim.partition, again.reviewed], ['grounded', 'grounded']);

    await vscode.commands.executeCommand('grounding.markReviewed', uri, again.claim.id, null);
    assert.equal(api.review(uri)!.result.score, before, "restoring the judge's verdict restores S");
  });

  it('moves marks with edits and shows an edited claim as stale', async () => {
    await evaluateReport(uri);
    const before = api.marks(uri)!;
    const kinds = ['grounded', 'ungrounded', 'contradicted', 'complementary'] as const;
    // Insert two lines above every claim: every mark moves down two lines, none turns stale.
    const edited = nextChange(api, 'edited', uri);
    await editor.edit((edit) => edit.insert(new vscode.Position(8, 0), 'An inserted line.\n\n'));
    await edited;
    let marks = api.marks(uri)!;
    for (const kind of kinds) {
      assert.deepEqual(
        marks[kind].map((r) => [r.start.line, r.start.character, r.end.line, r.end.character]),
        before[kind].map((r) => [r.start.line + 2, r.start.character, r.end.line + 2, r.end.character]),
        `${kind} marks should follow the insertion`,
      );
    }
    assert.equal(marks.stale.length, 0);
    // Edit inside one claim: it turns stale, the others keep their marks.
    const claim = claimRange(editor, EXPECTED[1].text);
    const kindOf = kinds.find((kind) => marks[kind].some((r) => r.isEqual(claim)))!;
    assert.ok(kindOf, 'the claim is marked before the edit');
    await editor.edit((edit) => edit.replace(new vscode.Range(claim.start.translate(0, 25), claim.start.translate(0, 29)), '99.9'));
    marks = api.marks(uri)!;
    assert.equal(marks.stale.length, 1);
    assert.equal(marks.stale[0].start.line, claim.start.line);
    assert.equal(marks[kindOf].length, before[kindOf].length - 1);
    assert.match(api.statusText() ?? '', /edited/);
  });

  it('Clear removes marks, diagnostics and the status bar item', async () => {
    await evaluateReport(uri);
    assert.ok(vscode.languages.getDiagnostics(uri).length > 0);
    await vscode.commands.executeCommand('grounding.clear');
    assert.equal(api.review(uri), undefined);
    assert.equal(api.marks(uri), undefined);
    assert.equal(vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Grounding').length, 0);
    assert.equal(api.statusText(), undefined);
  });

  it('a second Evaluate cancels the first, which leaves no marks behind', async () => {
    // A large generated report keeps the first evaluation busy long enough to be overtaken.
    const big = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: Array.from({ length: 600 }, (_, i) => `Host db-${i} reached ${i % 97}% CPU at 14:${String(i % 60).padStart(2, '0')}.`).join('\n\n'),
    });
    await vscode.commands.executeCommand('grounding.selectEvidence', big.uri, [fixtureUri('editor', 'evidence', 'metrics.log')]);
    const busy = nextChange(api, 'busy', big.uri);
    const first = vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', big.uri);
    await busy;
    const second = evaluateReport(uri);
    const [firstSummary, secondSummary] = await Promise.all([first, second]);
    assert.equal(firstSummary?.status, 'cancelled');
    assert.equal(secondSummary.status, 'done');
    assert.equal(api.review(big.uri), undefined);
    assert.equal(api.marks(big.uri), undefined);
    assert.equal(vscode.languages.getDiagnostics(big.uri).length, 0);
    assert.ok(api.review(uri));
  });

  it('reviews the bundled example as its README labels it', async () => {
    const example = exampleUri('report.md');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(example), vscode.ViewColumn.One);
    const summary = await evaluateReport(example);
    assert.equal(summary.status, 'done', summary.message);
    // examples/incident/README.md: 6 grounded, 2 ungrounded, 1 contradicted, 1 complementary;
    // S = 6.55 / 8.25 = 0.7939 → regenerate.
    const marks = api.marks(example)!;
    assert.deepEqual(
      { grounded: marks.grounded.length, ungrounded: marks.ungrounded.length, contradicted: marks.contradicted.length, complementary: marks.complementary.length },
      { grounded: 6, ungrounded: 2, contradicted: 1, complementary: 1 },
    );
    assert.ok(Math.abs(summary.score! - 6.55 / 8.25) < 1e-9, String(summary.score));
    assert.equal(summary.decision, 'regenerate');
    const problems = vscode.languages.getDiagnostics(example).filter((d) => d.source === 'Grounding');
    assert.equal(problems.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length, 1);
    assert.equal(problems.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length, 2);
    const causal = problems.find((d) => d.message.includes('causal'));
    assert.ok(causal, problems.map((d) => d.message).join('\n'));
    assert.equal(editorTextAt(example, causal.range), 'The outage was caused by the config push.');
  });

  // Speed is measured, not asserted (machines here are noisy): the figure is printed for the
  // benchmark report; the test checks that each run really produced the marks.
  it('measures Evaluate-to-marks latency on the bundled example (offline judge)', async () => {
    const example = exampleUri('report.md');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(example), vscode.ViewColumn.One);
    await evaluateReport(example); // warm-up: the core loads on the first evaluation
    const samples: { total: number; summary: EvaluateSummary }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const summary = await evaluateReport(example);
      assert.ok(api.marks(example));
      samples.push({ total: performance.now() - started, summary });
    }
    samples.sort((a, b) => a.total - b.total);
    const median = samples[2].total;
    const phases = samples[2].summary.phases!;
    console.log(
      `      Evaluate-to-marks latency (median of 5): ${median.toFixed(1)} ms ` +
        `(front matter ${phases.resolveMs.toFixed(1)}, read evidence ${phases.readMs.toFixed(1)}, review ${phases.reviewMs.toFixed(1)}); ` +
        `all: ${samples.map((s) => s.total.toFixed(0)).join(', ')} ms; activation ${api.activationMs.toFixed(1)} ms`,
    );
    assert.ok(samples.every((s) => s.summary.phases !== undefined), 'every run reports its phases');
  });
});

describe('editor: the review panel', function () {
  let api: GroundingReviewApi;
  const uri = fixtureUri(...REPORT);

  before(async () => {
    api = await groundingApi();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await revertAndCloseAll();
  });

  it('renders the review: S, δ, counts, cards and claims', async function () {
    await openReport(...REPORT);
    await vscode.commands.executeCommand('grounding.showPanel');
    const summary = await evaluateReport(uri);
    const claimCount = api.review(uri)!.result.claims.length;
    await waitFor(async () => api.lastPanelRender()?.score === summary.score!.toFixed(3), 20_000, 'the panel to render the review');
    assert.deepEqual(api.lastPanelRender(), { claims: claimCount, score: summary.score!.toFixed(3) });
    if (!bridgeAvailable()) return;
    const score = await waitFor(async () => (await texts('[data-testid=score]', EXTENSION_WEBVIEW))[0], 10_000, 'the panel score');
    assert.equal(score, `S ${summary.score!.toFixed(3)}`);
    assert.deepEqual(await texts('[data-testid^=count-]', EXTENSION_WEBVIEW), ['3', '1', '1', '1']);
    const claims = await texts('.claim-text', EXTENSION_WEBVIEW);
    assert.deepEqual([...claims].sort(), EXPECTED.map((e) => e.text).sort());
    const headings = await texts('h2', EXTENSION_WEBVIEW);
    for (const title of ['Score', 'Partition', 'Claims', 'GroundingSwitch', 'Grounding gate', 'Judge', 'Loop trajectory']) assert.ok(headings.some((h) => h.toLowerCase() === title.toLowerCase()), `${title} card missing from ${headings.join(', ')}`);
    // The gate ran with the default preset: its card shows the claim type and the verdict.
    const gate = api.review(uri)!.result.gate as { verdict: string; claim_type: string };
    assert.ok(['ACCEPT', 'REJECT'].includes(gate.verdict), JSON.stringify(gate));
    const gateFacts = await texts('section[aria-labelledby=h-gate] dd', EXTENSION_WEBVIEW);
    assert.equal(gateFacts[0], gate.claim_type);
    assert.equal(gateFacts[1], gate.verdict);
    // Filter to one partition, then click the claim: the editor reveals and selects it.
    await evaluate('document.querySelector(\'[data-filter="contradicted"]\').click()', EXTENSION_WEBVIEW);
    const filtered = await waitFor(async () => {
      const list = await texts('.claim-text', EXTENSION_WEBVIEW);
      return list.length === 1 && list;
    }, 10_000, 'the filtered list');
    assert.deepEqual(filtered, [EXPECTED[3].text]);
    assert.deepEqual(await evaluate<string[]>('[...document.querySelectorAll("[aria-pressed=true]")].map((b) => b.dataset.filter)', EXTENSION_WEBVIEW), ['contradicted']);
    await evaluate('document.querySelector(".claim-button").click()', EXTENSION_WEBVIEW);
    const selected = await waitFor(async () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === uri.toString() && !active.selection.isEmpty && active.document.getText(active.selection);
    }, 10_000, 'the claim to be revealed');
    assert.equal(selected, EXPECTED[3].text);
    await evaluate('document.querySelector(\'[data-filter="all"]\').click()', EXTENSION_WEBVIEW);
  });

  it('computes the GroundingSwitch after the marks and shows it in the panel', async function () {
    this.timeout(120_000); // the first use loads the embedded encoder
    await openReport(...REPORT);
    await vscode.commands.executeCommand('grounding.showPanel');
    const geometry = nextChange(api, 'geometry', uri);
    const summary = await evaluateReport(uri);
    assert.equal(summary.status, 'done');
    // The marks do not wait for the encoder.
    assert.ok(api.marks(uri));
    await geometry;
    const value = api.review(uri)!.result.switch as { computed: boolean; method?: string; action?: string; write_to_state?: boolean; reason?: string };
    assert.equal(value.computed, true, JSON.stringify(value));
    // The fixture has a question and evidence: SGI, with write_to_state only for accept (switch.md §5).
    assert.equal(value.method, 'sgi');
    assert.ok(['accept', 'escalate', 'fallback'].includes(value.action!), value.action);
    assert.equal(value.write_to_state, value.action === 'accept');
    if (!bridgeAvailable()) return;
    const facts = await waitFor(async () => {
      const list = await texts('section[aria-labelledby=h-switch] dd', EXTENSION_WEBVIEW);
      return list.length > 0 && list;
    }, 10_000, 'the switch card');
    assert.equal(facts[0], 'SGI');
    assert.ok(facts.includes(value.action!));
  });

  it('shows markup from the report as text and runs none of it', async function () {
    const hostile = fixtureUri('editor', 'hostile-report.txt');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(hostile));
    await vscode.commands.executeCommand('grounding.selectEvidence', hostile, [fixtureUri('editor', 'evidence', 'metrics.log')]);
    await vscode.commands.executeCommand('grounding.showPanel');
    const summary = await evaluateReport(hostile);
    assert.equal(summary.status, 'done');
    if (!bridgeAvailable()) return;
    const claims = await waitFor(async () => {
      const list = await texts('.claim-text', EXTENSION_WEBVIEW);
      return list.some((t) => t.includes('<script>')) && list;
    }, 10_000, 'the hostile claims to render');
    assert.ok(claims.some((t) => t.includes(`<script>document.title='pwned'</script>`)), claims.join(' | '));
    assert.ok(claims.some((t) => t.includes('<img src=x onerror=')), claims.join(' | '));
    assert.equal(await evaluate<number>('document.querySelectorAll("img").length', EXTENSION_WEBVIEW), 0);
    // No script from the report: every script element is ours (panel.js) or VS Code's own host script.
    const foreign = await evaluate<number>(
      `[...document.querySelectorAll('script')].filter((s) => s.textContent.includes('pwned') || (s.src && !s.src.endsWith('/media/dist/panel.js'))).length`,
      EXTENSION_WEBVIEW,
    );
    assert.equal(foreign, 0);
    assert.notEqual(await evaluate<string>('document.title', EXTENSION_WEBVIEW), 'pwned');
  });
});
