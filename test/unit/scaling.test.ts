// Issue 19, findings 5–7: inputs that used to cost the square of their size. The bounds are on
// what is built (fields copied, characters indexed, lines per parse), not on time; speed is
// measured by `npm run bench -- scaling`.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseEvidence } from '../../src/core/evidence';
import { MAX_RECORD_FIELDS } from '../../src/core/evidence/json-document';
import { independentChunks } from '../../src/core/evidence/markdown-document';
import { buildEvidenceIndex, extractFeatures } from '../../src/core/retrieval';

describe('scaling: inputs that used to be quadratic', () => {
  it('a JSON object of 3,000 keys indexes in space linear in its size (every leaf copied all 3,000 siblings)', () => {
    const keys = 3_000;
    const document = JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`setting_${i}`, `value-${i}`])), null, 2);
    const { items } = parseEvidence({ file: 'settings.json', text: document });
    assert.equal(items.length, keys);
    const index = buildEvidenceIndex(items);
    let fields = 0;
    let characters = 0;
    for (const unit of index.items) {
      fields += Object.keys(unit.features.fields).length + Object.keys(unit.item.fields).length;
      characters += unit.text.length;
    }
    // Each leaf holds its own member (once as the item's field, once as the unit's feature):
    // before, 2 × 3,000 × 3,000 = 18 million fields and 3,000 × ~60,000 characters.
    assert.ok(fields <= 4 * keys, `${fields} fields for ${keys} keys`);
    assert.ok(characters <= 60 * keys, `${characters} characters indexed for ${keys} keys`);
    assert.deepEqual(items[7]!.fields, { setting_7: 'value-7' });
  });

  it('a record keeps all its scalar members up to the cut, so rows still carry their host', () => {
    const record = Object.fromEntries(Array.from({ length: MAX_RECORD_FIELDS }, (_, i) => [`f${i}`, i]));
    const { items } = parseEvidence({ file: 'row.json', text: JSON.stringify({ row: { host: 'db-1', ...record } }) });
    // host + 64 numbers = 65 members: one past the cut, so it is a map.
    assert.deepEqual(items[0]!.fields, { host: 'db-1' });
    const { items: small } = parseEvidence({ file: 'row.json', text: JSON.stringify({ row: { host: 'db-1', cpu_pct: 97.2 } }) });
    assert.deepEqual(small[1]!.fields, { host: 'db-1', cpu_pct: '97.2' });
  });

  it('a long Markdown document is parsed in pieces of bounded size that put it back together exactly', () => {
    const blocks: string[] = ['# Notes', ''];
    for (let i = 0; i < 5_000; i++) blocks.push(i % 3 === 0 ? `- db-${i}: CPU 5%` : `CPU on db-${i} was 5%.`, '');
    blocks.splice(2_000, 0, '```', 'inside a fence', '', 'Still inside', '```', '');
    const text = blocks.join('\n');
    const chunks = independentChunks(text);
    assert.equal(chunks.map((chunk) => chunk.text).join(''), text);
    assert.ok(chunks.length >= 20, `${chunks.length} pieces`);
    for (const chunk of chunks) {
      assert.equal(text.slice(chunk.offset, chunk.offset + chunk.text.length), chunk.text);
      assert.ok(chunk.text.split('\n').length <= 410, `a piece of ${chunk.text.split('\n').length} lines`);
      // Never cut inside the fence.
      assert.equal((chunk.text.match(/^```/gm) ?? []).length % 2, 0);
    }
  });

  it('reads key=value fields as the former pattern did, on random texts of key characters, quotes and separators', () => {
    // The former pattern, which tried the key at every character of a long token.
    const FORMER = /([A-Za-z_][\w.-]*)=("[^"]*"|'[^']*'|[^\s,;]+)/g;
    const former = (text: string): Record<string, string> => {
      const fields: Record<string, string> = {};
      for (const match of text.matchAll(FORMER)) fields[match[1]!.toLowerCase()] = match[2]!.replace(/^["']|["']$/g, '');
      return fields;
    };
    const piece = fc.constantFrom('a', 'B', '_', '1', '.', '-', '=', ' ', ',', ';', '"', "'", 'x=1', 'é', ':');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join('')), (text) => {
        assert.deepEqual(extractFeatures(text).fields, former(text));
      }),
      { numRuns: 5_000 },
    );
  });
});
