/**
 * The words and plain rules of Spotlight that its pages show: the kinds of areas of interest, the
 * study contexts, a heat map's cells and the onboarding errors. Apart from the zod schemas
 * (schemas/spotlight.ts and spotlight-asset.ts, which build their enums from these), so that the
 * asset page's first load makes no schema in the main thread (src/lib/parse-jobs.ts says why).
 */

/** The areas of interest a creative is measured on, and what a person reads for each. */
export const AOI_LABELS = { logo: 'Logo', product: 'Product', headline: 'Headline', cta: 'Call to action' } as const;
export type AoiKind = keyof typeof AOI_LABELS;
export const AOI_KINDS = Object.keys(AOI_LABELS) as [AoiKind, ...AoiKind[]];

/** Where a study's assets are shown to the panel, and what a person reads for each; the list follows the labels. */
export const STUDY_CONTEXT_LABELS = {
  social_feed: 'Social feed',
  web_page: 'Web page',
  ctv: 'CTV',
  dooh: 'DOOH',
} as const;
export type StudyContext = keyof typeof STUDY_CONTEXT_LABELS;
export const STUDY_CONTEXTS = Object.keys(STUDY_CONTEXT_LABELS) as [StudyContext, ...StudyContext[]];

/** The cells of a heat map grid (two hex digits per cell) as numbers 0 to 255. */
export function heatmapCells(grid: { cols: number; rows: number; values: string }): Uint8Array {
  const cells = new Uint8Array(grid.cols * grid.rows);
  for (let i = 0; i < cells.length; i++) cells[i] = parseInt(grid.values.slice(i * 2, i * 2 + 2), 16);
  return cells;
}

/** Onboarding error ids (decisions.md §5), kept as the error's id on the client (spec §8). */
export const SPOTLIGHT_ERROR = {
  /** The account has a company; the user has no Spotlight user: link or create. */
  noUser: 1,
  /** The account lacks spotlight_access (the route guard normally stops this first). */
  noAccess: 2,
  /** The user's Spotlight user is not a member of this account's company. */
  notMember: 3,
  /** The account has no Spotlight company yet: create only. */
  noCompany: 4,
  /** The user may not work in this account, or asked for another user. */
  foreign: 5,
} as const;
