// The workbench bridge: tests run in VS Code's Node extension host, but the rendered workbench
// (editor DOM, webview iframes) lives in Chromium, driven by playwright in the runner process.
// This tiny loopback HTTP endpoint lets a test ask the runner to look at the page for it.
//
// POST <url> with JSON { op, ... }; answers { ok: true, result } or { ok: false, error }.
//   screenshot { path, selector? }            -> { path, bytes }     (PNG written by the runner)
//   texts      { selector, webview? }         -> string[]            (innerText of each match)
//   evaluate   { expression, webview? }       -> any JSON value      (expression evaluated in the page)
//   webviews   {}                             -> [{ url, extensionId, purpose, text }]
//   log        { lines }                      -> null   (the suite's output, printed by the runner)
//   finished   { counts, phaseTests? }        -> null   (the suite ran to its end)
//   exit       { code }                      -> null   (the test harness's run() settled: dialogs phase)
// `webview` picks a webview's content frame instead of the workbench: { extensionId?, contains? }
// (VS Code nests each webview's document in an iframe, `#active-frame`, inside an outer iframe
// whose URL carries the owning extension's id).
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const WEBVIEW_HOST_PAGE = '/webview/browser/pre/index.html';
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The documents of open webviews. Each webview is an outer iframe (VS Code's host page) holding its
 * content in a child iframe whose id becomes `active-frame` once shown; playwright's frame.name()
 * keeps the id the frame was created with (`pending-frame`), so the id is read from the element.
 */
async function webviewContentFrames(page) {
  const frames = [];
  for (const frame of page.frames()) {
    const parent = frame.parentFrame();
    if (!parent || !parent.url().includes(WEBVIEW_HOST_PAGE)) continue;
    const id = await frame.frameElement().then((element) => element.getAttribute('id')).catch(() => null);
    if (id === 'active-frame') frames.push(frame);
  }
  return frames;
}

function describeWebviewFrame(frame) {
  const outer = new URL(frame.parentFrame().url());
  return { url: outer.toString(), extensionId: outer.searchParams.get('extensionId'), purpose: outer.searchParams.get('purpose') };
}

async function frameText(frame) {
  return frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
}

/** The frame a request is about: the workbench, or the first webview matching the filter. */
async function targetFrame(page, webview) {
  if (!webview) return page.mainFrame();
  const candidates = [];
  const frames = await webviewContentFrames(page);
  for (const frame of frames) {
    const info = describeWebviewFrame(frame);
    if (webview.extensionId && info.extensionId?.toLowerCase() !== webview.extensionId.toLowerCase()) continue;
    if (webview.contains && !(await frameText(frame)).includes(webview.contains)) continue;
    candidates.push(frame);
  }
  if (candidates.length === 0) throw new Error(`no webview matches ${JSON.stringify(webview)} (open webviews: ${frames.length})`);
  return candidates[0];
}

const operations = {
  async screenshot(page, request) {
    if (typeof request.path !== 'string' || !path.isAbsolute(request.path)) throw new Error('screenshot needs an absolute "path"');
    fs.mkdirSync(path.dirname(request.path), { recursive: true });
    const buffer = request.selector
      ? await page.locator(request.selector).first().screenshot({ path: request.path })
      : await page.screenshot({ path: request.path });
    return { path: request.path, bytes: buffer.length };
  },
  async texts(page, request) {
    if (typeof request.selector !== 'string') throw new Error('texts needs a "selector"');
    const frame = await targetFrame(page, request.webview);
    return frame.$$eval(request.selector, (elements) => elements.map((element) => element.innerText ?? element.textContent ?? ''));
  },
  async evaluate(page, request) {
    if (typeof request.expression !== 'string') throw new Error('evaluate needs an "expression"');
    const frame = await targetFrame(page, request.webview);
    // A string is evaluated as an expression; a returned promise is awaited.
    return frame.evaluate(request.expression);
  },
  finished(_page, request, { onFinished }) {
    onFinished({ counts: request.counts, phaseTests: request.phaseTests });
    return null;
  },
  exit(_page, request, { onExit }) {
    onExit?.(Number(request.code));
    return null;
  },
  log(_page, request, { onLog }) {
    for (const line of Array.isArray(request.lines) ? request.lines : []) onLog(String(line));
    return null;
  },
  async webviews(page) {
    return Promise.all((await webviewContentFrames(page)).map(async (frame) => ({ ...describeWebviewFrame(frame), text: await frameText(frame) })));
  },
};

function readJson(request) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(new Error(`request is not JSON: ${error.message}`));
      }
    });
    request.on('error', reject);
  });
}

/**
 * Starts the bridge on a free 127.0.0.1 port. The URL carries a random token so only the extension
 * host this runner started (it gets the URL in GROUNDING_TEST_BRIDGE) can drive the browser.
 */
function startBridge({ getPage, onLog, onFinished, onExit }) {
  const token = crypto.randomBytes(16).toString('hex');
  const server = http.createServer(async (request, response) => {
    const reply = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== `/${token}`) return reply(404, { ok: false, error: 'not found' });
    try {
      const body = await readJson(request);
      const operation = Object.hasOwn(operations, body?.op) ? operations[body.op] : undefined;
      if (!operation) return reply(400, { ok: false, error: `unknown op "${body?.op}"; known: ${Object.keys(operations).join(', ')}` });
      const page = getPage();
      if (!page && !['log', 'finished', 'exit'].includes(body.op)) return reply(503, { ok: false, error: 'workbench page not open yet' });
      reply(200, { ok: true, result: await operation(page, body, { onLog, onFinished, onExit }) });
    } catch (error) {
      reply(200, { ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/${token}`, close: () => server.close() });
    });
  });
}

module.exports = { startBridge };
