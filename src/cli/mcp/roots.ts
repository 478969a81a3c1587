// The directories an MCP server may read from (`--root`, repeatable). A path is resolved against
// the first root, symlinks are followed, and the real file must lie inside some root: a client
// (or a prompt-injected agent) cannot read /etc/passwd or ~/.ssh through it. Only regular files.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

/** The most a tool reads from one file; a larger file is refused, not truncated. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

export class RootError extends Error {
  override name = 'RootError';
}

export class Roots {
  private constructor(readonly dirs: readonly string[]) {}

  /** Each root must be an existing directory; throws RootError naming the one that is not. */
  static create(dirs: readonly string[], cwd: string): Roots {
    if (dirs.length === 0) throw new RootError('give at least one --root DIR: the server reads files only inside its roots');
    return new Roots(
      dirs.map((dir) => {
        const absolute = resolve(cwd, dir);
        let real: string;
        try {
          real = realpathSync(absolute);
        } catch {
          throw new RootError(`--root ${dir}: no such directory`);
        }
        if (!statSync(real).isDirectory()) throw new RootError(`--root ${dir}: not a directory`);
        return real;
      }),
    );
  }

  private inside(real: string): boolean {
    return this.dirs.some((dir) => {
      const rel = relative(dir, real);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    });
  }

  private refuse(path: string): RootError {
    return new RootError(`${JSON.stringify(path)} is outside the allowed roots (${this.dirs.join(', ')}); the server reads only files inside its --root directories`);
  }

  /** The real absolute path of `path` (relative paths against the first root), or RootError. */
  confine(path: string): string {
    const absolute = resolve(this.dirs[0], path);
    let real: string | undefined;
    try {
      real = realpathSync(absolute);
    } catch {
      real = undefined;
    }
    // Outside a root, a missing file and an existing one get the same answer: nothing leaks of what exists.
    if (real === undefined) {
      if (this.inside(absolute)) throw new RootError(`${JSON.stringify(path)}: file not found`);
      throw this.refuse(path);
    }
    if (!this.inside(real)) throw this.refuse(path);
    return real;
  }

  /** Reads a regular file inside the roots as UTF-8. */
  read(path: string): string {
    const real = this.confine(path);
    const stat = statSync(real);
    if (!stat.isFile()) throw new RootError(`${JSON.stringify(path)}: not a regular file`);
    if (stat.size > MAX_FILE_BYTES) throw new RootError(`${JSON.stringify(path)}: ${stat.size} bytes, more than the ${MAX_FILE_BYTES} a tool reads`);
    return readFileSync(real, 'utf8');
  }
}
