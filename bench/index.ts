// `npm run bench`: runs every `bench/*.bench.ts` module in turn and prints its table.
// Each module exports `run(): Promise<string>` returning a Markdown section.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchModule {
  run(): Promise<string>;
}

async function main(): Promise<void> {
  const files = readdirSync(__dirname).filter((file) => file.endsWith('.bench.js')).sort();
  const only = process.argv.slice(2);
  for (const file of files) {
    if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
    const module = (await import(join(__dirname, file))) as BenchModule;
    console.log(await module.run());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
