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
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../fixtures/ids.ts';
import { SessionStore } from '../../server/plugins/session.ts';
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

/**
 * Where uploaded files go and how much they may take (issue 45 item 3): on disk, never in memory,
 * per sandbox in a folder of its own that goes with the sandbox; removed with their asset; an
 * upload past the account's or the sandbox's quota is 413 naming the limit, and nothing is stored.
 */
describe('the file store and its bounds', () => {
  let dir: string;
  let disk: FastifyInstance;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lamp-files-'));
    disk = await buildTestApp({ dataDir: dir, uploadQuotaBytes: 20_000, sandboxUploadQuotaBytes: 12_000 });
  });
  afterEach(async () => {
    await disk.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const kept = (folder = 'spotlight-files') => {
    try {
      return readdirSync(path.join(dir, folder)).sort();
    } catch {
      return [];
    }
  };
  const diskBearer = (sandbox?: string) => {
    const session = sandbox
      ? disk.inSandbox(sandbox, () => disk.sessions.create(MANAGER))
      : disk.sessions.create(MANAGER);
    return {
      authorization: `Bearer ${signSpotlightToken(disk.config.linkSecret, MANAGER, SessionStore.reference(session))}`,
      ...(sandbox ? { 'x-lamp-sandbox': sandbox } : {}),
    };
  };
  const draft = () =>
    (disk.db.low.data.collections['spotlight-brief'] as { id: string; status: string }[]).find(
      (b) => b.status === 'draft',
    )!.id;
  async function put(bytes: Buffer, sandbox?: string) {
    const body = multipart(
      { brief: draft(), name: 'Sized', format: 'Feed 1:1' },
      { name: 'a.png', type: 'image/png', bytes },
    );
    return disk.inject({
      method: 'POST',
      url: '/api/spotlight/stim/upload',
      headers: { ...diskBearer(sandbox), ...body.headers },
      payload: body.payload,
    });
  }
  const remove = (what: 'stim' | 'brief', id: string, sandbox?: string) =>
    disk.inject({ method: 'POST', url: `/api/spotlight/${what}/${id}/delete`, headers: diskBearer(sandbox) });
  const idOf = (answer: { json: <T>() => T }) => answer.json<{ data: { id: string } }>().data.id;

  it('keeps files in the data directory by content, and removes a file with the last asset that uses it', async () => {
    const bytes = png(60, 60, { noise: true });
    const first = await put(bytes);
    expect(first.statusCode, first.body).toBe(201);
    const second = await put(bytes);
    expect(second.statusCode).toBe(201);
    const key = first.json<{ data: { source: { file: string } } }>().data.source.file;
    expect(kept()).toEqual([key]);
    expect((await remove('stim', idOf(first))).statusCode).toBe(204);
    expect(kept(), 'another asset still uses it').toEqual([key]);
    expect((await remove('stim', idOf(second))).statusCode).toBe(204);
    expect(kept()).toEqual([]);
    // A study deleted takes its assets' files with it.
    expect((await put(png(70, 70, { noise: true }))).statusCode).toBe(201);
    expect(kept()).toHaveLength(1);
    expect((await remove('brief', draft())).statusCode).toBe(204);
    expect(kept()).toEqual([]);
  });

  it("refuses an upload past the account's quota with 413 naming it, and stores nothing", async () => {
    const big = png(60, 60, { noise: true });
    expect(big.length).toBeGreaterThan(10_000);
    expect((await put(big)).statusCode).toBe(201);
    const before = JSON.stringify(disk.db.low.data.collections['spotlight-stim']);
    const files = kept();
    const refused = await put(png(61, 61, { noise: true }));
    expect(refused.statusCode).toBe(413);
    const body = refused.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.issues.map((issue) => issue.path)).toEqual(['file']);
    expect(body.message).toContain(messages.spotlight.accountQuota('Contoso Partners', 1, 1));
    expect(body.message).toContain('LAMP_UPLOAD_QUOTA_MB');
    expect(JSON.stringify(disk.db.low.data.collections['spotlight-stim'])).toBe(before);
    expect(kept()).toEqual(files);
    // The same bytes again take no more room.
    expect((await put(big)).statusCode).toBe(201);
  });

  it("keeps a sandbox's files on disk in a folder of its own, within its quota, and removes them with the sandbox", async () => {
    await disk.inject({ url: '/api/health', headers: { 'x-lamp-sandbox': 'uploads' } });
    const first = await put(png(60, 60, { noise: true }), 'uploads');
    expect(first.statusCode, first.body).toBe(201);
    expect(kept()).toEqual([]);
    expect(kept('spotlight-sandbox-files/uploads')).toHaveLength(1);
    const refused = await put(png(61, 61, { noise: true }), 'uploads');
    expect(refused.statusCode).toBe(413);
    expect(refused.json<{ message: string }>().message).toContain(messages.spotlight.sandboxQuota('uploads', 1, 1));
    expect(kept('spotlight-sandbox-files/uploads')).toHaveLength(1);
    // Served back from there.
    const served = await disk.inject({
      url: `/api/spotlight/stim/${idOf(first)}/creative`,
      headers: diskBearer('uploads'),
    });
    expect(served.statusCode).toBe(200);
    const deleted = await disk.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/uploads' });
    expect(deleted.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept('spotlight-sandbox-files')).toEqual([]);
  });
});
