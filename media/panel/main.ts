/// <reference lib="dom" />
// The panel's script, running inside the webview. Everything is built with DOM APIs and
// textContent — never innerHTML — so report and evidence text always shows as text. Messages
// from the extension are validated with the same zod schemas the extension uses.
import { z } from 'zod';
import { FromWebviewSchema, ToWebviewSchema, type FromWebview, type PanelClaim, type PanelState } from '../../src/vscode/panel/messages';

// The webview's CSP has no 'unsafe-eval': tell zod not to probe for `new Function`.
z.config({ jitless: true });

declare function acquireVsCodeApi(): { postMessage(message: unknown): void; getState(): unknown; setState(state: unknown): void };
const vscode = acquireVsCodeApi();

type Filter = 'all' | PanelClaim['partition'];
const PARTITIONS = ['grounded', 'ungrounded', 'contradicted', 'complementary'] as const;
const LABEL: Record<PanelClaim['partition'], string> = {
  grounded: 'Grounded',
  ungrounded: 'Ungrounded',
  contradicted: 'Contradicted',
  complementary: 'Complementary',
};

const saved = vscode.getState() as { filter?: Filter } | undefined;
let filter: Filter = saved?.filter ?? 'all';
let current: PanelState | null = null;
let busy = false;
/** Shown while judging: the remote judge's cost estimate, given before its first call. */
let busyNote: string | undefined;

function post(message: FromWebview): void {
  vscode.postMessage(FromWebviewSchema.parse(message));
}

/** Creates an element with classes, attributes and text children. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; text?: string; attrs?: Record<string, string> } = {},
  ...children: (Node | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const node = el('button', { text: label, attrs: { type: 'button', ...attrs } });
  node.addEventListener('click', onClick);
  return node;
}

function card(title: string, id: string, ...body: (Node | null)[]): HTMLElement {
  return el('section', { class: 'card', attrs: { 'aria-labelledby': id } }, el('h2', { text: title, attrs: { id } }), ...body);
}

function notComputed(what: string): HTMLElement {
  return el('p', { class: 'muted not-computed', text: `Not computed — ${what}` });
}

function fixed(value: number | undefined, digits = 3): string {
  return value === undefined ? '—' : value.toFixed(digits);
}

function definitionList(rows: [string, string | undefined][]): HTMLElement {
  const list = el('dl', { class: 'facts' });
  for (const [term, value] of rows) {
    if (value === undefined) continue;
    list.append(el('dt', { text: term }), el('dd', { text: value }));
  }
  return list;
}

function gauge(state: PanelState): HTMLElement {
  const width = 300;
  const x = (value: number) => Math.max(0, Math.min(1, value)) * width;
  const { proceed, regenerate } = state.thresholds;
  const figure = svg('svg', {
    viewBox: `0 -14 ${width} 50`,
    class: 'gauge',
    role: 'img',
    'aria-label': `S ${state.score.toFixed(3)} on a scale from 0 to 1; regenerate from ${regenerate}, proceed from ${proceed}`,
  });
  figure.append(
    svg('rect', { x: 0, y: 0, width: x(regenerate), height: 10, class: 'band band-replan' }),
    svg('rect', { x: x(regenerate), y: 0, width: x(proceed) - x(regenerate), height: 10, class: 'band band-regenerate' }),
    svg('rect', { x: x(proceed), y: 0, width: width - x(proceed), height: 10, class: 'band band-proceed' }),
  );
  // One row per threshold label, so close thresholds never print over each other.
  for (const [value, name, row] of [
    [regenerate, 'τ_regenerate', 0],
    [proceed, 'τ_proceed', 1],
  ] as const) {
    figure.append(svg('line', { x1: x(value), x2: x(value), y1: -2, y2: 14 + row * 10, class: 'tick' }));
    const anchor = value < 0.2 ? 'start' : value > 0.8 ? 'end' : 'middle';
    const label = svg('text', { x: x(value), y: 22 + row * 10, class: 'tick-label', 'text-anchor': anchor });
    label.textContent = `${name} ${value}`;
    figure.append(label);
  }
  figure.append(svg('path', { d: `M ${x(state.score) - 5} -12 L ${x(state.score) + 5} -12 L ${x(state.score)} -2 Z`, class: 'marker' }));
  return el('div', { class: 'gauge-wrap' }, figure);
}

function scoreCard(state: PanelState): HTMLElement {
  const badge = el('span', { class: `badge decision-${state.decision}`, text: state.decision, attrs: { 'aria-label': `decision ${state.decision}` } });
  const head = el(
    'div',
    { class: 'score-head' },
    el('span', { class: 'score', text: `S ${state.score.toFixed(3)}`, attrs: { 'data-testid': 'score' } }),
    badge,
    state.degraded ? el('span', { class: 'badge degraded', text: 'degraded' }) : null,
  );
  const notes: string[] = [];
  if (state.staleClaims) notes.push(`${state.staleClaims} claim(s) edited since the review — re-evaluate`);
  if (state.reviewedClaims) notes.push(`${state.reviewedClaims} reviewer verdict(s) applied`);
  return card('Score', 'h-score', head, gauge(state), ...notes.map((note) => el('p', { class: 'muted', text: note })));
}

function partitionCard(state: PanelState): HTMLElement {
  const table = el('table', { class: 'partition', attrs: { 'aria-describedby': 'formula' } });
  table.append(el('thead', {}, el('tr', {}, el('th', { text: 'Bucket', attrs: { scope: 'col' } }), el('th', { text: 'Claims', attrs: { scope: 'col' } }), el('th', { text: 'Weight', attrs: { scope: 'col' } }))));
  const body = el('tbody');
  for (const key of PARTITIONS) {
    const weight = state.contributions[key];
    body.append(
      el(
        'tr',
        { class: `row-${key}` },
        el('th', { attrs: { scope: 'row' } }, el('span', { class: `dot dot-${key}`, attrs: { 'aria-hidden': 'true' } }), document.createTextNode(key === 'contradicted' ? `${LABEL[key]} (×ρ ${state.rho})` : LABEL[key])),
        el('td', { text: String(state.counts[key]), attrs: { 'data-testid': `count-${key}` } }),
        el('td', { text: weight.toFixed(2) }),
      ),
    );
  }
  table.append(body);
  const formula = el('p', {
    class: 'muted',
    text: `S = (G + K) / (G + U + ρX + K) = ${state.contributions.numerator.toFixed(2)} / ${state.contributions.denominator.toFixed(2)}`,
    attrs: { id: 'formula' },
  });
  return card('Partition', 'h-partition', table, formula);
}

function switchCard(state: PanelState): HTMLElement {
  const s = state.switchCard;
  if (!s) return card('GroundingSwitch', 'h-switch', notComputed('turned off (grounding.encoder.kind).'));
  if (s.status === 'pending') return card('GroundingSwitch', 'h-switch', el('p', { class: 'muted', text: 'Computing SGI/DGI…', attrs: { role: 'status' } }));
  if (s.status === 'skipped') return card('GroundingSwitch', 'h-switch', notComputed(s.note ?? 'no reason given.'));
  return card(
    'GroundingSwitch',
    'h-switch',
    definitionList([
      ['Method', s.method?.toUpperCase()],
      ['Score', fixed(s.score)],
      ['Normalized', fixed(s.normalized)],
      ['Action', s.action],
      ['Write to state', s.writeToState === undefined ? undefined : s.writeToState ? 'yes' : 'no'],
      ['Level', s.level],
    ]),
    s.reason ? el('p', { class: 'reason', text: s.reason }) : null,
  );
}

function gateCard(state: PanelState): HTMLElement {
  const g = state.gateCard;
  if (!g) return card('Grounding gate', 'h-gate', notComputed('the gate did not run for this review.'));
  if (g.status === 'skipped') return card('Grounding gate', 'h-gate', notComputed(g.note ?? 'no reason given.'));
  return card(
    'Grounding gate',
    'h-gate',
    definitionList([
      ['Claim type', g.claimType],
      ['Verdict', g.verdict],
      ['Legal next moves', g.legalNext && g.legalNext.length ? g.legalNext.join(', ') : g.legalNext ? 'any' : undefined],
      ['Budget', g.budget],
    ]),
    g.reasons && g.reasons.length ? el('ul', { class: 'reasons' }, ...g.reasons.map((reason) => el('li', { text: reason }))) : null,
  );
}

function judgeCard(state: PanelState): HTMLElement {
  const j = state.judge;
  return card(
    'Judge',
    'h-judge',
    definitionList([
      ['Kind', j.kind],
      ['Model', j.model],
      ['Tokens', j.tokens === undefined ? undefined : String(j.tokens)],
      ['Requests', j.requests === undefined ? undefined : `${j.requests}${j.cached ? ` (${j.cached} cached)` : ''}`],
      ['Evidence', `${state.evidence.items} items in ${state.evidence.files.join(', ') || '—'}`],
      ['Time', `${Math.round(state.elapsedMs)} ms`],
      ['Estimated', j.estimate],
      ['Not judged', j.notJudged ? `${j.notJudged} claim(s)` : undefined],
      ['Withheld', j.withheld ? `${j.withheld} grounded verdict(s) below the grounded cut, counted as ungrounded` : undefined],
      ['Stability', j.stability],
    ]),
    j.abstainReason ? el('p', { class: 'reason', text: `Abstained: ${j.abstainReason}` }) : null,
    j.fallbacks.length ? el('ul', { class: 'reasons', attrs: { 'aria-label': 'fallbacks' } }, ...j.fallbacks.map((f) => el('li', { text: f }))) : el('p', { class: 'muted', text: 'No fallbacks taken.' }),
  );
}

function trajectoryCard(state: PanelState): HTMLElement {
  if (!state.trajectory) return card('Loop trajectory', 'h-loop', notComputed('run Evaluate and Repair to see the rounds.'));
  const list = el('ol', { class: 'trajectory' });
  for (const round of state.trajectory) {
    const action = round.action ? ` (${round.action})` : '';
    list.append(el('li', { text: `round ${round.iteration}${action}: S ${round.score.toFixed(3)} → ${round.decision}` }));
  }
  return card('Loop trajectory', 'h-loop', list);
}

function claimsCard(state: PanelState): HTMLElement {
  // Toggle buttons (Tab, then Enter or Space): the pressed one is the filter in force.
  const filters = el('div', { class: 'filters', attrs: { role: 'group', 'aria-label': 'Show claims by partition' } });
  const options: Filter[] = ['all', ...PARTITIONS];
  for (const option of options) {
    const count = option === 'all' ? state.claims.length : state.claims.filter((c) => c.partition === option).length;
    const chip = button(`${option === 'all' ? 'All' : LABEL[option]} ${count}`, () => setFilter(option), {
      'aria-pressed': String(filter === option),
      class: `chip chip-${option}`,
      'data-filter': option,
    });
    filters.append(chip);
  }
  const list = el('ul', { class: 'claims', attrs: { 'aria-label': 'Claims' } });
  const shown = state.claims.filter((claim) => filter === 'all' || claim.partition === filter);
  for (const claim of shown) {
    const item = el('li', { class: `claim claim-${claim.partition}${claim.stale ? ' stale' : ''}`, attrs: { 'data-claim-id': claim.id } });
    const reveal = button('', () => post({ type: 'revealClaim', claimId: claim.id }), {
      class: 'claim-button',
      'aria-label': `${LABEL[claim.partition]} claim on line ${claim.line}: ${claim.text}. Reveal in editor.`,
    });
    reveal.append(
      el(
        'span',
        { class: 'claim-meta' },
        el('span', { class: `dot dot-${claim.partition}`, attrs: { 'aria-hidden': 'true' } }),
        el('span', { text: `${LABEL[claim.partition]} · ${claim.type} · line ${claim.line}` }),
        claim.reviewed ? el('span', { class: 'badge small', text: `reviewed (judge: ${claim.judged})` }) : null,
        claim.stale ? el('span', { class: 'badge small stale-badge', text: 'edited' }) : null,
        ...provenanceBadges(claim),
      ),
      el('span', { class: 'claim-text', text: claim.text }),
      el('span', { class: 'claim-reason', text: claim.reason + citedRefs(claim) }),
    );
    item.append(reveal);
    list.append(item);
  }
  if (!shown.length) list.append(el('li', { class: 'muted', text: 'No claims in this bucket.' }));
  return card('Claims', 'h-claims', filters, list);
}

/** Which judge decided (hybrid), a disagreement to review, instability over samples, not judged, withheld by the grounded cut. */
function provenanceBadges(claim: PanelClaim): (HTMLElement | null)[] {
  return [
    claim.decidedBy ? el('span', { class: 'badge small', text: `decided by ${claim.decidedBy}`, attrs: { title: claim.decidedWhy ?? '' } }) : null,
    claim.disagreement ? el('span', { class: 'badge small flag-badge', text: 'flagged for review', attrs: { title: claim.disagreement } }) : null,
    claim.unstable ? el('span', { class: 'badge small unstable-badge', text: `unstable (${Math.round((claim.agreement ?? 0) * 100)}% agree)` }) : null,
    claim.notJudged ? el('span', { class: 'badge small', text: 'not judged' }) : null,
    claim.withheld ? el('span', { class: 'badge small', text: 'withheld', attrs: { title: claim.withheld } }) : null,
  ];
}

/** The refs a reason does not already name, e.g. " [metrics.log:E4]". */
function citedRefs(claim: PanelClaim): string {
  const missing = claim.refs.filter((ref) => !claim.reason.includes(ref));
  return missing.length ? ` [${missing.join(', ')}]` : '';
}

/** Trouble in the evidence no claim cites or covers, each a link to its evidence line. */
function omissionsCard(state: PanelState): HTMLElement | null {
  if (!state.omissions.length) return null;
  const list = el('ul', { class: 'omissions', attrs: { 'aria-label': 'Omissions' } });
  for (const omission of state.omissions) {
    const open = button('', () => post({ type: 'openOmission', id: omission.id }), {
      class: 'omission-link',
      'data-omission-id': omission.id,
      'aria-label': `${omission.reason} at ${omission.file} line ${omission.line}, not mentioned by the report. Open the evidence line.`,
    });
    open.append(
      el('span', { class: 'claim-meta omission-meta', text: `${omission.id} · ${omission.file}:${omission.line} · ${omission.reason}` }),
      el('span', { class: 'omission-text', text: omission.text }),
    );
    list.append(el('li', { class: 'omission' }, open));
  }
  return card(
    'Left out of the report',
    'h-omissions',
    el('p', { class: 'muted', text: 'Trouble in the evidence that no claim cites or covers: does the conclusion still hold?' }),
    list,
  );
}

function warningsCard(state: PanelState): HTMLElement | null {
  if (!state.warnings.length) return null;
  return card('Input warnings', 'h-warnings', el('ul', { class: 'reasons' }, ...state.warnings.map((w) => el('li', { text: w }))));
}

function toolbar(hasState: boolean): HTMLElement {
  const bar = el('div', { class: 'toolbar', attrs: { role: 'toolbar', 'aria-label': 'Review actions' } });
  bar.append(button('Evaluate', () => post({ type: 'run', command: 'evaluate' }), { class: 'primary' }));
  bar.append(button('Select evidence…', () => post({ type: 'run', command: 'selectEvidence' })));
  if (hasState) {
    bar.append(button('Export audit', () => post({ type: 'run', command: 'exportAudit' })));
    bar.append(button('Clear', () => post({ type: 'run', command: 'clear' })));
  }
  return bar;
}

function setFilter(next: Filter): void {
  filter = next;
  vscode.setState({ filter });
  render();
  document.querySelector<HTMLButtonElement>(`[data-filter="${next}"]`)?.focus();
}

function render(): void {
  const app = document.getElementById('app');
  if (!app) return;
  const children: (Node | null)[] = [];
  children.push(busy ? el('p', { class: 'busy', text: busyNote ? `Judging… (${busyNote})` : 'Judging…', attrs: { role: 'status' } }) : null);
  if (!current) {
    children.push(el('p', { class: 'muted', text: 'No review for the active report yet. Open a report and run Grounding: Evaluate.' }), toolbar(false));
  } else {
    children.push(
      el('h1', { class: 'report-name', text: current.report.name }),
      toolbar(true),
      scoreCard(current),
      partitionCard(current),
      claimsCard(current),
      omissionsCard(current),
      switchCard(current),
      gateCard(current),
      judgeCard(current),
      trajectoryCard(current),
      warningsCard(current),
    );
  }
  app.replaceChildren(...children.filter((c): c is Node => c !== null));
  post({ type: 'rendered', claims: current?.claims.length ?? 0, score: current ? current.score.toFixed(3) : null });
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const parsed = ToWebviewSchema.safeParse(event.data);
  if (!parsed.success) return; // Not ours or malformed: ignore rather than render half a state.
  const message = parsed.data;
  if (message.type === 'state') {
    current = message.state;
    busy = message.busy;
    busyNote = message.note;
  } else {
    filter = message.partition;
  }
  render();
});

render();
post({ type: 'ready' });
