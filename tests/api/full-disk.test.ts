/**
 * A full disk is an error, never a corruption (issue 45): on a small tmpfs (8 MB, mounted for the
 * test; root only) filled to the last byte, writes through the running app answer 507 with a
 * message a person understands and change nothing, reads and sign-in go on, and once space is
 * freed writes go on; a restart then starts without a hand repair and holds every write that was
 * acknowledged, and the session of the sign-in made while the disk was full.
 *
 * It used to be: a write cut short by the full disk was acknowledged (201) with a torn line in the
 * log, the next writes answered a bare 500, later ones continued the torn line, and the restart
 * refused ("lamp.log.1 is damaged"). Where the machine does not allow a mount, the test is skipped
 * (saying so) and tests/unit/server/store/full-disk.test.ts covers the same on injected faults.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildTestApp } from '../helpers/app.ts';
import { storedData } from '../helpers/data-dir.ts';
import { signInThrough } from '../helpers/http.ts';

const mountPoint = mkdtempSync(path.join(tmpdir(), 'lamp-full-disk-'));
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { encoding: 'utf8' });
const mounted = mount.status === 0;
const skipReason = mounted
  ? ''
  : `mount -t tmpfs is not allowed here (${(mount.stderr || mount.error?.message || '').trim()})`;

afterAll(() => {
  // Lazy: a server the test could not close (a failure) must not keep the mount behind.
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the file system to its last byte with `file`; returns its size. */
function fill(file: string): number {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 0x78);
  let written = 0;
  try {
    for (let size = block.length; size >= 1;) {
      try {
        written += writeSync(fd, block, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

function createList(app: FastifyInstance, cookie: string, name: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/domain-list',
    headers: { cookie },
    payload: { account: ACCOUNT_IDS.northwind, name, type: 'allow', domains: ['example.com'] },
  });
}

function listNames(app: FastifyInstance, cookie: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/domain-list?account=${ACCOUNT_IDS.northwind}&limit=1000`,
    headers: { cookie },
  });
}

/**
 * Two runs: one log, whose last page has room for a line or two when the disk fills (then a line
 * is cut short: the old code acknowledged it); and a small log that folds often, so that a fold
 * (a new log, a snapshot of 1.4 MB) meets the full disk too.
 */
const RUNS = [
  { what: 'one log', storeFoldBytes: null },
  { what: 'folding every 16 KB', storeFoldBytes: 16 * 1024 },
];

describe.skipIf(!mounted)('a full disk', () => {
  it.each(RUNS)(
    'refuses writes with 507 and changes nothing, keeps reads and sign-in, and loses no acknowledged write ($what)',
    { timeout: 120_000 },
    async ({ what, storeFoldBytes }) => {
      const dataDir = mkdtempSync(path.join(mountPoint, 'data-'));
      const app = await buildTestApp({ dataDir, storeFoldBytes });
      let restarted: FastifyInstance | null = null;
      try {
        const cookie = await signInThrough(app, 'writer@northwind.test');
        const acknowledged: string[] = [];
        const refused: string[] = [];
        const write = async (name: string) => {
          const response = await createList(app, cookie, name);
          if (response.statusCode === 201) acknowledged.push(name);
          else {
            expect(response.statusCode, response.body).toBe(507);
            expect(response.json()).toEqual({
              statusCode: 507,
              error: 'Insufficient Storage',
              message: messages.api.diskFull,
            });
            refused.push(name);
          }
          return response.statusCode;
        };
        for (let n = 0; n < 20; n += 1) expect(await write(`Before the disk filled ${n}`)).toBe(201);

        const filler = path.join(dataDir, '..', `filler-${path.basename(dataDir)}`);
        expect(fill(filler)).toBeGreaterThan(0);
        // The log's last page still has room for a few lines; then a line is cut short by the
        // full disk (the old code acknowledged it), and every later one is refused.
        for (let n = 0; n < 200 && refused.length < 10; n += 1) await write(`While the disk is full ${n}`);
        expect(refused.length).toBeGreaterThanOrEqual(10);
        // Concurrent writes while full: refused together, none acknowledged half-way.
        const together = await Promise.all(Array.from({ length: 8 }, (_, n) => write(`Together while full ${n}`)));
        expect(together.every((status) => status === 507)).toBe(true);

        // Reads go on, and a refused write changed nothing.
        const listed = await listNames(app, cookie);
        expect(listed.statusCode).toBe(200);
        const names = listed.json<{ data: { name: string }[] }>().data.map((row) => row.name);
        for (const name of acknowledged) expect(names).toContain(name);
        for (const name of refused) expect(names).not.toContain(name);
        // Sign-in goes on: the session is kept in memory and written once there is space.
        const fullDiskCookie = await signInThrough(app, 'admin@northwind.test');
        expect(
          (await app.inject({ method: 'GET', url: '/api/v1/current-user', headers: { cookie: fullDiskCookie } }))
            .statusCode,
        ).toBe(200);
        // A fold that met the full disk left no half-written snapshot behind.
        expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

        // Space again: writes go on, at once.
        rmSync(filler);
        for (let n = 0; n < 20; n += 1) expect(await write(`After space returned ${n}`)).toBe(201);
        await app.close();

        // A restart starts without a hand repair and holds every acknowledged write, no refused one.
        const stored = (await storedData(dataDir)).collections['domain-list'] as unknown as { name: string }[];
        const storedNames = new Set(stored.map((row) => row.name));
        expect(acknowledged.filter((name) => !storedNames.has(name))).toEqual([]);
        expect(refused.filter((name) => storedNames.has(name))).toEqual([]);
        restarted = await buildTestApp({ dataDir });
        const after = await listNames(restarted, cookie);
        expect(after.statusCode).toBe(200);
        const namesAfter = after.json<{ data: { name: string }[] }>().data.map((row) => row.name);
        expect(acknowledged.filter((name) => !namesAfter.includes(name))).toEqual([]);
        // The session begun while the disk was full was written once space returned.
        expect(
          (await restarted.inject({ method: 'GET', url: '/api/v1/current-user', headers: { cookie: fullDiskCookie } }))
            .statusCode,
        ).toBe(200);
        console.warn(
          `full disk, ${what}: ${acknowledged.length} writes acknowledged (${acknowledged.filter((name) => name.startsWith('While')).length} while full), ${refused.length} refused with 507, none lost`,
        );
      } finally {
        await app.close();
        await restarted?.close();
      }
    },
  );
});

// Skipped on purpose where no tmpfs can be mounted: the placeholder names why in the report, and the
// fault-injecting tests in this file still cover the store's full-disk path. CI mounts one as root.
describe.skipIf(mounted)('a full disk (tmpfs)', () => {
  it.skip(`needs a tmpfs mount: ${skipReason}; the fault-injecting test covers the store`, () => undefined);
});
