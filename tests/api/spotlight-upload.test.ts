/**
 * Uploading an asset's file into a draft study (server/routes/spotlight/creatives.ts): the size and
 * length read from the file, the file served back as it was sent with its content type and caching,
 * and every bad upload (wrong type, too large, unreadable, no file, not multipart, a study in the
 * field, a viewer) a 4xx with a message on the file field and nothing stored.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../fixtures/ids.ts';
import { SessionStore } from '../../server/plugins/session.ts';
import { fileStore } from '../../server/routes/spotlight/files.ts';
import { signSpotlightToken } from '../../server/routes/spotlight/token.ts';
import { messages } from '../../src/shared/messages.ts';
import { UPLOAD_MAX_MB } from '../../src/shared/schemas/spotlight.ts';
import { buildTestApp } from '../helpers/app.ts';
import { mp4, multipart, png } from '../support/media-files.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const stims = () => app.db.low.data.collections['spotlight-stim'] as Record<string, unknown>[];
const bearer = (userId: string) => ({
  authorization: `Bearer ${signSpotlightToken(app.config.linkSecret, userId, SessionStore.reference(app.sessions.create(userId)))}`,
});
const MANAGER = USER_IDS.contosoPartner;
const briefOf = (status: string) =>
  (app.db.low.data.collections['spotlight-brief'] as { id: string; status: string; company: string }[]).find(
    (b) => b.status === status && b.company !== undefined && b.id.endsWith(status === 'draft' ? '7' : '5'),
  )!.id;

function upload(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
  user: string = MANAGER,
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/spotlight/stim/upload',
    headers: { ...bearer(user), ...body.headers },
    payload: body.payload,
  });
}

const fields = () => ({ brief: briefOf('draft'), name: 'Game night hero', format: 'Feed 4:5' });

describe('POST /api/spotlight/stim/upload', () => {
  it('stores an image with the size read from the file and serves it back as sent, cacheable', async () => {
    const bytes = png(320, 400);
    const answer = await upload(fields(), { name: 'hero.png', type: 'image/png', bytes });
    expect(answer.statusCode).toBe(201);
    const { data } = answer.json<{
      data: { id: string; width: number; height: number; type: string; source: object };
    }>();
    expect(data).toMatchObject({ type: 'image', width: 320, height: 400 });
    expect(data.source).toMatchObject({
      kind: 'upload',
      content_type: 'image/png',
      bytes: bytes.length,
      filename: 'hero.png',
    });

    const served = await app.inject({ url: `/api/spotlight/stim/${data.id}/creative`, headers: bearer(MANAGER) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const again = await app.inject({
      url: `/api/spotlight/stim/${data.id}/creative`,
      headers: { ...bearer(MANAGER), 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('reads a video’s size and length', async () => {
    const answer = await upload(fields(), { name: 'spot.mp4', type: 'video/mp4', bytes: mp4(1920, 1080, 15) });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<{ data: object }>().data).toMatchObject({
      type: 'video',
      width: 1920,
      height: 1080,
      duration_s: 15,
    });
  });

  it.each([
    [
      'a type that is not an image or a video',
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') },
      400,
      messages.spotlight.fileType,
    ],
    [
      'bytes that are not the type claimed',
      { name: 'fake.png', type: 'image/png', bytes: Buffer.from('not a picture') },
      400,
      messages.spotlight.fileUnreadable,
    ],
    [
      'an empty file',
      { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
      400,
      messages.spotlight.fileUnreadable,
    ],
    [
      'a picture with a script',
      {
        name: 'x.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg width="100" height="100"><script>alert(1)</script></svg>'),
      },
      400,
      messages.spotlight.fileUnreadable,
    ],
    [
      'a file over the limit',
      { name: 'big.png', type: 'image/png', bytes: Buffer.alloc(UPLOAD_MAX_MB * 1024 * 1024 + 1) },
      413,
      messages.spotlight.fileTooLarge(UPLOAD_MAX_MB),
    ],
  ])('refuses %s on the file field; nothing is stored', async (_name, file, status, message) => {
    const before = JSON.stringify(stims());
    const answer = await upload(fields(), file);
    expect(answer.statusCode).toBe(status);
    const body = answer.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.issues).toEqual([{ path: 'file', message }]);
    expect(JSON.stringify(stims())).toBe(before);
  });

  it('refuses a missing file or name, a body that is not multipart, a study in the field and a viewer', async () => {
    const before = JSON.stringify(stims());
    const image = { name: 'hero.png', type: 'image/png', bytes: png(300, 250) };
    const noFile = await upload(fields());
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ message: string }>().message).toContain(messages.spotlight.fileMissing);
    const noName = await upload({ ...fields(), name: '' }, image);
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('name');
    const json = await app.inject({
      method: 'POST',
      url: '/api/spotlight/stim/upload',
      headers: bearer(MANAGER),
      payload: fields(),
    });
    expect(json.statusCode).toBe(415);
    const fielding = await upload({ ...fields(), brief: briefOf('fielding') }, image);
    expect(fielding.statusCode).toBe(409);
    // A member of Contoso's company whose Spotlight role is viewer.
    const reader = (app.db.low.data.collections.user as { id: string; account: string }[]).find(
      (u) => u.account === ACCOUNT_IDS.contoso && u.id !== MANAGER,
    )!.id;
    const linked = await app.inject({
      method: 'POST',
      url: '/api/spotlight/user/create',
      headers: bearer(MANAGER),
      payload: { username: 'A viewer', external_id: reader, role: 'viewer' },
    });
    expect(linked.statusCode).toBe(201);
    const viewer = await upload(fields(), image, reader);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json<{ message: string }>().message).toBe(messages.access.writeRefused);
    expect(JSON.stringify(stims())).toBe(before);
  });
});

describe('the file store', () => {
  it('keeps files in the data directory, by content, and in memory without one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lamp-files-'));
    try {
      const disk = fileStore(dir);
      const bytes = png(60, 60);
      const key = await disk.put(bytes);
      expect(readdirSync(path.join(dir, 'spotlight-files'))).toEqual([key]);
      expect((await fileStore(dir).get(key))?.equals(bytes)).toBe(true);
      const memory = fileStore(null);
      expect((await memory.get(await memory.put(bytes)))?.equals(bytes)).toBe(true);
      expect(await memory.get('../lamp.json')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
