// `npm run snapshot:first-sight`: records the held-out blind batch as this build's judge sees it,
// before the batch is released (first-sight.ts). Run it with the judge that scores the batch at
// first sight — the session's start judge — right after that scoring; it refuses a batch that is
// not held out, since a released batch has been read and its signals are no longer first-sight.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARTITION_KEYS } from '../../src/core/model';
import { corpusExamples } from './data';
import { FIRST_SIGHT_DIR, SNAPSHOT_FEATURES, blindBatches, type Snapshot } from './first-sight';

const ROOT = join(__dirname, '..', '..', '..');

async function main(): Promise<void> {
  const held = blindBatches().filter((b) => b.held_out);
  if (held.length === 0) throw new Error('no blind batch is held out: a released batch is no longer first-sight');
  const judge = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  for (const batch of held) {
    const numbers = batch.name.match(/\d+/g) ?? [];
    const file = join(FIRST_SIGHT_DIR, `${numbers.join('-')}.json`);
    // A snapshot is recorded once, by the judge that first saw the batch: an existing one is kept.
    if (existsSync(file)) {
      console.log(`${batch.name}: kept ${file} (recorded once, by the judge that first saw the batch)`);
      continue;
    }
    const cases = new Set(batch.cases);
    const examples = await corpusExamples((name) => cases.has(name));
    const round = (v: number): number => Math.round(v * 1e4) / 1e4;
    const base = SNAPSHOT_FEATURES.length;
    const snapshot: Snapshot = {
      batch: batch.name,
      judge,
      features: [...SNAPSHOT_FEATURES],
      claims: examples.map((e) => ({ case: e.group, text: e.text ?? '', label: PARTITION_KEYS[e.y]!, groundable: e.groundable, x: e.x.slice(0, base).map(round) })),
    };
    writeFileSync(file, `${JSON.stringify(snapshot)}\n`);
    console.log(`${batch.name}: ${snapshot.claims.length} claims as judge ${judge} sees them → ${file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
