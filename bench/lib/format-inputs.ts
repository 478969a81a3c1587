// Synthetic evidence in every format the product reads, at any size, for the scaling benchmark:
// each format carries the same facts (a host's CPU at a time), so one report checks them all.
import { generator } from './random';

export interface Fact {
  time: string;
  host: string;
  cpu: string;
}

export const EVIDENCE_FORMATS = ['log', 'tool rows', 'trace JSONL', 'JSON document', 'Markdown'] as const;
export type BenchFormat = (typeof EVIDENCE_FORMATS)[number];


const pad = (value: number) => String(value).padStart(2, '0');
const clock = (index: number) => {
  const seconds = 8 * 3600 + index;
  return `${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
};

export function facts(count: number): Fact[] {
  const random = generator(7);
  return Array.from({ length: count }, (_, index) => ({ time: clock(index), host: `db-prod-${Math.floor(random() * 400)}`, cpu: (random() * 100).toFixed(1) }));
}

/** The evidence file (name and text) of `count` items in a format. */
export function evidenceFile(format: BenchFormat, count: number): { name: string; text: string; facts: Fact[] } {
  const rows = facts(count);
  switch (format) {
    case 'log':
      return { name: 'app.log', facts: rows, text: rows.map((r, i) => `2026-03-01T${r.time}Z ${i % 7 === 0 ? 'ERROR' : 'INFO'} checkout-api upstream=${r.host} status=${i % 7 === 0 ? 503 : 200} cpu_pct=${r.cpu} latency_ms=${(i * 37) % 2000}`).join('\n') + '\n' };
    case 'tool rows':
      return { name: 'metrics.log', facts: rows, text: rows.map((r, i) => `[tool=query_metrics row=${r.time}] host=${r.host} cpu_pct=${r.cpu} mem_pct=${(i * 13) % 100}`).join('\n') + '\n' };
    case 'trace JSONL':
      return {
        name: 'trace.jsonl',
        facts: rows,
        text:
          rows
            .map((r, i) =>
              i % 5 === 4
                ? JSON.stringify({ type: 'reasoning', text: `${r.host} looks busy at ${r.time}.`, turn: 1 })
                : JSON.stringify({ type: 'tool_call', tool: 'query_metrics', args: { host: r.host }, result: { cpu_pct: Number(r.cpu), at: r.time }, mutating: false, turn: 1 }),
            )
            .join('\n') + '\n',
      };
    case 'JSON document': {
      // Half the leaves are records (three fields each), half one flat map of settings: the map is
      // what used to cost the square of its size.
      const records = rows.slice(0, Math.ceil(count / 6)).map((r) => ({ host: r.host, cpu_pct: Number(r.cpu), at: r.time }));
      const settings = Object.fromEntries(Array.from({ length: Math.floor(count / 2) }, (_, i) => [`setting_${i}`, `value-${(i * 31) % 997}`]));
      return { name: 'state.json', facts: rows.slice(0, records.length), text: JSON.stringify({ rows: records, settings }, null, 2) + '\n' };
    }
    case 'Markdown': {
      const blocks: string[] = ['# Capacity notes', ''];
      rows.forEach((r, i) => {
        if (i % 10 === 0) blocks.push(`## Window ${i / 10 + 1}`, '');
        blocks.push(i % 3 === 0 ? `- ${r.host}: CPU ${r.cpu}% at ${r.time}` : `CPU on ${r.host} was ${r.cpu}% at ${r.time}. The pool stayed healthy.`, '');
      });
      return { name: 'notes.md', facts: rows, text: blocks.join('\n') };
    }
  }
}

/** A Markdown report of `claims` claims about the facts: restated, wrong figures, absent facts. */
export function reportAbout(rows: readonly Fact[], claims: number): string {
  const random = generator(11);
  const sentences: string[] = [];
  for (let index = 0; index < claims; index++) {
    const row = rows[Math.floor(random() * rows.length)]!;
    const roll = random();
    if (roll < 0.5) sentences.push(`CPU on ${row.host} reached ${row.cpu}% at ${row.time}.`);
    else if (roll < 0.75) sentences.push(`CPU on ${row.host} reached ${(Number(row.cpu) + 7.3).toFixed(1)}% at ${row.time}.`);
    else sentences.push(`Host db-standby-${index} was rebooted by the on-call engineer.`);
  }
  const paragraphs = ['# Capacity report', ''];
  for (let start = 0; start < sentences.length; start += 5) paragraphs.push(sentences.slice(start, start + 5).join(' '), '');
  return paragraphs.join('\n');
}

/** A report that is one token of `length` characters (issue 19, finding 6), then one ordinary claim. */
export function oneTokenReport(length: number): string {
  return `# Report\n\n${'x'.repeat(length)}\n\nCPU on db-prod-1 reached 50.0% at 08:00:00.\n`;
}
