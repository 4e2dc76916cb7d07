/**
 * What a data directory holds, for tests that look at the disk: the store as the next start reads
 * it (the snapshot `lamp.json` continued by its change logs), and every file's text at once (for
 * what must never be written anywhere in it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_FILE, type DatabaseDocument } from '../../server/store/database.ts';
import { readStore } from '../../server/store/store-file.ts';

export async function storedData(dir: string): Promise<DatabaseDocument & { journal?: number }> {
  const document = await readStore<DatabaseDocument>(path.join(dir, DATA_FILE));
  if (!document) throw new Error(`no store in ${dir}`);
  return document;
}

export function everyFileText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(dir, entry.name), 'utf8'))
    .join('\n');
}
