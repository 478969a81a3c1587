#!/usr/bin/env node
// Fails when the TypeScript sources under src/ import each other in a cycle (type-only imports
// included: a cycle of types is still a tangle a newcomer must read in a loop). Imports are read
// with TypeScript's own pre-processor, so comments and strings never count as imports.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(__dirname, '..', process.argv[2] ?? 'src');

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

const graph = new Map();
for (const file of sources(root)) {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  graph.set(file, [...new Set(info.importedFiles.map((ref) => resolve(file, ref.fileName)).filter(Boolean))]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component);
  }
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

const rel = (file) => path.relative(path.resolve(__dirname, '..'), file);
if (cycles.length === 0) {
  console.log(`no import cycles among ${graph.size} files under ${rel(root) || '.'}`);
} else {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map(rel).sort().join(' ↔ ')}`);
  process.exitCode = 1;
}
