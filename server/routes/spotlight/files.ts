/**
 * Uploaded creatives, kept by their SHA-256: in the store's data directory (spotlight-files/),
 * beside lamp.json, so a restart keeps them; in memory when the store is in memory, and per
 * sandbox for a test sandbox (its rows are its own, so are its files). A file never changes once
 * stored (a new upload is a new key), which is what lets it be served as immutable.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { currentSandbox } from '../../sandbox/context.ts';
import { DEFAULT_SANDBOX } from '../../sandbox/scope.ts';

export interface FileStore {
  /** Stores the bytes; answers their key (hex SHA-256). */
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
}

const KEY = /^[0-9a-f]{64}$/;

export function fileStore(dataDir: string | null): FileStore {
  const memory = new Map<string, Map<string, Buffer>>();
  const onDisk = () => dataDir !== null && currentSandbox() === DEFAULT_SANDBOX;
  const folder = dataDir ? path.join(dataDir, 'spotlight-files') : '';
  const inMemory = () => {
    const name = currentSandbox();
    let files = memory.get(name);
    if (!files) memory.set(name, (files = new Map<string, Buffer>()));
    return files;
  };
  return {
    async put(bytes) {
      const key = createHash('sha256').update(bytes).digest('hex');
      if (!onDisk()) {
        inMemory().set(key, bytes);
        return key;
      }
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = path.join(folder, `${key}.${process.pid}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(folder, key));
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return undefined;
      if (!onDisk()) return inMemory().get(key);
      try {
        return await readFile(path.join(folder, key));
      } catch {
        return undefined;
      }
    },
  };
}
