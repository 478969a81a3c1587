// Which endpoints stay on this machine: sending to them needs no consent (the editor asks before
// the first call anywhere else). Expected values from how each address is routed.
import assert from 'node:assert/strict';
import { isLoopbackEndpoint } from '../../src/core/judge/openai';

describe('isLoopbackEndpoint', () => {
  it('accepts the local host under every name a client reaches it by', () => {
    for (const endpoint of [
      'http://localhost:11434/v1',
      'http://LOCALHOST/v1',
      'http://llm.localhost:8080/v1',
      'http://127.0.0.1:1234/v1',
      'http://127.3.4.5/v1',
      'http://[::1]:8000/v1',
      'http://[::ffff:127.0.0.1]:8000/v1',
      'http://0.0.0.0:8000/v1',
    ]) {
      assert.equal(isLoopbackEndpoint(endpoint), true, endpoint);
    }
  });

  it('rejects remote hosts, look-alikes and malformed URLs', () => {
    for (const endpoint of [
      'https://api.openai.com/v1',
      'http://127.0.0.1.nip.io/v1',
      'http://128.0.0.1/v1',
      'http://[::ffff:10.0.0.1]/v1',
      'http://10.0.0.5:8000/v1',
      'not a url',
    ]) {
      assert.equal(isLoopbackEndpoint(endpoint), false, endpoint);
    }
  });
});
