// Encoders: the hash cache and passage splitting (pure), the embedded USE-lite encoder (real
// weights, offline — also in a child process whose networking is disabled), and the
// OpenAI-compatible encoder against a real HTTP server on 127.0.0.1 through the real client.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddingCache, EncoderError, embedWithCache, splitPassages } from '../../src/core/geometry/encoder';
import { EMBEDDED_ENCODER_ID, getEmbeddedEncoder } from '../../src/core/geometry/embedded-encoder';
import { OpenAiEncoder, openAiEncoderFromEnv } from '../../src/core/geometry/openai-encoder';
import { computeSgi } from '../../src/core/geometry/sgi';
import { dot, norm } from '../../src/core/geometry/vector';
import { embeddingFor, startOpenAITestServer, status, type OpenAITestServer } from '../support/openai-test-server';

const REPO = join(__dirname, '../../..');

describe('embedding cache', () => {
  it('embeds each distinct text once, in batches of at most batchSize, and serves repeats from the cache', async () => {
    const batches: string[][] = [];
    const embed = async (batch: string[]) => {
      batches.push(batch);
      return batch.map((t) => Float32Array.of(t.length));
    };
    const cache = new EmbeddingCache();
    const first = await embedWithCache(['a', 'bb', 'a', 'ccc', 'dddd', 'eeeee'], cache, 2, embed);
    assert.deepEqual(batches, [['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    assert.deepEqual(first.map((v) => v[0]), [1, 2, 1, 3, 4, 5]);
    const second = await embedWithCache(['bb', 'ffffff'], cache, 2, embed);
    assert.deepEqual(batches.at(-1), ['ffffff']);
    assert.equal(second[0], first[1]);
  });

  it('evicts the least recently used entry beyond its capacity', () => {
    const cache = new EmbeddingCache(2);
    cache.set('a', Float32Array.of(1));
    cache.set('b', Float32Array.of(2));
    cache.get('a');
    cache.set('c', Float32Array.of(3));
    assert.equal(cache.get('b'), undefined);
    assert.ok(cache.get('a'));
    assert.equal(cache.size, 2);
  });

  it('an encoder returning the wrong number of vectors is an EncoderError', async () => {
    await assert.rejects(embedWithCache(['a', 'b'], new EmbeddingCache(), 8, async () => [Float32Array.of(1)]), EncoderError);
  });

  it('stops before the next batch once aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(embedWithCache(['a'], new EmbeddingCache(), 8, async (b) => b.map(() => Float32Array.of(0)), controller.signal), /abort/i);
  });
});

describe('passages', () => {
  it('splits on blank lines and keeps exact offsets', () => {
    const text = '  First block here.\n\n\nSecond block.  \n';
    const passages = splitPassages(text);
    assert.deepEqual(
      passages.map((p) => p.text),
      ['First block here.', 'Second block.'],
    );
    for (const p of passages) assert.equal(text.slice(p.start, p.end), p.text);
  });

  it('packs a long prose block sentence by sentence up to maxWords', () => {
    // 2 + 2 > 3 starts a new passage; 2 + 1 ≤ 3 packs together.
    const text = 'One two. Three four. Five.';
    assert.deepEqual(
      splitPassages(text, { maxWords: 3 }).map((p) => p.text),
      ['One two.', 'Three four. Five.'],
    );
  });

  it('packs a long multi-line block (a log) line by line', () => {
    const text = 'a b\nc d\ne f';
    const passages = splitPassages(text, { maxWords: 4 });
    assert.deepEqual(
      passages.map((p) => p.text),
      ['a b\nc d', 'e f'],
    );
    for (const p of passages) assert.equal(text.slice(p.start, p.end), p.text);
  });

  it('whitespace gives no passage', () => {
    assert.deepEqual(splitPassages(' \n\n\t'), []);
  });
});

describe('embedded encoder (USE-lite, bundled weights)', function () {
  this.timeout(120_000);
  const encoder = getEmbeddedEncoder();

  it('gives 512-d unit vectors; a paraphrase is nearer than an unrelated sentence', async () => {
    const [a, paraphrase, unrelated] = await encoder.embed([
      'The database server ran out of disk space at noon.',
      'At 12:00 the DB host had no free disk left.',
      'My grandmother grows tomatoes in her garden.',
    ]);
    assert.equal(encoder.id, EMBEDDED_ENCODER_ID);
    assert.equal(a.length, 512);
    assert.ok(Math.abs(norm(a) - 1) < 1e-3);
    assert.ok(dot(a, paraphrase) > dot(a, unrelated) + 0.2, `paraphrase ${dot(a, paraphrase)} vs unrelated ${dot(a, unrelated)}`);
  });

  it('serves a repeated text from the cache (the same vector object)', async () => {
    const [first] = await encoder.embed(['cache me']);
    const [second] = await encoder.embed(['cache me']);
    assert.equal(first, second);
  });

  it('an empty text has no direction (zero vector) instead of crashing the tokenizer', async () => {
    const [empty] = await encoder.embed(['']);
    assert.equal(norm(empty), 0);
  });

  it('SGI: an answer drawn from the document scores above an answer that ignores it', async () => {
    const question = 'How long can deleted files on the Business plan be recovered?';
    const context =
      'On the Business plan, deleted files are moved to a recovery area and can be restored for 90 days from the date of deletion; after 90 days they are permanently purged.';
    const grounded = 'On the Business plan a deleted file can be restored for 90 days, after which it is purged.';
    const offTopic = 'Our company was founded in 2009 and has offices in three countries.';
    const g = await computeSgi({ question, context, response: grounded, encoder, reviewThreshold: 0.95 });
    const u = await computeSgi({ question, context, response: offTopic, encoder, reviewThreshold: 0.95 });
    assert.ok(g.value > u.value, `grounded ${g.value} vs off-topic ${u.value}`);
  });
});

describe('the embedded encoder with networking disabled', function () {
  this.timeout(120_000);
  // A preload that makes every way out of the process throw; the model must still load and embed.
  const dir = mkdtempSync(join(tmpdir(), 'no-network-'));
  const preload = join(dir, 'no-network.js');
  writeFileSync(
    preload,
    `'use strict';
const fail = (what) => () => { throw new Error('network disabled in this test: ' + what); };
const net = require('node:net'); net.connect = net.createConnection = fail('net.connect'); net.Socket.prototype.connect = fail('socket.connect');
const tls = require('node:tls'); tls.connect = fail('tls.connect');
for (const m of ['node:http', 'node:https']) { const h = require(m); h.request = h.get = fail(m + '.request'); }
const dns = require('node:dns'); dns.lookup = fail('dns.lookup'); dns.promises.lookup = fail('dns.promises.lookup');
globalThis.fetch = fail('fetch');
`,
  );
  const run = (args: string[]) => spawnSync(process.execPath, ['--require', preload, ...args], { cwd: REPO, encoding: 'utf8', timeout: 110_000 });

  it('the preload really blocks the network', () => {
    const probe = run(['-e', "require('node:http').get('http://127.0.0.1:9')"]);
    assert.notEqual(probe.status, 0);
    assert.match(probe.stderr, /network disabled/);
  });

  it('loads USE-lite from the bundled weights and embeds', () => {
    const script = `
const { getEmbeddedEncoder } = require(${JSON.stringify(join(REPO, 'out/src/core/geometry/embedded-encoder.js'))});
getEmbeddedEncoder().embed(['offline works', 'still offline']).then((v) => console.log('dims', v.length, v[0].length));`;
    const result = run(['-e', script]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /dims 2 512/);
  });

  it('the bundled CLI (dist/cli.js) loads the external encoder packages offline', function () {
    const cli = join(REPO, 'dist/cli.js');
    if (!existsSync(cli)) this.skip(); // `npm test` builds dist/ first; a bare mocha run may not have it
    const data = join(dir, 'labelled.jsonl');
    writeFileSync(
      data,
      [
        { question: 'Where is the head office?', context: 'The head office is in Delhi.', response: 'Delhi', label: 0 },
        { question: 'Where is the head office?', context: 'The head office is in Delhi.', response: 'It is in Mumbai, the capital of finance.', label: 1 },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const result = run([cli, 'calibrate', data, '--format', 'json']);
    assert.equal(result.status, 0, result.stderr);
    const out = JSON.parse(result.stdout);
    assert.equal(out.encoder, EMBEDDED_ENCODER_ID);
    assert.equal(out.fit.n, 2);
  });
});

describe('OpenAI-compatible encoder (real HTTP on 127.0.0.1)', () => {
  let server: OpenAITestServer;
  beforeEach(async () => {
    server = await startOpenAITestServer({ embeddingDimensions: 16 });
  });
  afterEach(async () => {
    await server.close();
  });

  it('embeds through /v1/embeddings in float format, in order, sending the key as a bearer token', async () => {
    const encoder = new OpenAiEncoder({ model: 'embed-small', baseURL: server.baseURL, apiKey: 'secret-test-key', maxRetries: 0 });
    const vectors = await encoder.embed(['alpha', 'beta']);
    assert.equal(encoder.id, 'openai:embed-small');
    assert.deepEqual(Array.from(vectors[0]), Array.from(Float32Array.from(embeddingFor('alpha', 16))));
    assert.deepEqual(Array.from(vectors[1]), Array.from(Float32Array.from(embeddingFor('beta', 16))));
    const [request] = server.requestsTo('/v1/embeddings');
    assert.equal(request.body.model, 'embed-small');
    assert.equal(request.body.encoding_format, 'float');
    assert.deepEqual(request.body.input, ['alpha', 'beta']);
    assert.equal(request.headers.authorization, 'Bearer secret-test-key');
  });

  it('caches: a repeated text is not requested again', async () => {
    const encoder = new OpenAiEncoder({ model: 'm', baseURL: server.baseURL, maxRetries: 0 });
    await encoder.embed(['one', 'two']);
    await encoder.embed(['two', 'three']);
    const inputs = server.requestsTo('/v1/embeddings').map((r) => r.body.input);
    assert.deepEqual(inputs, [['one', 'two'], ['three']]);
  });

  it('a failing endpoint is an EncoderError naming the status, never the key', async () => {
    server.scriptEmbeddings(status(500, 'upstream exploded'));
    const encoder = new OpenAiEncoder({ model: 'm', baseURL: server.baseURL, apiKey: 'sk-do-not-print', maxRetries: 0 });
    await assert.rejects(encoder.embed(['x']), (error: unknown) => {
      assert.ok(error instanceof EncoderError);
      assert.match(error.message, /500/);
      assert.doesNotMatch(error.message, /sk-do-not-print/);
      return true;
    });
  });

  it('is configured from the environment; with nothing configured it says what to set', () => {
    const encoder = openAiEncoderFromEnv({ GROUNDING_EMBEDDINGS_BASE_URL: server.baseURL, GROUNDING_EMBEDDINGS_MODEL: 'local-embed' });
    assert.equal(encoder.id, 'openai:local-embed');
    assert.throws(() => openAiEncoderFromEnv({}), /GROUNDING_EMBEDDINGS_BASE_URL/);
  });
});
