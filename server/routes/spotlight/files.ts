/**
 * Uploaded creatives, kept by their SHA-256, always on disk, never in memory (15 uploads of 20 MB
 * held in memory took a server from 194 to 503 MB, the way to an out-of-memory kill):
 *
 *   - the default state with a data directory: `spotlight-files/` beside lamp.json, so a restart
 *     keeps them;
 *   - a test sandbox, or a store in memory: a folder of its own under `spotlight-sandbox-files/`
 *     in the data directory (or a temporary folder without one), removed when the sandbox is
 *     reset, deleted or dropped, and at the server's start and close (sandboxes are memory only).
 *
 * A file never changes once stored (a new upload is a new key), which is what lets it be served as
 * immutable. A file no asset refers to any more is removed (`sweep`): after an asset or study is
 * deleted, after a reset, and at start, which also clears what a crash between a file's write and
 * its asset's left behind. A file whose upload is still under way (`pending`) is never swept.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { stimSource } from '../../../src/shared/schemas/spotlight.ts';
import { currentSandbox } from '../../sandbox/context.ts';
import { DEFAULT_SANDBOX } from '../../sandbox/scope.ts';
import { spotlightStore } from './store.ts';

export interface FileStore {
  /** The key (hex SHA-256) the bytes are stored under. */
  keyOf(bytes: Buffer): string;
  /** Stores the bytes in the running code's sandbox; answers their key. Pending until `settle`. */
  put(bytes: Buffer): Promise<string>;
  /** The upload of `key` is over (its asset written, or the upload refused): it may be swept. */
  settle(key: string): void;
  get(key: string): Promise<Buffer | undefined>;
  has(key: string): Promise<boolean>;
  /** Bytes the running code's sandbox's files take together. */
  usedBytes(): Promise<number>;
  /** Removes the running code's sandbox's files no asset refers to; answers how many went. */
  sweep(): Promise<number>;
}

const KEY = /^[0-9a-f]{64}$/;
const TEMPORARY = /^([0-9a-f]{64})\..*\.tmp$/;
const stores = new WeakMap<FastifyInstance, FileStore>();

/** The app's one file store (the upload, the creative and the deletes share it). */
export function spotlightFiles(app: FastifyInstance): FileStore {
  let files = stores.get(app);
  if (!files) stores.set(app, (files = fileStore(app)));
  return files;
}

function fileStore(app: FastifyInstance): FileStore {
  const { dataDir } = app.config;
  const kept = dataDir ? path.join(dataDir, 'spotlight-files') : null;
  // Made on first use: most servers never see a sandbox upload.
  let scratch: string | null = null;
  const scratchRoot = () => {
    if (scratch) return scratch;
    if (dataDir) scratch = path.join(dataDir, 'spotlight-sandbox-files');
    else scratch = mkdtempSync(path.join(tmpdir(), 'lamp-spotlight-files-'));
    return scratch;
  };
  const folderOf = (sandbox: string) =>
    sandbox === DEFAULT_SANDBOX && kept ? kept : path.join(scratchRoot(), sandbox);
  const folder = () => folderOf(currentSandbox());
  const pending = new Map<string, number>();
  const store = spotlightStore(app.repositories);

  /** The keys the running code's sandbox's assets refer to. */
  const referenced = () =>
    new Set(
      store.stims.all().flatMap((row) => {
        const source = stimSource.safeParse(row.source);
        return source.success && source.data.kind === 'upload' ? [source.data.file] : [];
      }),
    );
  const storedKeys = async (at: string) => {
    try {
      return (await readdir(at)).filter((name) => KEY.test(name));
    } catch {
      return [];
    }
  };

  const files: FileStore = {
    keyOf: (bytes) => createHash('sha256').update(bytes).digest('hex'),
    async put(bytes) {
      const key = files.keyOf(bytes);
      pending.set(key, (pending.get(key) ?? 0) + 1);
      const at = folder();
      await mkdir(at, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = path.join(at, `${key}.${process.pid}.${pending.get(key)}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(at, key));
      return key;
    },
    settle(key) {
      const count = (pending.get(key) ?? 1) - 1;
      if (count > 0) pending.set(key, count);
      else pending.delete(key);
    },
    async get(key) {
      if (!KEY.test(key)) return undefined;
      try {
        return await readFile(path.join(folder(), key));
      } catch {
        return undefined;
      }
    },
    async has(key) {
      if (!KEY.test(key)) return false;
      return stat(path.join(folder(), key)).then(
        () => true,
        () => false,
      );
    },
    async usedBytes() {
      const at = folder();
      let total = 0;
      for (const key of await storedKeys(at))
        total += await stat(path.join(at, key)).then(
          (s) => s.size,
          () => 0,
        );
      return total;
    },
    async sweep() {
      const at = folder();
      const keep = referenced();
      let removed = 0;
      for (const key of await storedKeys(at)) {
        if (keep.has(key) || pending.has(key)) continue;
        await unlink(path.join(at, key)).catch(() => undefined);
        removed += 1;
      }
      // Half-written files of uploads no longer under way (a crash mid-write).
      for (const name of await readdir(at).catch(() => [] as string[])) {
        const key = TEMPORARY.exec(name)?.[1];
        if (key && !pending.has(key)) await unlink(path.join(at, name)).catch(() => undefined);
      }
      return removed;
    },
  };

  // A sandbox reset, deleted or dropped takes its files with it; the default state's reset leaves
  // files no asset refers to, swept now (the reset of its rows is done by then).
  app.sandboxScope.onForget((sandbox) => {
    const done =
      sandbox === DEFAULT_SANDBOX
        ? app.inSandbox(DEFAULT_SANDBOX, () => files.sweep())
        : rm(folderOf(sandbox), { recursive: true, force: true });
    done.catch((error: unknown) => app.log.error(error, 'removing Spotlight files failed'));
  });
  // Sandboxes are memory only: their files from an earlier run are orphans, as is whatever a crash
  // left in the kept folder. At close, this run's sandbox files go too.
  app.addHook('onReady', async () => {
    if (dataDir) await rm(scratchRoot(), { recursive: true, force: true });
    await app.inSandbox(DEFAULT_SANDBOX, () => files.sweep());
  });
  app.addHook('onClose', async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });
  return files;
}
