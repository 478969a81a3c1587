// Where a report may send the tool for evidence. A report's front matter is text an agent wrote,
// so its `evidence:` entries are untrusted paths: they resolve against the report's folder and must
// stay inside one of the allowed roots (the report's folder and `--root` in the CLI, the workspace
// folder in the editor). Pure path arithmetic — the caller checks the resolved real path again,
// since a symlink inside a root may point out of it.
import * as nodePath from 'node:path';

/** The path operations used: node's own for the CLI, `path.posix` for editor URIs. */
export type PathFlavour = Pick<typeof nodePath, 'resolve' | 'relative' | 'isAbsolute' | 'sep'>;

export type ConfinedPath = { ok: true; path: string } | { ok: false; message: string };

/**
 * Resolves a front matter entry against `base` and accepts it only inside one of `roots`.
 * Absolute entries are taken as written (not joined under the base) and confined the same way.
 */
export function confineEvidencePath(entry: string, base: string, roots: readonly string[], path: PathFlavour = nodePath): ConfinedPath {
  if (entry.includes('\0')) return { ok: false, message: `evidence path ${JSON.stringify(entry)} holds a NUL character` };
  const resolved = path.resolve(base, entry);
  if (roots.some((root) => isInside(resolved, path.resolve(root), path))) return { ok: true, path: resolved };
  return { ok: false, message: outsideMessage(entry, resolved, roots) };
}

/** Whether `candidate` is `root` itself or lies below it (both already resolved). */
export function isInside(candidate: string, root: string, path: PathFlavour = nodePath): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!/^\.\.(?:[\\/]|$)/.test(rel) && !path.isAbsolute(rel));
}

export function outsideMessage(entry: string, resolved: string, roots: readonly string[]): string {
  const where = roots.length === 1 ? `the folder ${roots[0]}` : `any of ${roots.join(', ')}`;
  const shown = entry === resolved ? JSON.stringify(entry) : `${JSON.stringify(entry)} (${resolved})`;
  return `evidence path ${shown} is outside ${where}; refused`;
}
