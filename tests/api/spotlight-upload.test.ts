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
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { SessionStore } from '../../server/plugins/session.ts';
import { spotlightFiles } from '../../server/routes/spotlight/files.ts';
import { spotlightStore } from '../../server/routes/spotlight/store.ts';
import { signSpotlightToken } from '../../server/routes/spotlight/token.ts';
import { messages } from '../../src/shared/messages.ts';
import { SVG_MAX_MB, UPLOAD_MAX_MB } from '../../src/shared/schemas/spotlight.ts';
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
      messages.spotlight.svgActive('a script (script)'),
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
 * SVG creatives (issue 51 item 9): the text filter let through `x:script`, a DTD entity, an
 * entity-encoded `javascript:` and an iframe's `srcdoc`. An SVG is now kept as rebuilt from an
 * allow-list (server/routes/spotlight/svg-clean.ts): what is stored and served holds none of them,
 * a file made to run is refused on the file field, and a designer's ordinary SVG still uploads.
 */
describe('SVG creatives', () => {
  const SVG = 'xmlns="http://www.w3.org/2000/svg"';
  const svgFile = (text: string) => ({ name: 'banner.svg', type: 'image/svg+xml', bytes: Buffer.from(text) });
  const served = async (id: string) => {
    const answer = await app.inject({ url: `/api/spotlight/stim/${id}/creative`, headers: bearer(MANAGER) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    return answer.body;
  };

  it.each([
    [
      'a namespace-prefixed script (x:script)',
      `<svg ${SVG} xmlns:x="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/><x:script>alert(1)</x:script></svg>`,
      messages.spotlight.svgActive('a script (x:script)'),
    ],
    [
      'a script behind a DTD entity',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY s "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg ${SVG} width="100" height="100">&s;<rect width="100" height="100"/></svg>`,
      messages.spotlight.fileUnreadable,
    ],
    [
      'an entity-encoded javascript: link',
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><a xlink:href="&#106;avascript:alert(1)"><rect width="100" height="100"/></a></svg>`,
      messages.spotlight.svgActive('a javascript: link (xlink:href)'),
    ],
  ])('refuses %s on the file field; nothing is stored', async (_name, text, message) => {
    const before = JSON.stringify(stims());
    const answer = await upload(fields(), svgFile(text));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<{ issues: unknown[] }>().issues).toEqual([{ path: 'file', message }]);
    expect(JSON.stringify(stims())).toBe(before);
  });

  it("keeps a picture but not a foreignObject's iframe and its srcdoc, nor a DTD, in what is stored and served", async () => {
    const text =
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY unused "x">]><svg ${SVG} width="200" height="100">` +
      '<rect width="200" height="100" fill="#00badb"/>' +
      '<foreignObject width="200" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" ' +
      'srcdoc="&lt;script&gt;parent.alert(1)&lt;/script&gt;"/></foreignObject></svg>';
    const answer = await upload(fields(), svgFile(text));
    expect(answer.statusCode, answer.body).toBe(201);
    const { data } = answer.json<{ data: { id: string; width: number; height: number; source: { bytes: number } } }>();
    expect(data).toMatchObject({ width: 200, height: 100 });
    const body = await served(data.id);
    expect(body).toBe(
      `<svg ${SVG} width="200" height="100"><rect width="200" height="100" fill="#00badb"></rect></svg>`,
    );
    expect(data.source.bytes).toBe(Buffer.byteLength(body));
    for (const gone of ['foreignObject', 'iframe', 'srcdoc', 'script', 'DOCTYPE', 'ENTITY'])
      expect(body).not.toContain(gone);
  });

  it('uploads an ordinary SVG from a design tool: its size read, its picture kept, its clutter dropped', async () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
      '<!-- Generator: a design tool -->',
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"`,
      '  width="300px" height="250px" viewBox="0 0 300 250" inkscape:version="1.3">',
      '  <metadata><title>ignored</title></metadata>',
      '  <style>.headline { font: bold 28px sans-serif; fill: url(#sky); } .a > .b { fill: #fff; }</style>',
      '  <defs><linearGradient id="sky"><stop offset="0" stop-color="#00badb"/><stop offset="1" stop-color="#334155"/></linearGradient>',
      '  <linearGradient id="sky2" xlink:href="#sky"/></defs>',
      '  <rect width="300" height="250" fill="url(#sky2)" inkscape:label="background"/>',
      '  <text x="20" y="60" class="headline">Game night &amp; more</text>',
      '  <image href="https://tracker.example/pixel.png" width="1" height="1"/>',
      '</svg>',
    ].join('\n');
    const answer = await upload(fields(), svgFile(text));
    expect(answer.statusCode, answer.body).toBe(201);
    const { data } = answer.json<{ data: { id: string; type: string; width: number; height: number } }>();
    expect(data).toMatchObject({ type: 'image', width: 300, height: 250 });
    const body = await served(data.id);
    expect(body).toContain(`<svg ${SVG} width="300px" height="250px" viewBox="0 0 300 250">`);
    expect(body).toContain('<linearGradient id="sky2" href="#sky"></linearGradient>');
    expect(body).toContain('<rect width="300" height="250" fill="url(#sky2)"></rect>');
    expect(body).toContain('<text x="20" y="60" class="headline">Game night &amp; more</text>');
    expect(body).toContain('.a &gt; .b');
    for (const gone of ['inkscape', 'metadata', 'Generator', 'DOCTYPE', 'tracker.example'])
      expect(body).not.toContain(gone);

    // Past SVG_MAX_MB (rebuilding takes time on the event loop): 413 on the file field.
    const padded = `<svg ${SVG} width="300" height="250">${'<rect width="1" height="1"/>'.repeat(80_000)}</svg>`;
    const tooLarge = await upload(fields(), svgFile(padded));
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(tooLarge.json<{ issues: unknown[] }>().issues).toEqual([
      { path: 'file', message: messages.spotlight.svgTooLarge(SVG_MAX_MB) },
    ]);

    // A viewBox alone gives the size.
    const boxed = await upload(fields(), svgFile(`<svg ${SVG} viewBox="0 0 640 480"><circle r="10"/></svg>`));
    expect(boxed.json<{ data: object }>().data).toMatchObject({ width: 640, height: 480 });
  });

  it('serves an SVG stored before this check rebuilt: a prefixed script is not served, foreign content is dropped', async () => {
    const uploaded = await upload(
      fields(),
      svgFile(`<svg ${SVG} width="100" height="100"><rect width="100" height="100"/></svg>`),
    );
    const { id } = uploaded.json<{ data: { id: string } }>().data;
    const files = spotlightFiles(app);
    const stored = spotlightStore(app.repositories).stims;
    const storeRaw = async (text: string) => {
      const key = await files.put(Buffer.from(text));
      files.settle(key);
      const row = stored.byId(id)!;
      await stored.replace({ ...row, source: { ...(row.source as object), file: key, bytes: text.length } });
    };
    await storeRaw(
      `<svg ${SVG} width="100" height="100"><rect width="100" height="100"/><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="x"/></foreignObject></svg>`,
    );
    expect(await served(id)).toBe(`<svg ${SVG} width="100" height="100"><rect width="100" height="100"></rect></svg>`);
    await storeRaw(
      `<svg ${SVG} xmlns:x="http://www.w3.org/2000/svg" width="100" height="100"><x:script>alert(1)</x:script></svg>`,
    );
    expect(await served(id)).toBe(`<svg ${SVG}/>`);
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
