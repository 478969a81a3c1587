// What `review` reads and where it may write. Front matter evidence is untrusted (an agent wrote
// the report), so it is confined to the report's folder and the `--root` folders, checked on the
// path as written and again on its real path (a symlink may point out). Evidence goes by a name
// relative to the report — what warnings show and what an endpoint is sent — never an absolute path.
import { realpathSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { confineEvidencePath, isInside, outsideMessage } from '../core/confine';
import type { EvidenceSource } from '../core/review-types';
import { CliError } from './args';
import { readEvidenceFile } from './files';

export interface ReviewInputs {
  evidence: EvidenceSource[];
  /** The path each evidence name was read from (for SARIF locations and the --out check). */
  pathByName: Map<string, string>;
}

export interface EvidenceRequest {
  cwd: string;
  reportFile: string;
  /** `--evidence` files: the user named them, so they are read wherever they are. */
  explicit?: readonly string[];
  /** Front matter `evidence:` entries, relative to the report. */
  listed?: readonly string[];
  /** `--root` folders front matter evidence may also come from. */
  roots?: readonly string[];
  maxMb?: number;
}

export function loadEvidence(request: EvidenceRequest): ReviewInputs {
  const reportPath = resolve(request.cwd, request.reportFile);
  const reportDir = dirname(reportPath);
  const paths = request.explicit
    ? request.explicit.map((file) => resolve(request.cwd, file))
    : (request.listed ?? []).map((entry) => confinedFrontMatterPath(entry, reportDir, [reportDir, ...(request.roots ?? []).map((root) => resolve(request.cwd, root))]));
  const pathByName = new Map<string, string>();
  const evidence = paths.map((path) => {
    const name = nameRelativeTo(reportDir, path);
    pathByName.set(name, path);
    return readEvidenceFile(path, name, request.maxMb);
  });
  return { evidence, pathByName };
}

/** A front matter entry resolved inside a root, by its written path and by its real path. */
function confinedFrontMatterPath(entry: string, reportDir: string, roots: string[]): string {
  const confined = confineEvidencePath(entry, reportDir, roots);
  const hint = " (front matter evidence must stay inside the report's folder or a --root)";
  if (!confined.ok) throw new CliError(confined.message + hint);
  const real = realPathOrSelf(confined.path);
  if (!roots.some((root) => isInside(real, realPathOrSelf(root)))) throw new CliError(outsideMessage(entry, real, roots) + hint);
  return confined.path;
}

/** The name evidence goes by: relative to the report's folder, with forward slashes. */
export function nameRelativeTo(reportDir: string, path: string): string {
  return relative(reportDir, path).split(sep).join('/') || path.split(sep).at(-1)!;
}

/**
 * Refuses an output path that is, or resolves to, one of the inputs (a symlink or hard link to the
 * report included): the input files are never written.
 */
export function refuseOutputOverInput(out: string, inputs: readonly string[], shown = out): void {
  const target = identity(out);
  for (const input of inputs) {
    const source = identity(input);
    const same = target.real === source.real || (target.inode !== undefined && target.inode === source.inode);
    if (same) throw new CliError(`--out ${shown} resolves to the input ${input}; the input files are never overwritten, name a new file`);
  }
}

function identity(path: string): { real: string; inode?: string } {
  try {
    const stats = statSync(path);
    return { real: realpathSync(path), inode: `${stats.dev}:${stats.ino}` };
  } catch {
    // A file that does not exist yet: its folder's real path and its own name.
    return { real: resolve(realPathOrSelf(dirname(path)), path.split(sep).at(-1)!) };
  }
}

function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
