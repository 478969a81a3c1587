// Evidence parsing: every format, ids, malformed input. Expected values are read off the fixtures by hand.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MAX_ITEM_CHARS, detectEvidenceFormat, evidenceLabels, parseEvidence, parseEvidenceSources } from '../../src/core/evidence';
import type { EvidenceSource } from '../../src/core/review-types';

const fixtures = resolve(__dirname, '../../../test/fixtures/evidence');
const fixture = (name: string): EvidenceSource => ({ file: name, text: readFileSync(join(fixtures, name), 'utf8') });
const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

describe('evidence: logs and tagged lines', () => {
  const { items, warnings } = parseEvidence(fixture('metrics.log'));

  it('gives one item per non-blank line, id E<line>', () => {
    assert.deepEqual(items.map((item) => item.id), ['E1', 'E2', 'E4', 'E5', 'E6']);
    assert.deepEqual(warnings, []);
    assert.ok(items.every((item) => item.file === 'metrics.log' && item.line === item.endLine));
  });

  it('reads a tool row with its tool and the tag attributes as fields', () => {
    const row = byId(items).get('E1')!;
    assert.equal(row.kind, 'tool_row');
    assert.equal(row.tool, 'query_metrics');
    assert.deepEqual(row.fields, { row: '14:02:01', host: 'db-prod-1', cpu_pct: '97.2', mem_pct: '61' });
    assert.equal(row.text, '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2 mem_pct=61');
  });

  it('reads a signal line after a timestamp, with quoted values', () => {
    const signal = byId(items).get('E4')!;
    assert.equal(signal.kind, 'signal');
    assert.deepEqual(signal.fields, { ts: '2026-03-01T14:02:30Z', alert_id: 'ALR-88', fired_at: '14:02:30', rule: 'cpu > 95%' });
  });

  it('keeps plain log lines, with any key=value fields', () => {
    const map = byId(items);
    assert.equal(map.get('E5')!.kind, 'log_line');
    assert.deepEqual(map.get('E5')!.fields, { status: '503', path: '/checkout' });
    assert.deepEqual(map.get('E6')!.fields, {});
    assert.equal(map.get('E6')!.text, 'plain line without fields');
  });

  it('handles a BOM and CRLF / CR line endings', () => {
    const { items: crlf } = parseEvidence({ file: 'x.log', text: '\uFEFF[tool=t row=1] a=1\r\nsecond\r\n\r\nthird\rfourth' });
    assert.deepEqual(
      crlf.map((item) => [item.id, item.text]),
      [
        ['E1', '[tool=t row=1] a=1'],
        ['E2', 'second'],
        ['E4', 'third'],
        ['E5', 'fourth'],
      ],
    );
    assert.equal(crlf[0].tool, 't');
  });

  it('cuts a huge line, says so, and keeps the next lines', () => {
    const { items: huge, warnings: cut } = parseEvidence({ file: 'big.log', text: 'x'.repeat(50_000) + '\nafter' });
    assert.equal(huge[0].text.length, MAX_ITEM_CHARS);
    assert.equal(huge[1].text, 'after');
    assert.equal(cut.length, 1);
    assert.equal(cut[0].line, 1);
    assert.match(cut[0].message, /50,000 characters/);
  });

  it('warns about an empty file', () => {
    const { items: none, warnings: empty } = parseEvidence({ file: 'empty.log', text: '\n  \n' });
    assert.deepEqual(none, []);
    assert.equal(empty.length, 1);
    assert.match(empty[0].message, /no evidence items/);
  });
});

describe('evidence: JSON Lines traces', () => {
  const { items, warnings } = parseEvidence(fixture('trace.jsonl'));
  const map = byId(items);

  it('fills the trace fields of a tool call and flattens its result', () => {
    const call = map.get('E1')!;
    assert.equal(call.kind, 'tool_call');
    assert.equal(call.tool, 'get_deploys');
    assert.deepEqual(call.args, { service: 'api' });
    assert.equal(call.result, '{"version":"v42","pushed_at":"14:01:30"}');
    assert.equal(call.mutating, false);
    assert.equal(call.exitOk, true);
    assert.deepEqual(call.signals, ['deploy']);
    assert.equal(call.turn, 1);
    assert.deepEqual(call.fields, { 'args.service': 'api', version: 'v42', pushed_at: '14:01:30' });
  });

  it("leads a tool call's text with the event's own time (ts, timestamp), and keeps it as field ts", () => {
    const [call] = parseEvidence({ file: 'trace.jsonl', text: '{"type":"tool_call","ts":"2026-02-18T05:07:12+01:00","tool":"shell","args":{"host":"rtpub-01"},"exit_ok":true}' }).items;
    assert.equal(call!.text, 'tool_call shell args={"host":"rtpub-01"} exit_ok=true'.replace(/^/, '2026-02-18T05:07:12+01:00 '));
    assert.equal(call!.fields.ts, '2026-02-18T05:07:12+01:00');
    // A value that is no time stays out of the text.
    const [plain] = parseEvidence({ file: 'trace.jsonl', text: '{"type":"tool_call","ts":"turn-3","tool":"shell"}' }).items;
    assert.equal(plain!.text, 'tool_call shell');
  });

  it('flattens a result that is JSON inside a string, and array args', () => {
    const call = map.get('E8')!;
    assert.deepEqual(call.fields, { 'args[0]': 'get', 'args[1]': 'pods', ready: '8', replicas: '8' });
    assert.equal(call.mutating, true);
    assert.equal(call.exitOk, false);
  });

  it('reads reasoning and signal events', () => {
    assert.equal(map.get('E2')!.kind, 'reasoning');
    assert.equal(map.get('E2')!.text, 'The push happened 30 seconds before the alert.');
    assert.equal(map.get('E4')!.kind, 'signal');
    assert.deepEqual(map.get('E4')!.fields, { alert_id: 'ALR-88', fired_at: '14:02:30', 'labels.severity': 'page' });
  });

  it('reports each malformed line with its number and keeps it as an unreadable step', () => {
    assert.deepEqual(warnings.map((warning) => warning.line), [3, 5, 6, 7]);
    assert.ok(warnings.every((warning) => warning.file === 'trace.jsonl'));
    assert.match(warnings[0].message, /invalid JSON/);
    assert.match(warnings[1].message, /unknown event type "observation"/);
    assert.match(warnings[2].message, /JSON object/);
    assert.match(warnings[3].message, /tool_call not readable: tool/);
    assert.ok(warnings.every((warning) => /counted as an unreadable reasoning step$/.test(warning.message)));
    const unreadable = items.filter((item) => item.unreadable !== undefined);
    assert.deepEqual(unreadable.map((item) => item.id), ['E3', 'E5', 'E6', 'E7']);
    // Nothing of an unreadable line is offered as evidence: no text, no fields, no turn.
    assert.ok(unreadable.every((item) => item.kind === 'reasoning' && item.text === '' && Object.keys(item.fields).length === 0 && item.turn === undefined));
  });

  it('never drops a line silently: every non-blank line is an item, and each unreadable one has its warning', () => {
    const text = fixture('trace.jsonl').text;
    const nonBlank = text.split('\n').flatMap((line, index) => (line.trim() ? [index + 1] : []));
    assert.deepEqual(items.map((item) => item.line), nonBlank);
    assert.deepEqual(items.filter((item) => item.unreadable !== undefined).map((item) => item.line), warnings.map((warning) => warning.line));
  });
});

describe('evidence: CSV and TSV', () => {
  it('reads a file whose first line names the columns as one record per row, under the column names', () => {
    const { items, warnings } = parseEvidence({ file: 'intake.csv', text: 'site,month,Tonnes In\nNorth,2026-07,412\n"South, east",2026-08,301\nWest,2026-08\n' });
    assert.equal(items[0]!.kind, 'log_line');
    assert.equal(items[1]!.kind, 'tool_row');
    assert.deepEqual(items[1]!.fields, { site: 'North', month: '2026-07', tonnes_in: '412' });
    assert.equal(items[2]!.text, 'site="South, east" month=2026-08 tonnes_in=301');
    // A row of another length is kept as a plain line, and said so with its line.
    assert.equal(items[3]!.kind, 'log_line');
    assert.equal(warnings[0]!.line, 4);
  });

  it('reads a table with a blank cell, or of ids, times and words alone, as rows', () => {
    // A check not yet done has blank hours; a table of calls holds no figure at all.
    const blanks = parseEvidence({ file: 'checks.csv', text: 'check_id,status,routine_mh\nCK-1,done,8100\nCK-2,done,7900\nCK-3,planned,\n' });
    assert.deepEqual(blanks.items.slice(1).map((item) => [item.kind, item.fields]), [
      ['tool_row', { check_id: 'CK-1', status: 'done', routine_mh: '8100' }],
      ['tool_row', { check_id: 'CK-2', status: 'done', routine_mh: '7900' }],
      ['tool_row', { check_id: 'CK-3', status: 'planned' }],
    ]);
    const calls = parseEvidence({ file: 'calls.csv', text: 'call_id,received_at,zone,category\nC-1,2024-01-16T03:44Z,East,low_heat\nC-2,2024-01-16T03:51Z,East,no_heat\nC-3,2024-01-16T04:02Z,Harbour,billing\n' });
    assert.ok(calls.items.slice(1).every((item) => item.kind === 'tool_row'));
    assert.equal(calls.items[2]!.fields.category, 'no_heat');
  });

  it('leaves logs with commas as lines', () => {
    const { items } = parseEvidence({ file: 'app.log', text: 'Starting backup, mode full\nCopied 12 files, 3 skipped\nDone, exit 0\n' });
    assert.ok(items.every((item) => item.kind === 'log_line'));
  });
});

describe('evidence: JSON documents', () => {
  const { items, warnings } = parseEvidence(fixture('deploy.json'));

  it('makes every leaf field an item with its path and line', () => {
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      items.map((item) => [item.id, item.jsonPath, item.text]),
      [
        ['E2', 'change_id', 'change_id = CHG-1'],
        ['E4', 'steps[0].name', 'steps[0].name = canary'],
        ['E4.2', 'steps[0].status', 'steps[0].status = succeeded'],
        ['E4.3', 'steps[0].error_rate_pct', 'steps[0].error_rate_pct = 0.20'],
        ['E5', 'steps[1].name', 'steps[1].name = full'],
        ['E5.2', 'steps[1].status', 'steps[1].status = failed'],
        ['E7', 'tags', 'tags = []'],
        ['E8', '["weird key"]', '["weird key"] = null'],
      ],
    );
  });

  it('gives a leaf the scalar fields of its record', () => {
    assert.deepEqual(items[3].fields, { name: 'canary', status: 'succeeded', error_rate_pct: '0.20' });
    assert.equal(items[0].kind, 'json_field');
  });

  it('gives a nested record the identifying fields of the object it describes, not the root\'s, nor a title or an object member', () => {
    const text = JSON.stringify({
      change_id: 'CHG-9',
      areas: [
        { id: 'A-1', name: 'Northside', title: 'Zone 1 of 4', team: { lead: 'ops' }, '2025-Q4': { loss_pct: 14.6 } },
      ],
    }, null, 2);
    const leaf = parseEvidence({ file: 'areas.json', text }).items.find((item) => item.jsonPath === 'areas[0]["2025-Q4"].loss_pct');
    // Its own value, plus the district's id and name; the change's id is the document's (root), the
    // title is a description with figures, and "team" holds an object, not a value.
    assert.deepEqual(leaf?.fields, { loss_pct: '14.6', id: 'A-1', name: 'Northside' });
  });

  it('reads invalid JSON line by line, with the error line', () => {
    const { items: lines, warnings: bad } = parseEvidence({ file: 'bad.json', text: '{\n "a": 1,\n "b": }\n' });
    assert.equal(bad[0].line, 3);
    assert.match(bad[0].message, /invalid JSON/);
    assert.ok(bad.some((warning) => /line by line/.test(warning.message)));
    assert.deepEqual(lines.map((item) => item.text), ['{', '"a": 1,', '"b": }']);
  });
});

describe('evidence: documents', () => {
  it('reads a Markdown runbook block by block, list items and table rows one by one', () => {
    const { items, warnings } = parseEvidence(fixture('runbook.md'));
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      items.map((item) => [item.id, item.endLine, item.text]),
      [
        ['E1', 3, '---\ntitle: DB CPU runbook\n---'],
        ['E4', 4, '# High CPU on the database'],
        ['E6', 7, 'When CPU stays above 95% for five minutes,\npage the database on-call.'],
        ['E9', 9, 'Check slow queries first.'],
        ['E10', 10, 'Then check replication lag.'],
        ['E12', 12, '| symptom | action |'],
        ['E14', 14, '| cpu > 95% | page on-call |'],
        ['E16', 18, '```sh\npg_top -d db-prod-1\n```'],
      ],
    );
    assert.ok(items.every((item) => item.kind === 'paragraph'));
  });

  it('reads wrapped prose text as paragraphs', () => {
    const { items } = parseEvidence(fixture('runbook.txt'));
    assert.deepEqual(
      items.map((item) => [item.id, item.line, item.endLine]),
      [
        ['E1', 1, 2],
        ['E4', 4, 5],
      ],
    );
    assert.equal(items[0].text, 'Config pushes are rolled out to all regions within two\nminutes of approval.');
  });
});

describe('evidence: format detection and ids across files', () => {
  it('detects formats from the extension, then the content', () => {
    assert.equal(detectEvidenceFormat('a.jsonl', ''), 'jsonl');
    assert.equal(detectEvidenceFormat('a.md', ''), 'markdown');
    assert.equal(detectEvidenceFormat('evidence', '{"type":"tool_call","tool":"x"}'), 'jsonl');
    assert.equal(detectEvidenceFormat('evidence', '{"a":1}\n{"b":2}'), 'jsonl');
    assert.equal(detectEvidenceFormat('evidence', '{\n "a": 1\n}'), 'json');
    assert.equal(detectEvidenceFormat('evidence', '# Runbook\n\ntext'), 'markdown');
    assert.equal(detectEvidenceFormat('notes.txt', 'disk full\nrestarting db'), 'lines');
    assert.equal(detectEvidenceFormat('app.log', 'A long wrapped line of prose that goes on and\non to the next line.'), 'lines');
  });

  it('keeps E<line> for one file and prefixes file labels for several', () => {
    const single = parseEvidenceSources([fixture('metrics.log')]);
    assert.equal(single.items[0].id, 'E1');
    const both = parseEvidenceSources([fixture('metrics.log'), fixture('trace.jsonl')]);
    const ids = both.items.map((item) => item.id);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids[0], 'metrics.log:E1');
    assert.ok(ids.includes('trace.jsonl:E8'));
    assert.equal(both.warnings.length, 4);
  });

  it('tells same-named files apart by their folders, then by repeat number', () => {
    assert.deepEqual(evidenceLabels(['logs/a/app.log', 'logs/b/app.log', 'c.log', 'c.log']), ['a/app.log', 'b/app.log', 'c.log', 'c.log#2']);
  });
});
