// The test server itself, driven by the real openai client: if it misbehaves, every judge test lies.
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { chatJson, embeddingFor, startOpenAITestServer, status, type OpenAITestServer } from '../support/openai-test-server';

describe('openai test server', () => {
  let server: OpenAITestServer;
  let client: OpenAI;
  beforeEach(async () => {
    server = await startOpenAITestServer();
    client = new OpenAI({ apiKey: 'sk-test-server', baseURL: server.baseURL, maxRetries: 0 });
  });
  afterEach(() => server.close());

  it('answers chat completions from the queue in order and records each request', async () => {
    server.scriptChat(chatJson({ a: 1 }), status(500, 'boom'));
    const first = await client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(first.choices[0].message.content, '{"a":1}');
    assert.equal(first.model, 'm1');
    await assert.rejects(client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'again' }] }), (e: unknown) => e instanceof OpenAI.APIError && e.status === 500);
    assert.equal(server.requestsTo('/chat/completions').length, 2);
    assert.equal(server.requests[0].body.messages[0].content, 'hi');
    assert.equal(server.requests[0].headers.authorization, 'Bearer sk-test-server');
  });

  it('refuses json_schema response_format with a 400 when structured outputs are off', async () => {
    server.setStructuredOutputs(false);
    server.scriptChat(chatJson({ ok: true }));
    const create = client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 'X', schema: { type: 'object' }, strict: true } },
    });
    await assert.rejects(create, (e: unknown) => e instanceof OpenAI.BadRequestError && /response_format/.test(e.message));
    // The refused request did not consume the scripted reply.
    assert.equal(server.pendingChat(), 1);
  });

  it('returns deterministic unit embeddings in float and base64 encodings', async () => {
    const viaBase64 = await client.embeddings.create({ model: 'e', input: ['alpha', 'beta'], dimensions: 8 });
    const viaFloat = await client.embeddings.create({ model: 'e', input: 'alpha', dimensions: 8, encoding_format: 'float' });
    assert.equal(server.requests[0].body.encoding_format, 'base64');
    assert.deepEqual(viaBase64.data[0].embedding, embeddingFor('alpha', 8));
    assert.deepEqual(viaFloat.data[0].embedding, embeddingFor('alpha', 8));
    const norm = Math.hypot(...viaBase64.data[1].embedding);
    assert.ok(Math.abs(norm - 1) < 1e-6);
    assert.notDeepEqual(viaBase64.data[0].embedding, viaBase64.data[1].embedding);
  });

  it('answers 500 when no reply is scripted, so unexpected calls are visible', async () => {
    await assert.rejects(client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }), /no scripted reply left/);
  });
});
