/**
 * A Spotlight asset (the service's `stim`) and its results: the creative's source, the areas of
 * interest drawn on it, and the figures, heatmap and norms a fielded study gives it. Part of the
 * Spotlight contract (./spotlight.ts, which re-exports it).
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { AOI_KINDS } from '../spotlight-words.ts';
import { isoDateTime, name, objectId } from './common.ts';

export const ASSET_TYPES = ['image', 'video'] as const;

/** A share in percent, and a time in seconds, as the results give them. */
export const pct = z.number().min(0).max(100);
export const seconds = z.number().min(0).max(600);

/** A box on the creative, as fractions of its width and height (0 to 1). */
export const aoiBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
});

/**
 * An area of interest drawn on a draft's creative, before any results: its name and its box,
 * which must lie inside the creative (the issue sits on the width or height that overruns).
 */
export const areaBox = aoiBox
  // A drawn box has a size: an exclusive minimum of 0 that the document states too.
  .extend({ w: z.number().gt(0, 'must be more than 0').max(1), h: z.number().gt(0, 'must be more than 0').max(1) })
  .refine((box) => box.x + box.w <= 1.0001, { path: ['w'], message: messages.spotlight.areaOutside })
  .refine((box) => box.y + box.h <= 1.0001, { path: ['h'], message: messages.spotlight.areaOutside });
export const area = z.strictObject({ name: z.string().trim().min(1).max(80), box: areaBox });
export type Area = z.infer<typeof area>;

/** Where an asset's creative comes from: drawn by the service, an uploaded file, or a URL. */
export const UPLOAD_TYPES = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'image/svg+xml': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;
/** The largest file an upload may carry. */
export const UPLOAD_MAX_MB = 20;
/**
 * The largest SVG. It is parsed and rebuilt from an allow-list on upload (server/routes/spotlight/
 * svg-clean.ts), about 0.2 s a megabyte on the event loop: 2 MB bounds that to about 0.4 s, and a
 * vector creative is far smaller (a larger one is mostly an embedded photo, better sent as PNG or JPEG).
 */
export const SVG_MAX_MB = 2;
export const stimSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('generated') }),
  z.object({
    kind: z.literal('upload'),
    /** The stored file's SHA-256 (hex): its key and its ETag. */
    file: z.string().regex(/^[0-9a-f]{64}$/),
    content_type: z.enum(Object.keys(UPLOAD_TYPES) as [UploadType, ...UploadType[]]),
    bytes: z.number().int().positive(),
    filename: z.string().max(255),
  }),
  z.object({ kind: z.literal('url'), url: z.url({ protocol: /^https$/ }) }),
]);

/** The figures of one area of interest; the norms use the same shape. */
export const aoiFigures = z.object({
  seen_pct: pct,
  time_to_notice_s: seconds,
  dwell_s: seconds,
  seen_first_pct: pct,
  revisited_pct: pct,
});

export const aoi = aoiFigures.extend({
  kind: z.enum(AOI_KINDS),
  label: z.string(),
  box: aoiBox,
  /** 1 is looked at first (the median panellist's order). */
  view_order: z.number().int().min(1),
});

/**
 * Fixation density over the creative: a grid of `cols` × `rows` cells, row by row, each 0 to 255
 * (the densest cell is 255) written as two hex digits. The client draws the grid as it is; nothing
 * is computed per pixel at view time.
 */
export const heatmapGrid = z
  .object({
    cols: z.number().int().min(1).max(128),
    rows: z.number().int().min(1).max(128),
    values: z.string().regex(/^(?:[0-9a-f]{2})*$/, 'must be two hex digits per cell'),
  })
  .refine((grid) => grid.values.length === grid.cols * grid.rows * 2, {
    message: 'values must hold cols × rows cells',
  });

export const assetFigures = z.object({
  noticed_pct: pct,
  dwell_s: seconds,
  ttff_s: seconds,
});

export const stimResults = assetFigures.extend({
  /** Panellists measured so far (all cells). */
  sample: z.number().int().nonnegative(),
  aois: z.array(aoi),
  heatmap: heatmapGrid,
  /** The category the norms come from, e.g. 'Social feed · video'. */
  category: z.string(),
  norms: assetFigures.extend({
    aois: z.partialRecord(z.enum(AOI_KINDS), aoiFigures),
    recall_pct: pct,
  }),
  /** Aided brand recall of the exposed cell, and its uplift in points against the category norm. */
  recall_pct: pct,
  recall_uplift_pts: z.number().min(-100).max(100),
});

/** An asset's creative as a person describes it: what the row holds and a new asset gives. */
export const stimCreative = {
  name,
  type: z.enum(ASSET_TYPES),
  /** e.g. 'Feed 4:5', 'MPU 300×250', '30 s spot'. */
  format: z.string().trim().min(1).max(80),
  width: z.number().int().min(50).max(4000),
  height: z.number().int().min(50).max(4000),
};

export const stim = z.object({
  id: objectId,
  company: objectId,
  brief: objectId,
  ...stimCreative,
  /** Video length in seconds; null for images. */
  duration_s: z.number().min(1).max(300).nullable(),
  /** null until the study has fielded. */
  results: stimResults.nullable(),
  /** Absent: drawn by the service (the fixtures' creatives). */
  source: stimSource.optional(),
  /** The asset's place in its study (0 first); absent sorts by creation. */
  position: z.number().int().min(0).optional(),
  /** Areas of interest drawn on the creative while the study is a draft. */
  areas: z.array(area).max(20).optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime.optional(),
  /** Derived on read: the study's name. */
  brief_name: z.string().optional(),
});
export type Stim = z.infer<typeof stim>;
