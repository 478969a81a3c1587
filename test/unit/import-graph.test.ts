// Arrows point down and never come back (issue 19): no import cycle runs through the CLI. Reads
// the sources' relative imports, static and dynamic, and looks for a cycle by depth-first search.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g)) {
    const base = join(dirname(file), (match[1] ?? match[2]!).replace(/\.js$/, ''));
    const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (found) targets.push(found);
  }
  return targets;
}

function cyclesThrough(prefix: string): string[] {
  const graph = new Map(sources(join(root, 'src')).map((file) => [file, importsOf(file)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = [...path.slice(at), next].map((step) => relative(root, step));
        if (cycle.some((step) => step.startsWith(prefix))) cycles.push(cycle.join(' → '));
      } else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

describe('import graph', () => {
  it('has no cycle through src/cli (batch ↔ commands/review was one)', () => {
    assert.deepEqual(cyclesThrough('src/cli/'), []);
  });
});
