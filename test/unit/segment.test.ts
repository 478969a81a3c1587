// Segmentation: spans, Unicode offsets, Markdown structure, clause splitting, front matter.
// Offsets below are counted by hand (UTF-16: an emoji is two units, a CJK character one).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { segmentReport } from '../../src/core/segment';
import { splitClauses } from '../../src/core/segment/clauses';
import { forEachLine } from '../../src/core/segment/positions';

const spans = (text: string, format?: 'markdown' | 'text') =>
  segmentReport(text, { format }).claims.map((claim) => [claim.text, claim.start, claim.end, claim.line] as const);
const texts = (text: string, format?: 'markdown' | 'text') => segmentReport(text, { format }).claims.map((claim) => claim.text);

describe('segment: spans and offsets', () => {
  it('counts UTF-16 units across accents, an emoji surrogate pair and CJK', () => {
    assert.deepEqual(spans('Café 😀 load hit 97%. 東京のサーバーは正常でした。'), [
      ['Café 😀 load hit 97%.', 0, 21, 1],
      ['東京のサーバーは正常でした。', 22, 36, 1],
    ]);
  });

  it('keeps offsets and 1-based lines across CRLF', () => {
    const report = 'First line is here.\r\nSecond claim is here.\r\n\r\n- item one was fine.\r\n';
    assert.deepEqual(spans(report), [
      ['First line is here.', 0, 19, 1],
      ['Second claim is here.', 21, 42, 2],
      ['item one was fine.', 48, 66, 4],
    ]);
  });

  it('counts a leading byte-order mark in the offsets (the parser drops it)', () => {
    assert.deepEqual(spans('\uFEFFHello world is here.'), [['Hello world is here.', 1, 21, 1]]);
    const withMatter = segmentReport('\uFEFF---\nquestion: q\n---\n| h |\n|---|\n| db-1 |\n');
    assert.equal(withMatter.frontMatter.question, 'q');
    // "\uFEFF---\nquestion: q\n---\n" is 21 units, "| h |\n|---|\n" 12 more, then "| " → 35.
    assert.deepEqual(withMatter.claims.map((claim) => [claim.text, claim.start, claim.line]), [['db-1', 35, 6]]);
  });

  it('numbers claims C1… in document order', () => {
    const { claims } = segmentReport('One fact is here. Two facts are here.');
    assert.deepEqual(claims.map((claim) => claim.id), ['C1', 'C2']);
  });

  it('does not end a sentence inside a wrapped line or after e.g.', () => {
    assert.deepEqual(texts('The alert fired\nat 14:02, e.g. during the push. It cleared.'), [
      'The alert fired\nat 14:02, e.g. during the push.',
      'It cleared.',
    ]);
  });

  it('ends a sentence before a lowercase host name or a count', () => {
    assert.deepEqual(texts('The alert fired. db-prod-1 restarted at 14:05.'), ['The alert fired.', 'db-prod-1 restarted at 14:05.']);
    assert.deepEqual(texts('Deduplication removed 18,204 contacts. 1,287 rows were rejected.'), [
      'Deduplication removed 18,204 contacts.',
      '1,287 rows were rejected.',
    ]);
  });

  it('ends a sentence before a channel, a handle or inline code', () => {
    assert.deepEqual(texts('SRCH-559 cleared at the same moment. #ecom-trading was told.'), ['SRCH-559 cleared at the same moment.', '#ecom-trading was told.']);
    assert.deepEqual(texts('Use redrive. `tw dlq redrive` sends them back.'), ['Use redrive.', '`tw dlq redrive` sends them back.']);
    assert.deepEqual(texts('It was approved. @m.ferreira paused the job.'), ['It was approved.', '@m.ferreira paused the job.']);
  });

  it('reads a unit before a period as a sentence end, a title as an abbreviation', () => {
    assert.deepEqual(texts('It answered in 38 ms. dns-euw1-c also answered. Ask Dr. Smith.'), [
      'It answered in 38 ms.',
      'dns-euw1-c also answered.',
      'Ask Dr. Smith.',
    ]);
  });
});

describe('segment: Markdown structure', () => {
  it('takes list items and nested list items, not their markers', () => {
    const report = '- Top item was slow.\n  - Nested item was fine.\n    1. Deep item failed.\n';
    assert.deepEqual(spans(report), [
      ['Top item was slow.', 2, 20, 1],
      ['Nested item was fine.', 25, 46, 2],
      ['Deep item failed.', 54, 71, 3],
    ]);
  });

  it('skips headings, code blocks, HTML and front matter', () => {
    const report = [
      '---',
      'question: Why?',
      '---',
      '# Heading is not a claim',
      '',
      '```sh',
      'echo "Code is not a claim."',
      '```',
      '',
      '    Indented code is not a claim.',
      '',
      '<div>HTML is not a claim.</div>',
      '',
      'Only this is a claim.',
    ].join('\n');
    assert.deepEqual(texts(report), ['Only this is a claim.']);
  });

  it('takes prose cells of a table, and short-valued rows whole, never the header', () => {
    const report = '| step | outcome |\n|---|---|\n| canary | Ran for ten minutes. |\n| db-1 | 97% |\n';
    // Row 3 starts at offset 29; its prose cell at 29 + "| canary | ".length = 40.
    // Row 4 starts at 63; "db-1" at 65, "97%" ends at 65 + "db-1 | 97%".length = 75.
    assert.deepEqual(spans(report), [
      ['Ran for ten minutes.', 40, 60, 3],
      ['db-1 | 97%', 65, 75, 4],
    ]);
  });

  it('gives a short-valued row its header as context: what each cell is', () => {
    const { claims } = segmentReport('| Line | Waste share |\n|---|---|\n| M1 | 1.74% |\n');
    assert.deepEqual(
      claims.map((claim) => [claim.text, claim.context]),
      [['M1 | 1.74%', 'Line Waste share']],
    );
  });

  it('reads the short figure beside a row named in words with that name and its column; a longer cell stays a claim with its row', () => {
    const { claims } = segmentReport(
      '| Area | June applications and spend |\n|---|---|\n| Fairways, back nine | 4 applications, $10,504 |\n| Greens | Three sprays, all before 7 a.m., cost $2,760 in total. |\n',
    );
    assert.deepEqual(
      claims.map((claim) => [claim.text, claim.context]),
      [
        ['4 applications, $10,504', 'Fairways, back nine; June applications and spend'],
        ['Three sprays, all before 7 a.m., cost $2,760 in total.', 'Greens June applications and spend'],
      ],
    );
  });

  it('takes each figure of a wider row as its own claim, read with the row name and its column', () => {
    // One row may hold a right and a wrong figure: each is marked on its own.
    const { claims } = segmentReport('| Depot | Salt spread | Share |\n|---|---|---|\n| Marlow Cross | 1,131 t | 29.7% |\n| Ashby | Ran out twice. | 40.1% |\n');
    assert.deepEqual(
      claims.map((claim) => [claim.text, claim.context]),
      [
        ['1,131 t', 'Marlow Cross; Salt spread'],
        ['29.7%', 'Marlow Cross; Share'],
        ['Ran out twice.', 'Ashby; Salt spread'],
        ['40.1%', 'Ashby; Share'],
      ],
    );
  });

  it('skips lead-ins that state nothing: a bold line used as a heading, a short line ending in a colon', () => {
    assert.deepEqual(texts('**Paging**\n\nPer plan:\n\n- The free plan allows 10 files.\n\nThe following three hosts were drained overnight by the operator:\n'), [
      'The free plan allows 10 files.',
      'The following three hosts were drained overnight by the operator:',
    ]);
  });

  it('takes paragraphs inside block quotes', () => {
    assert.deepEqual(texts('> Quoted fact was logged.\n\nPlain fact.'), ['Quoted fact was logged.', 'Plain fact.']);
  });
});

describe('segment: atomic claims', () => {
  it('splits ", and" / "and" between two clauses with their own subjects', () => {
    const { claims } = segmentReport('CPU rose to 97% at 14:02, and memory stayed at 40%.');
    assert.deepEqual(
      claims.map((claim) => [claim.text, claim.start, claim.end, claim.parentId]),
      [
        ['CPU rose to 97% at 14:02', 0, 24, 'S1'],
        ['memory stayed at 40%.', 30, 51, 'S1'],
      ],
    );
  });

  it('finds a verb at the very end of the second clause', () => {
    assert.deepEqual(texts('The push happened and the alert fired.'), ['The push happened', 'the alert fired.']);
  });

  it('splits at semicolons', () => {
    assert.deepEqual(texts('The push happened at 14:01:30; the alert fired at 14:02:00.'), [
      'The push happened at 14:01:30',
      'the alert fired at 14:02:00.',
    ]);
  });

  it('splits before a present-tense verb with an object: "the new secret shares the counter"', () => {
    assert.deepEqual(texts('Each key is limited to 600 requests per minute, and the new secret shares the counter.'), [
      'Each key is limited to 600 requests per minute',
      'the new secret shares the counter.',
    ]);
  });

  it('keeps noun lists, shared subjects and time ranges whole', () => {
    for (const sentence of [
      'The ratio had been between 0.2% and 0.4% up to 07:00 and jumped to 19% by 07:05.',
      'Northwind backs up every cluster once a day, between 1 AM and 5 AM UTC.',
      'It handled 500 requests and 600 requests per minute.',
      'db-1 and db-2 restarted.',
      'The service restarted and recovered.',
      'Errors rose between 14:00 and 14:05.',
      'CPU and memory were high.',
      'The affected hosts and the load balancer recovered.',
    ]) {
      assert.deepEqual(texts(sentence), [sentence], sentence);
    }
    assert.equal(segmentReport('db-1 and db-2 restarted.').claims[0].parentId, undefined);
  });

  it('splits "but" between clauses and keeps hedged halves', () => {
    assert.deepEqual(splitClauses('Memory was high, but the pod was not killed.'), [
      [0, 15],
      [21, 44],
    ]);
  });
});

describe('segment: front matter and plain text', () => {
  it('reads question, evidence (a name or a list) and claim_type, keeping other keys', () => {
    const one = segmentReport('---\nquestion: "Why did checkout fail?"\nevidence: metrics.log\nclaim_type: incident\nowner: sre\n---\nA fact.');
    assert.deepEqual(one.frontMatter, { question: 'Why did checkout fail?', evidence: ['metrics.log'], claim_type: 'incident', owner: 'sre' });
    const list = segmentReport('---\nevidence:\n  - a.log\n  - b.jsonl\n---\n');
    assert.deepEqual(list.frontMatter.evidence, ['a.log', 'b.jsonl']);
  });

  it('warns about broken front matter and still segments the body', () => {
    const broken = segmentReport('---\nquestion: [unclosed\n---\nThe body is read.');
    assert.deepEqual(broken.frontMatter, {});
    assert.equal(broken.warnings.length, 1);
    assert.equal(broken.warnings[0].line, 2);
    assert.deepEqual(broken.claims.map((claim) => claim.text), ['The body is read.']);
    const wrongType = segmentReport('---\nevidence: 3\n---\nBody.');
    assert.equal(wrongType.frontMatter.evidence, undefined);
    assert.match(wrongType.warnings[0].message, /evidence/);
  });

  it('reads plain text by blank-line paragraphs and bullet lines, indentation and all', () => {
    const report = 'The push happened.\n    It was logged.\n\n* bullet fact held\n2) numbered fact held';
    assert.deepEqual(spans(report, 'text'), [
      ['The push happened.', 0, 18, 1],
      ['It was logged.', 23, 37, 2],
      ['bullet fact held', 41, 57, 4],
      ['numbered fact held', 61, 79, 5],
    ]);
  });
});

describe('segment: properties', () => {
  const fragment = fc.constantFrom(
    'CPU hit 97%',
    'db-1 and db-2 restarted',
    'the alert fired at 14:02',
    'Café',
    '😀',
    '東京',
    '. ',
    '; ',
    ', and ',
    ' and ',
    '\n',
    '\r\n',
    '\n\n',
    '- ',
    '  - ',
    '# ',
    '> ',
    '```\ncode.\n```\n',
    '| a | b |\n|---|---|\n| x y z w | 1 |\n',
    '**bold** ',
    '`code` ',
    '1. ',
  );

  it('spans are ordered, non-overlapping, trimmed, slice to the text and carry the right line', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), fc.constantFrom<'markdown' | 'text'>('markdown', 'text'), fc.boolean(), (parts, format, bom) => {
        const report = (bom ? '\uFEFF' : '') + parts.join('');
        const { claims } = segmentReport(report, { format });
        let previousEnd = 0;
        for (const claim of claims) {
          assert.ok(claim.start >= previousEnd, 'ordered and non-overlapping');
          assert.ok(claim.end > claim.start, 'non-empty');
          assert.equal(report.slice(claim.start, claim.end), claim.text);
          assert.equal(claim.text, claim.text.trim());
          assert.equal(claim.line, report.slice(0, claim.start).split(/\r\n|\r|\n/).length);
          previousEnd = claim.end;
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('lines of a text', () => {
  it('are those between line endings (\\n, \\r\\n or \\r), numbered from 1, whichever endings a text uses', () => {
    const text = fc.array(fc.constantFrom('a', 'bc', ' x ', '', '\n', '\r', '\r\n', '\n\n'), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const lines: Array<[string, number]> = [];
        forEachLine(t, (line, number) => lines.push([line, number]));
        assert.deepEqual(lines, t.split(/\r\n|\r|\n/).map((line, i): [string, number] => [line, i + 1]));
      }),
      { numRuns: 2_000, seed: 19 },
    );
  });
});
