// `npm run bench`: runs every `bench/*.bench.ts` module (each exports `run(): Promise<string>`, a
// Markdown section), prints the sections and writes them to docs/benchmarks.md.
// `npm run bench -- gate` runs only the modules whose names contain "gate" and writes nothing.
import { runModules, writeReport } from './report';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const sections = await runModules('.bench.js', only);
  if (only.length === 0) writeReport('benchmarks.md', 'Benchmarks', sections);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
