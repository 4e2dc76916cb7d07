import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DamagedDataFileError, DurableJsonFile } from '../../../server/store/durable-file.ts';

const freshFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'lamp-durable-')), 'lamp.json');

describe('DurableJsonFile', () => {
  it('shares one disk write among concurrent writes, and resolves each only once its change is on disk', async () => {
    const file = new DurableJsonFile<{ items: number[] }>(freshFile());
    const data = { items: [] as number[] };
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 100; i += 1) {
      data.items.push(i);
      const item = i;
      writes.push(
        file.write(data).then(() => {
          const onDisk = JSON.parse(readFileSync(file.file, 'utf8')) as { items: number[] };
          expect(onDisk.items).toContain(item);
        }),
      );
    }
    await Promise.all(writes);
    expect(file.writes).toBeLessThanOrEqual(2);
  });

  it('keeps the previous good copy and removes leftovers of a killed write', async () => {
    const target = freshFile();
    const dir = path.dirname(target);
    writeFileSync(path.join(dir, '.lamp.json.tmp'), '');
    const file = new DurableJsonFile<{ n: number }>(target);
    expect(await file.read()).toBeNull();
    await file.removeLeftovers();
    expect(existsSync(path.join(dir, '.lamp.json.tmp'))).toBe(false);
    await file.write({ n: 1 });
    await file.write({ n: 2 });
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ n: 2 });
    expect(JSON.parse(readFileSync(file.previous, 'utf8'))).toEqual({ n: 1 });
  });

  it('refuses a damaged file and names the previous good copy', async () => {
    const target = freshFile();
    const file = new DurableJsonFile<{ n: number }>(target);
    await file.write({ n: 1 });
    await file.write({ n: 2 });
    writeFileSync(target, '{"n": 2, "trunc');
    const reopened = new DurableJsonFile<{ n: number }>(target);
    await expect(reopened.read()).rejects.toThrow(DamagedDataFileError);
    await expect(reopened.read()).rejects.toThrow(/lamp\.json\.prev/);
    // The documented recovery: the previous copy into place.
    writeFileSync(target, readFileSync(file.previous));
    expect(await reopened.read()).toEqual({ n: 1 });
  });

  it('keeps working after a kill left lamp.json and its previous copy as one file', async () => {
    const target = freshFile();
    const file = new DurableJsonFile<{ n: number }>(target);
    await file.write({ n: 1 });
    // What a kill after keeping the previous copy, before the rename, leaves: two names, one file.
    const { linkSync, rmSync } = await import('node:fs');
    rmSync(file.previous, { force: true });
    linkSync(target, file.previous);
    const reopened = new DurableJsonFile<{ n: number }>(target);
    expect(await reopened.read()).toEqual({ n: 1 });
    for (let n = 2; n <= 4; n += 1) await reopened.write({ n });
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ n: 4 });
    expect(JSON.parse(readFileSync(file.previous, 'utf8'))).toEqual({ n: 3 });
  });
});
