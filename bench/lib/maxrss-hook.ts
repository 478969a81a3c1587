// Preloaded (`node --require`) into a measured child process: on exit, writes the process's peak
// resident set size (process.resourceUsage().maxRSS, KiB) and CPU time to $GROUNDING_MAXRSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.GROUNDING_MAXRSS_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRssKiB: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });
}
