// The public data geometry is calibrated and evaluated on, loaded with the fixed splits of
// data/README.md, and the SHA-256 of each file so shipped numbers name the exact data.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LabelledExample } from '../src/core/geometry/fit';

/** The repository root, from out/bench/ or bench/. */
export const REPO_ROOT = join(__dirname, __dirname.includes(`${join('out', 'bench')}`) ? '../..' : '..');

export const HALUEVAL_FILES = ['data/halueval-qa/qa_one-turn_data.jsonl', 'data/halueval-qa/qa_multi-turn_data.jsonl'] as const;
export const GL212_FILE = 'data/groundlens-reference-pairs/reference_pairs.csv';

export function sha256Of(relativePath: string): string {
  return createHash('sha256').update(readFileSync(join(REPO_ROOT, relativePath))).digest('hex');
}

interface HaluEvalRow {
  knowledge: string;
  question: string;
  right_answer: string;
  hallucinated_answer: string;
}

/**
 * HaluEval QA as labelled examples: per line the right answer (label 0) and each distinct
 * hallucinated answer of the two files (label 1), the knowledge as context.
 * `dev` = lines 1–250, `test` = lines 251–500.
 */
export function loadHaluEval(split: 'dev' | 'test'): LabelledExample[] {
  const [oneTurn, multiTurn] = HALUEVAL_FILES.map((file) =>
    readFileSync(join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as HaluEvalRow),
  );
  const [from, to] = split === 'dev' ? [0, 250] : [250, 500];
  const examples: LabelledExample[] = [];
  for (let i = from; i < to; i++) {
    const row = oneTurn[i];
    examples.push({ question: row.question, context: row.knowledge, response: row.right_answer, label: 0 });
    const hallucinated = new Set([row.hallucinated_answer, multiTurn[i].hallucinated_answer]);
    for (const answer of hallucinated) examples.push({ question: row.question, context: row.knowledge, response: answer, label: 1 });
  }
  return examples;
}

export interface ReferencePair {
  id: number;
  domain: string;
  question: string;
  grounded_response: string;
  fabricated_response: string;
}

/** GL-212 rows; `odd` / `even` select by id parity (the fit / held-out halves). */
export function loadGl212(half?: 'odd' | 'even'): ReferencePair[] {
  const rows = parse(readFileSync(join(REPO_ROOT, GL212_FILE), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const pairs = rows.map((row) => ({
    id: Number(row.id),
    domain: row.domain,
    question: row.question,
    grounded_response: row.grounded_response,
    fabricated_response: row.fabricated_response,
  }));
  if (half === undefined) return pairs;
  return pairs.filter((pair) => (pair.id % 2 === 1) === (half === 'odd'));
}
