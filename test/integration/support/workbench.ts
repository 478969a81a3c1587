// Client of the runner's workbench bridge (test/integration/runner/bridge.js): lets a test running in
// the extension host look at what Chromium really renders — the workbench DOM, a webview's DOM —
// and save screenshots. Available under the offline runner; not under @vscode/test-electron.
import * as path from 'node:path';

/** Picks a webview's content document: by owning extension id and/or a text it contains. */
export interface WebviewFilter {
  readonly extensionId?: string;
  readonly contains?: string;
}

export interface WebviewInfo {
  readonly url: string;
  readonly extensionId: string | null;
  readonly purpose: string | null;
  readonly text: string;
}

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

/** True when the runner started this extension host with a bridge (the offline web route). */
export function bridgeAvailable(): boolean {
  return Boolean(process.env.GROUNDING_TEST_BRIDGE);
}

/** True only under `npm run test:desktop`, where no browser exists to ask. */
export function isDesktopHost(): boolean {
  return process.env.GROUNDING_TEST_HOST === 'desktop';
}

/** One request to the runner's bridge at `url`. */
export function postToBridge(url: string, op: string, request: Record<string, unknown> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ op, ...request }) });
}

async function call<T>(op: string, request: Record<string, unknown> = {}): Promise<T> {
  const url = process.env.GROUNDING_TEST_BRIDGE;
  if (!url) throw new Error('GROUNDING_TEST_BRIDGE is not set: run the suite with test/integration/run.js');
  const response = await postToBridge(url, op, request);
  const body = (await response.json()) as { ok: boolean; result?: T; error?: string };
  if (!body.ok) throw new Error(`workbench bridge ${op}: ${body.error}`);
  return body.result as T;
}

/** innerText of every element matching `selector` in the workbench, or in a webview when `webview` is given. */
export function texts(selector: string, webview?: WebviewFilter): Promise<string[]> {
  return call('texts', { selector, webview });
}

/** Evaluates a JavaScript expression in the workbench page (or a webview) and returns its JSON value. */
export function evaluate<T = unknown>(expression: string, webview?: WebviewFilter): Promise<T> {
  return call('evaluate', { expression, webview });
}

/** Every open webview's content document, with its owner and text. */
export function webviews(): Promise<WebviewInfo[]> {
  return call('webviews');
}

/**
 * Saves a PNG of the workbench (or of the first element matching `selector`). Goes to
 * `docs/images/<name>` when the runner was given --update-screenshots (README pictures),
 * otherwise to out/test/integration-artifacts/<name>. Returns the path written.
 */
export async function screenshot(name: string, selector?: string): Promise<string> {
  const dir = process.env.GROUNDING_UPDATE_SCREENSHOTS
    ? path.join(repoRoot, 'docs', 'images')
    : (process.env.GROUNDING_TEST_ARTIFACTS ?? path.join(repoRoot, 'out', 'test', 'integration-artifacts'));
  const result = await call<{ path: string }>('screenshot', { path: path.join(dir, name), selector });
  return result.path;
}

/**
 * Polls `probe` until it returns a value other than undefined/false, or throws after `timeoutMs`
 * with the last probe error — the DOM updates asynchronously after an API call returns.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}` + (lastError ? `: ${String(lastError)}` : ''));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
