/**
 * An asset's creative: uploaded as a file (multipart/form-data) into a draft study, and served
 * to the pages with the token.
 *
 *   POST /api/spotlight/stim/upload        brief, name, format, then the file → 201 {data}
 *   GET  /api/spotlight/stim/{id}/creative the uploaded file, the URL's redirect, or the drawn SVG
 *
 * The upload is checked before anything is kept: the type the browser names must be one of
 * UPLOAD_TYPES and the bytes must be that type with a readable size (media.ts); too large is 413.
 * An SVG is stored as rebuilt from an allow-list of picture elements (svg-clean.ts), and refused
 * (400) when it holds a script, an event handler or a javascript: link.
 * A stored file never changes, so it is served with its hash as the ETag and as immutable.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderCreative } from '../../spotlight-creative.ts';
import { messages } from '../../../src/shared/messages.ts';
import { errorResponse } from '../../../src/shared/schemas/auth.ts';
import {
  stimSource,
  stimUploadFields,
  SVG_MAX_MB,
  UPLOAD_MAX_MB,
  UPLOAD_TYPES,
  type Stim,
  type UploadType,
} from '../../../src/shared/schemas/spotlight.ts';
import { HttpError, invalidField } from '../../http-errors.ts';
import { nowIso } from '../../sandbox/context.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import { etagOf } from '../resources/concurrency.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';
import { spotlightFiles } from './files.ts';
import { spotlightContext, spotlightGuard } from './guard.ts';
import { readMedia } from './media.ts';
import { ActiveSvgError, cleanSvg } from './svg-clean.ts';
import { spotlightStore } from './store.ts';
import { draftStudy } from './study-rules.ts';
import { assertUploadRoom } from './upload-quota.ts';

const MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** The pixel and length bounds of an asset (the stim schema's). */
const SIDE = { min: 50, max: 4000 };
const LONGEST_VIDEO_S = 300;

const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

/**
 * SVGs as served: rebuilt from the allow-list, as uploads now are, so a file stored before goes
 * out clean too; one that no longer passes (or is past SVG_MAX_MB) shows nothing. Files are named
 * by their hash and never change, so a file found clean (or stored as rebuilt) is not rebuilt again.
 */
function svgServer() {
  const clean = new Set<string>();
  return {
    stored: (key: string) => void clean.add(key),
    serve(key: string, bytes: Buffer): Buffer | string {
      if (clean.has(key)) return bytes;
      if (bytes.length > SVG_MAX_MB * 1024 * 1024) return EMPTY_SVG;
      try {
        const rebuilt = cleanSvg(bytes)?.svg;
        if (rebuilt === bytes.toString('utf8')) clean.add(key);
        return rebuilt ?? EMPTY_SVG;
      } catch {
        return EMPTY_SVG; // a script or a handler
      }
    },
  };
}

export function spotlightCreativeRoutes(app: FastifyInstance) {
  const store = spotlightStore(app.repositories);
  const files = spotlightFiles(app);
  const svgs = svgServer();

  // Multipart is parsed in this scope only: every other route keeps its JSON-only rule (415).
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 10, parts: 12 } });
    routeFrom(
      scope,
      endpoints.spotlightUpload,
      {
        // Multipart needs no CSRF guard of its own here: the token header forces a preflight.
        config: { access: 'public', bodyTypes: ['multipart/form-data'] },
        onRequest: spotlightGuard(app, { spotlight: 'spotlight.asset.write' }),
        description: `multipart/form-data: brief, name and format, then the file (PNG, JPEG, GIF, WebP, SVG, MP4 or WebM, at most ${UPLOAD_MAX_MB} MB; an SVG at most ${SVG_MAX_MB} MB). The size and a video's length are read from the file. An SVG is stored as rebuilt from an allow-list of picture elements and attributes (no scripts, event handlers, foreign content, DTD or links outside the file); one with a script, an event handler or a javascript: link is refused. 400 names the field at fault; 409 when the study is not a draft; 413 when the file is too large or would pass an upload quota (the message names it); 415 when the body is not multipart.`,
        responses: {
          409: errorResponse,
          413: errorResponse.describe(
            `The file is larger than ${UPLOAD_MAX_MB} MB (an SVG: ${SVG_MAX_MB} MB), or would pass the account's upload quota (LAMP_UPLOAD_QUOTA_MB) or the test sandbox's (LAMP_SANDBOX_UPLOAD_QUOTA_MB)`,
          ),
          415: errorResponse,
        },
        // The parts are read and checked by the handler, for its own messages on each field.
        handlerParses: true,
      },
      async (request, reply) => {
        const ctx = spotlightContext(request);
        if (!request.isMultipart())
          throw new HttpError(415, 'Send the file as multipart/form-data, with brief, name and format before it');
        let part;
        try {
          part = await request.file({ throwFileSizeLimit: true });
        } catch {
          throw invalidField('file', messages.spotlight.fileUnreadable);
        }
        if (!part) throw invalidField('file', messages.spotlight.fileMissing);
        const fields = Object.fromEntries(
          Object.values(part.fields).flatMap((field) =>
            field && !Array.isArray(field) && field.type === 'field' ? [[field.fieldname, field.value]] : [],
          ),
        );
        const parsed = stimUploadFields.safeParse(fields);
        // Drain the file before answering, so the client is not cut off mid-send.
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError)
            throw invalidField('file', messages.spotlight.fileTooLarge(UPLOAD_MAX_MB), 413);
          throw invalidField('file', messages.spotlight.fileUnreadable);
        }
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalidField(String(issue?.path[0] ?? 'file'), issue?.message ?? 'is invalid');
        }
        if (!(part.mimetype in UPLOAD_TYPES)) throw invalidField('file', messages.spotlight.fileType);
        const contentType = part.mimetype as UploadType;
        if (contentType === 'image/svg+xml' && bytes.length > SVG_MAX_MB * 1024 * 1024)
          throw invalidField('file', messages.spotlight.svgTooLarge(SVG_MAX_MB), 413);
        let media;
        try {
          media = bytes.length ? readMedia(bytes, contentType) : null;
        } catch (error) {
          if (error instanceof ActiveSvgError) throw invalidField('file', messages.spotlight.svgActive(error.message));
          throw error;
        }
        if (!media) throw invalidField('file', messages.spotlight.fileUnreadable);
        // An SVG is kept as rebuilt from its allow-list, never as sent (svg-clean.ts).
        if (media.bytes) bytes = media.bytes;
        if ([media.width, media.height].some((side) => side < SIDE.min || side > SIDE.max))
          throw invalidField('file', `must be ${SIDE.min} to ${SIDE.max} pixels wide and high`);
        if (media.duration_s !== null && (media.duration_s < 1 || media.duration_s > LONGEST_VIDEO_S))
          throw invalidField('file', `a video must last 1 to ${LONGEST_VIDEO_S} seconds`);
        const study = draftStudy(store, ctx, parsed.data.brief);
        await assertUploadRoom(app, files, store, ctx, files.keyOf(bytes), bytes.length);

        const key = await files.put(bytes);
        if (contentType === 'image/svg+xml') svgs.stored(key);
        // Until its asset is written, the file is pending: a sweep meanwhile leaves it.
        let saved: StoredRow;
        try {
          saved = await store.stims.insert({
            id: newId(),
            company: ctx.company.id,
            brief: study.id,
            name: parsed.data.name,
            type: UPLOAD_TYPES[contentType],
            format: parsed.data.format,
            width: media.width,
            height: media.height,
            duration_s: media.duration_s,
            source: {
              kind: 'upload',
              file: key,
              content_type: contentType,
              bytes: bytes.length,
              filename: part.filename.slice(0, 255),
            },
            position: store.stims.findBy('brief', study.id).length,
            results: null,
            created_at: nowIso(),
          });
        } finally {
          files.settle(key);
        }
        void reply.code(201).header('etag', etagOf(saved));
        // The store's rows are untyped; the answer's schema checks this one on the way out.
        return { data: { ...saved, brief_name: String(study.name) } as unknown as Stim };
      },
    );
  });

  routeFrom(
    app,
    endpoints.spotlightCreative,
    {
      config: { access: 'public' },
      onRequest: spotlightGuard(app),
      description:
        'An uploaded file with its own content type (ETag, immutable; If-None-Match answers 304), a redirect to a URL asset, or the drawn SVG. The areas of interest are fractions of its width and height.',
      responses: { 304: z.null().describe('Not modified (If-None-Match)'), 404: errorResponse },
    },
    async (request, reply) => {
      const ctx = spotlightContext(request);
      const id = (request.params as { id: string }).id;
      const row = store.stims.byId(id);
      if (!row || row.company !== ctx.company.id) throw new HttpError(404, messages.spotlight.notFound('asset'));
      const source = stimSource.optional().parse(row.source);
      if (source?.kind === 'upload') {
        const etag = `"${source.file}"`;
        void reply.header('etag', etag).header('cache-control', 'private, max-age=31536000, immutable');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const bytes = await files.get(source.file);
        if (!bytes) throw new HttpError(404, 'The file of this asset is no longer stored');
        // An SVG stored before uploads were rebuilt (svg-clean.ts) goes out rebuilt too.
        if (source.content_type === 'image/svg+xml')
          return reply.type(source.content_type).send(svgs.serve(source.file, bytes));
        return reply.type(source.content_type).send(bytes);
      }
      if (source?.kind === 'url') return reply.redirect(source.url, 302);
      const study = store.briefs.byId(String(row.brief));
      const brand = String(study?.name ?? row.name).split(':')[0];
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .send(
          renderCreative({
            id: row.id,
            name: String(row.name),
            type: row.type as 'image' | 'video',
            format: String(row.format),
            width: Number(row.width),
            height: Number(row.height),
            duration_s: (row.duration_s as number | null) ?? null,
            brand,
          }),
        );
    },
  );
}
