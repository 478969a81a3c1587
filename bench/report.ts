// Writes a benchmark or accuracy report to docs/ with the machine and date it ran on.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { dirname, join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

/** One line naming the machine, Node version and date, for every published figure. */
export function machineLine(now = new Date()): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `Measured on ${cpu} × ${cpus().length} cores, ${memory} RAM, ${osType()} ${release()}, Node ${process.version}, ${now.toISOString().slice(0, 10)}.`;
}

/** Runs every module whose file name ends with `suffix` (optionally filtered by name) and returns their sections. */
export async function runModules(suffix: string, only: string[]): Promise<string[]> {
  const { readdirSync } = await import('node:fs');
  const files = readdirSync(__dirname).filter((file) => file.endsWith(suffix)).sort();
  const sections: string[] = [];
  for (const file of files) {
    if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
    const module = (await import(join(__dirname, file))) as { run(): Promise<string> };
    const section = await module.run();
    console.log(section);
    sections.push(section);
  }
  return sections;
}

/** Writes `docs/<name>` when every module ran (a filtered run prints only, so a partial run never overwrites the report). */
export function writeReport(name: string, title: string, sections: string[]): void {
  const file = join(repoRoot, 'docs', name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, [`# ${title}`, '', machineLine(), '', ...sections.map((s) => s.trimEnd() + '\n')].join('\n'));
  console.log(`wrote ${file}`);
}
