/**
 * What the disk can refuse, said to a person: a full disk while LAMP runs (a write answers 507 and
 * changes nothing; reads and sign-in go on), and at start a data directory LAMP cannot write or
 * that has no space left (a StoreRefusal: main.ts prints it without a stack).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { messages } from '../../src/shared/messages.ts';
import { StoreRefusal } from './refusal.ts';

/** The disk (or the user's quota) is full: the write was taken back, nothing changed. */
export class StoreFullError extends Error {
  override name = 'StoreFullError';
  /** Answered as it is (server/plugins/errors.ts): 507 Insufficient Storage. */
  readonly statusCode = 507;
  constructor(cause?: unknown) {
    super(messages.api.diskFull, { cause });
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

export function isDiskFull(error: unknown): boolean {
  if (error instanceof StoreFullError) return true;
  return code(error) === 'ENOSPC' || code(error) === 'EDQUOT';
}

export function isNotPermitted(error: unknown): boolean {
  return code(error) === 'EACCES' || code(error) === 'EPERM' || code(error) === 'EROFS';
}

/** Who owns a path, for the message: the nearest part of it that exists. */
function ownerOf(target: string): string {
  for (let at = path.resolve(target); ; at = path.dirname(at)) {
    try {
      const { uid, gid, mode } = statSync(at);
      return `${at} is owned by ${uid}:${gid} with mode ${(mode & 0o777).toString(8)}`;
    } catch {
      if (at === path.dirname(at)) return `${target} cannot be read`;
    }
  }
}

/**
 * A start that the data directory's disk or permissions stopped, as a refusal that says which
 * folder, as whom LAMP runs, who owns the folder and what to do; other errors are returned as they
 * are. `dir` is LAMP_DATA_DIR.
 */
export function startRefusal(dir: string, error: unknown): unknown {
  if (error instanceof StoreRefusal) return error;
  const cause = error instanceof StoreFullError ? error.cause : error;
  const where = (cause as NodeJS.ErrnoException | null)?.path ?? dir;
  if (isNotPermitted(error)) {
    const uid = process.getuid?.() ?? '?';
    const gid = process.getgid?.() ?? '?';
    const readOnly = code(error) === 'EROFS';
    return new StoreRefusal(
      `LAMP cannot write its data directory ${dir} (${code(error)} on ${where}), so it does not start. ` +
        (readOnly
          ? 'The file system is mounted read-only: mount it read-write. '
          : `LAMP runs as user ${uid}:${gid}, and ${ownerOf(where)}. Give that user the folder ` +
            `(chown -R ${uid}:${gid} ${dir}, e.g. on the host for a bind mount), or mount a folder or volume it can write ` +
            '(the container image runs as node, 1000:1000). ') +
        'Then start again.',
    );
  }
  if (isDiskFull(error)) {
    return new StoreRefusal(
      `The disk of LAMP's data directory ${dir} is full (${code(cause) ?? 'ENOSPC'} on ${where}), so LAMP does not start; its data ` +
        'is as the last acknowledged write left it. Free space on that disk (or give the volume more) and start again.',
    );
  }
  return error;
}
