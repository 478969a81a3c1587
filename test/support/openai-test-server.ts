// A small OpenAI-compatible HTTP server for tests: real sockets on 127.0.0.1, so the real
// `openai` client (retries, timeouts, aborts, headers) is exercised end to end.
//
// Usage:
//   const server = await startOpenAITestServer({ structuredOutputs: true });
//   const client = new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
//   server.scriptChat(chatJson({...}), status(429), chatText('plain answer'));
//   ... run code ...
//   server.requests            // every request: method, path, headers, body (parsed JSON), rawBody
//   server.requestsTo('/v1/chat/completions').length
//   await server.close();
//
// Routes:
//   POST /v1/chat/completions  Answers from the chat queue (`scriptChat`), in order, one reply per
//                              request. An empty queue answers 500 "no scripted reply left" so a
//                              test notices an unexpected call. With `structuredOutputs: false`
//                              a request carrying `response_format` {type: "json_schema"} gets a
//                              400 naming `response_format` (like servers without structured
//                              outputs) *before* the queue is consulted.
//   POST /v1/embeddings        Deterministic unit vectors: each input string is hashed (FNV-1a)
//                              into the seed of a small PRNG, so the same text always gives the
//                              same vector and different texts give (almost) orthogonal ones.
//                              Dimension: the request's `dimensions`, else the option
//                              `embeddingDimensions` (default 64). Honours `encoding_format`
//                              "float" and "base64" (the openai client asks for base64 by
//                              default: little-endian float32). `scriptEmbeddings` queues
//                              replies (e.g. a 500) that take precedence over the vectors;
//                              `embeddingFor(text, dim)` gives the vector the server will return.
//   GET  /v1/models            A one-model list.
//
// A reply is a `ScriptedReply` or a function of the recorded request returning one, e.g. to
// answer each chunk with verdicts for the claim ids its prompt contains: `judgePromptIds(request)`
// reads the claim and evidence ids back from a judge prompt, `judgeAnswer(verdicts)` builds an
// answer in the judge's wire format. Any reply may carry
// `delayMs` (a response slower than the client's timeout); the timer is cleared when the
// client hangs up, so aborted requests leave nothing running.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  body: any;
  rawBody: string;
}

export type ScriptedReply =
  /** A chat completion whose message content is `content` (objects are JSON-encoded). */
  | { kind: 'chat'; content: string | object; usage?: { prompt_tokens: number; completion_tokens: number }; finishReason?: string; delayMs?: number }
  /** An HTTP error (or any status) with an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string>; delayMs?: number }
  /** A chat completion whose content is the last user message of the request (prompt echo). */
  | { kind: 'echo'; delayMs?: number }
  /** A 200 whose body is not JSON at all (a broken proxy). */
  | { kind: 'raw'; status: number; body: string; contentType?: string; delayMs?: number }
  /** Headers and the first part of a body, then nothing more until the client hangs up (a server stalled mid-body). */
  | { kind: 'stall'; status: number; partial: string; contentType?: string; delayMs?: number };

export type ReplyScript = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface OpenAITestServerOptions {
  /** When false, chat requests with a json_schema `response_format` are refused with a 400. Default true. */
  structuredOutputs?: boolean;
  /** Default embedding dimension (default 64). */
  embeddingDimensions?: number;
  /** Model id reported in responses when the request names none. */
  model?: string;
  /**
   * Address to listen on (default 127.0.0.1). An IPv4 address of this machine's own network
   * interface gives an endpoint that is not loopback by name (the extension asks consent for it).
   */
  host?: string;
}

export interface OpenAITestServer {
  /** `http://HOST:PORT/v1` (HOST 127.0.0.1 unless given), ready for `new OpenAI({ baseURL })`. */
  readonly baseURL: string;
  readonly port: number;
  /** Every request received, in arrival order (including refused ones). */
  readonly requests: RecordedRequest[];
  requestsTo(path: string): RecordedRequest[];
  scriptChat(...replies: ReplyScript[]): void;
  scriptEmbeddings(...replies: ReplyScript[]): void;
  /** The most requests that were open at the same time (to check a client's concurrency bound). */
  maxInFlight(): number;
  /** Scripted chat replies not consumed yet. */
  pendingChat(): number;
  /** Switches structured-output support at run time. */
  setStructuredOutputs(enabled: boolean): void;
  /** Clears the request log and both queues. */
  reset(): void;
  close(): Promise<void>;
}

/** A chat completion reply whose content is `content` (JSON-encoded when an object). */
export function chatJson(content: object, extra: Partial<Extract<ScriptedReply, { kind: 'chat' }>> = {}): ScriptedReply {
  return { kind: 'chat', content, ...extra };
}

/** A chat completion reply whose content is the given text, verbatim. */
export function chatText(content: string, extra: Partial<Extract<ScriptedReply, { kind: 'chat' }>> = {}): ScriptedReply {
  return { kind: 'chat', content, ...extra };
}

export function status(code: number, message?: string, headers?: Record<string, string>): ScriptedReply {
  return { kind: 'status', status: code, message, headers };
}

/**
 * What a judge prompt carried: the ids of its claim lines (`{"id","text"}`, under the CLAIMS
 * heading) and of its evidence lines (`{"id","text"}`, under the EVIDENCE heading), and the user message.
 */
export function judgePromptIds(request: RecordedRequest): { claims: string[]; evidence: string[]; user: string } {
  const user: string = request.body?.messages?.find((m: { role: string }) => m.role === 'user')?.content ?? '';
  const claims: string[] = [];
  const evidence: string[] = [];
  let section: string[] | undefined;
  for (const line of user.split('\n')) {
    if (line.startsWith('CLAIMS')) section = claims;
    else if (line.startsWith('EVIDENCE')) section = evidence;
    else if (line.startsWith('{"id":')) section?.push((JSON.parse(line) as { id: string }).id);
  }
  return { claims, evidence, user };
}

/** A judge answer in the judge's wire format (src/core/judge/openai/wire.ts): resolved unless `extra` says otherwise. */
export function judgeAnswer(verdicts: object[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    verdicts,
    sub_claims: [],
    gaps: [],
    contradictions: [],
    verification_needed: false,
    verification_reason: '',
    explanation: 'The causal claim is not supported.',
    grounding_score: 0.7,
    decision_status: 'resolved',
    abstain_reason: null,
    ...extra,
  };
}

/** The vector the server returns for `text` at dimension `dim`: deterministic, unit length. */
export function embeddingFor(text: string, dim: number): number[] {
  // FNV-1a over UTF-16 code units seeds a mulberry32 generator.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let state = hash;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const vector = Array.from({ length: dim }, () => next() * 2 - 1);
  const norm = Math.hypot(...vector) || 1;
  // Rounded through float32 so base64 and float encodings give the same numbers.
  return vector.map((x) => Math.fround(x / norm));
}

export async function startOpenAITestServer(options: OpenAITestServerOptions = {}): Promise<OpenAITestServer> {
  let structuredOutputs = options.structuredOutputs ?? true;
  const defaultDim = options.embeddingDimensions ?? 64;
  const requests: RecordedRequest[] = [];
  let chatQueue: ReplyScript[] = [];
  let embeddingQueue: ReplyScript[] = [];
  let completionCounter = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const server: Server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => void (inFlight -= 1));
    void readBody(req).then((rawBody) => {
      let body: any;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0];
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body, rawBody };
      requests.push(recorded);
      route(recorded, res);
    });
  });

  function route(request: RecordedRequest, res: ServerResponse): void {
    if (request.method === 'GET' && request.path === '/v1/models') {
      return send(res, 200, { object: 'list', data: [{ id: options.model ?? 'test-model', object: 'model', created: 0, owned_by: 'test' }] });
    }
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      if (request.body === undefined) return sendError(res, 400, 'request body is not JSON');
      if (!structuredOutputs && request.body.response_format?.type === 'json_schema') {
        return sendError(res, 400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported by this server.", 'response_format');
      }
      const script = chatQueue.shift();
      if (!script) return sendError(res, 500, 'test server: no scripted reply left');
      return reply(typeof script === 'function' ? script(request) : script, request, res);
    }
    if (request.method === 'POST' && request.path === '/v1/embeddings') {
      if (request.body === undefined) return sendError(res, 400, 'request body is not JSON');
      const script = embeddingQueue.shift();
      if (script) return reply(typeof script === 'function' ? script(request) : script, request, res);
      return sendEmbeddings(request, res);
    }
    sendError(res, 404, `test server: no route ${request.method} ${request.path}`);
  }

  function reply(scripted: ScriptedReply, request: RecordedRequest, res: ServerResponse): void {
    const respond = () => {
      switch (scripted.kind) {
        case 'status':
          return sendError(res, scripted.status, scripted.message ?? `scripted status ${scripted.status}`, undefined, scripted.headers);
        case 'raw':
          res.writeHead(scripted.status, { 'content-type': scripted.contentType ?? 'text/plain' });
          res.end(scripted.body);
          return;
        case 'stall':
          res.writeHead(scripted.status, { 'content-type': scripted.contentType ?? 'application/json' });
          res.write(scripted.partial);
          return;
        case 'echo': {
          const messages: Array<{ role: string; content: unknown }> = request.body?.messages ?? [];
          const lastUser = [...messages].reverse().find((m) => m.role === 'user');
          return sendChat(res, request, typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content ?? ''));
        }
        case 'chat':
          return sendChat(
            res,
            request,
            typeof scripted.content === 'string' ? scripted.content : JSON.stringify(scripted.content),
            scripted.usage,
            scripted.finishReason,
          );
      }
    };
    if (!scripted.delayMs) return respond();
    const timer = setTimeout(respond, scripted.delayMs);
    // The client gave up (timeout or abort): never write to a closed socket, leave no timer behind.
    res.on('close', () => clearTimeout(timer));
  }

  function sendChat(
    res: ServerResponse,
    request: RecordedRequest,
    content: string,
    usage?: { prompt_tokens: number; completion_tokens: number },
    finishReason = 'stop',
  ): void {
    completionCounter += 1;
    // Rough token counts (4 characters a token) unless the script names them.
    const promptTokens = usage?.prompt_tokens ?? Math.ceil(request.rawBody.length / 4);
    const completionTokens = usage?.completion_tokens ?? Math.ceil(content.length / 4);
    send(res, 200, {
      id: `chatcmpl-test-${completionCounter}`,
      object: 'chat.completion',
      created: 0,
      model: request.body?.model ?? options.model ?? 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finishReason, logprobs: null }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }

  function sendEmbeddings(request: RecordedRequest, res: ServerResponse): void {
    const input: unknown = request.body.input;
    const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((x) => typeof x === 'string') ? (input as string[]) : undefined;
    if (!texts) return sendError(res, 400, "'input' must be a string or an array of strings", 'input');
    const dim = Number.isInteger(request.body.dimensions) && request.body.dimensions > 0 ? request.body.dimensions : defaultDim;
    const base64 = request.body.encoding_format === 'base64';
    const data = texts.map((text, index) => {
      const vector = embeddingFor(text, dim);
      const embedding = base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    send(res, 200, { object: 'list', data, model: request.body.model ?? 'test-embedding', usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    port,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path || r.path === `/v1${path}`),
    scriptChat: (...replies) => void chatQueue.push(...replies),
    scriptEmbeddings: (...replies) => void embeddingQueue.push(...replies),
    maxInFlight: () => maxInFlight,
    pendingChat: () => chatQueue.length,
    setStructuredOutputs: (enabled) => void (structuredOutputs = enabled),
    reset: () => {
      requests.length = 0;
      maxInFlight = inFlight;
      chatQueue = [];
      embeddingQueue = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function send(res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(code, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, code: number, message: string, param?: string, headers?: Record<string, string>): void {
  const type = code === 429 ? 'rate_limit_exceeded' : code >= 500 ? 'server_error' : 'invalid_request_error';
  send(res, code, { error: { message, type, param: param ?? null, code: null } }, headers);
}

/** A judge reply marking every claim of the request grounded: clearly the server's verdicts, not the offline judge's. */
export function allGrounded(request: RecordedRequest): ScriptedReply {
  return chatJson(judgeAnswer(judgePromptIds(request).claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'synthesis', evidence_refs: [], reason: 'supported' }))));
}
