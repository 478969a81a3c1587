// `npm run eval`: runs every `bench/*.eval.ts` module in turn and prints its figures.
// Each module exports `run(): Promise<string>` returning a Markdown section.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const files = readdirSync(__dirname).filter((file) => file.endsWith('.eval.js')).sort();
  const only = process.argv.slice(2);
  for (const file of files) {
    if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
    const module = (await import(join(__dirname, file))) as { run(): Promise<string> };
    console.log(await module.run());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
