// A report's YAML front matter (`evidence:`, `question:`…) is metadata about the report, not
// something it says: the switch leaves it out, and a rewrite must not lose it.
const FRONT_MATTER = /^\uFEFF?---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function withoutFrontMatter(report: string): string {
  return report.replace(FRONT_MATTER, '');
}

/** The rewritten report, with the original's front matter put back if the rewrite dropped it. */
export function keepFrontMatter(original: string, rewritten: string): string {
  const front = FRONT_MATTER.exec(original)?.[0];
  if (!front || FRONT_MATTER.test(rewritten)) return rewritten;
  return front + rewritten.replace(/^\s*\n/, '');
}
