/**
 * The Spotlight service's contract (decisions.md §5, lamp-spec.md §3 and §7): the creative-testing
 * service the app calls with a token under /api/spotlight-auth and /api/spotlight/. The server
 * validates with these schemas and the client parses with them.
 *
 * Internal names, as the service has them: a `brief` is a study, a `stim` is an asset, a `company`
 * is the Spotlight company of a LAMP account, a `user` is a Spotlight user linked to a LAMP user.
 */
import { z } from 'zod';
import { SPOTLIGHT_ROLES, STUDY_STATUSES } from '../spotlight-rules.ts';
import { STUDY_CONTEXTS } from '../spotlight-words.ts';
import { dateOrderIssue, datesInOrder, dayRange, isoDateTime, name, objectId, text } from './common.ts';
import { area, pct, seconds, stim, stimCreative } from './spotlight-asset.ts';

export * from './spotlight-asset.ts';

export const SPOTLIGHT_RESOURCES = ['brief', 'stim', 'company', 'user'] as const;
export type SpotlightResource = (typeof SPOTLIGHT_RESOURCES)[number];

/**
 * Each resource's facts, a row each: what a person reads for its collection in the audit trail
 * (Activity's "What"), its list's default order, and the fields its list may be ordered by.
 */
const RESOURCE_ROWS: Readonly<Record<SpotlightResource, readonly [title: string, order: string, fields: string[]]>> = {
  company: ['Spotlight Companies', 'name_asc', ['created_at', 'name']],
  user: ['Spotlight Users', 'username_asc', ['created_at', 'username']],
  brief: [
    'Spotlight Studies',
    'created_at_desc',
    ['created_at', 'name', 'status', 'context', 'sample_size', 'start_date', 'end_date'],
  ],
  stim: [
    'Spotlight Assets',
    'created_at_desc',
    ['created_at', 'name', 'position', 'noticed_pct', 'dwell_s', 'ttff_s', 'recall_uplift_pts'],
  ],
};

const byResource = <T>(fact: (resource: SpotlightResource) => T) =>
  Object.fromEntries(
    (Object.keys(RESOURCE_ROWS) as SpotlightResource[]).map((resource) => [resource, fact(resource)]),
  ) as { readonly [R in SpotlightResource]: T };

/** The store's collection of each resource: what the server writes and the audit trail names. */
export const SPOTLIGHT_COLLECTIONS = byResource((resource) => `spotlight-${resource}` as const) as {
  readonly [R in SpotlightResource]: `spotlight-${R}`;
};
export const SPOTLIGHT_COLLECTION_TITLES = byResource((resource) => RESOURCE_ROWS[resource][0]);
/** The fields each resource's list may be ordered by (the first is the default, descending for dates). */
export const SPOTLIGHT_ORDER_FIELDS: Readonly<Record<SpotlightResource, readonly string[]>> = byResource(
  (resource) => RESOURCE_ROWS[resource][2],
);
export const SPOTLIGHT_DEFAULT_ORDER = byResource((resource) => RESOURCE_ROWS[resource][1]);

/** Panel size per cell (decisions.md §5). */
export const SAMPLE_SIZE_MIN = 100;
export const SAMPLE_SIZE_MAX = 300;

// ——— Rows ———

export const spotlightCompany = z.object({
  id: objectId,
  /** The LAMP account this company belongs to (one company per account). */
  account: objectId,
  name,
  created_at: isoDateTime,
  updated_at: isoDateTime.optional(),
  /** Derived on read: how many Spotlight users are members. */
  user_count: z.number().int().nonnegative().optional(),
});
export type SpotlightCompany = z.infer<typeof spotlightCompany>;

/**
 * A membership: one Spotlight user in one company, with the role they have there. The role is the
 * membership's, never the user's (decisions.md §5): an admin of one company changes what a member
 * may do in that company only.
 */
export const spotlightMembership = z.object({ company: objectId, role: z.enum(SPOTLIGHT_ROLES) });
export type SpotlightMembership = z.infer<typeof spotlightMembership>;

/** A Spotlight user as the store keeps it (schema version 5 on: server/store/migrations/v4-to-v5.ts). */
export const spotlightUserRecord = z.object({
  id: objectId,
  username: name,
  /** The LAMP user id this Spotlight user belongs to. */
  external_id: objectId,
  /** The companies the user is a member of, each with the user's role there (at most one each). */
  memberships: z.array(spotlightMembership),
  created_at: isoDateTime,
  updated_at: isoDateTime.optional(),
});
export type SpotlightUserRecord = z.infer<typeof spotlightUserRecord>;

/**
 * A Spotlight user as a company sees them: their role in that company (the membership of the
 * company the call is made in), and nothing of their other memberships.
 */
export const spotlightUser = spotlightUserRecord.omit({ memberships: true }).extend({
  /** The user's Spotlight role in this company (spotlight-rules.ts). */
  role: z.enum(SPOTLIGHT_ROLES),
});

export const brief = z.object({
  id: objectId,
  company: objectId,
  name,
  objective: text,
  status: z.enum(STUDY_STATUSES),
  context: z.enum(STUDY_CONTEXTS),
  /** Panel size per cell. */
  sample_size: z.number().int().min(SAMPLE_SIZE_MIN).max(SAMPLE_SIZE_MAX),
  cells: z.number().int().min(1).max(12),
  ...dayRange,
  created_at: isoDateTime,
  updated_at: isoDateTime.optional(),
  /** Derived on read. */
  asset_count: z.number().int().nonnegative().optional(),
});
export type Brief = z.infer<typeof brief>;

// ——— Inputs (strict: unknown fields are refused) ———

const briefFields = {
  name,
  objective: text.default(''),
  status: z.enum(STUDY_STATUSES).default('draft'),
  context: z.enum(STUDY_CONTEXTS),
  sample_size: z.number().int().min(SAMPLE_SIZE_MIN).max(SAMPLE_SIZE_MAX),
  cells: z.number().int().min(1).max(12).default(1),
  ...dayRange,
};

/** A new study starts as a draft: the document offers no other status (the server says why). */
export const briefCreate = z
  .strictObject({
    ...briefFields,
    status: z.enum(['draft'], { error: 'a new study starts as a draft' }).default('draft'),
  })
  .refine(datesInOrder, dateOrderIssue());
export const briefEdit = z
  .strictObject({
    name,
    objective: text,
    status: z.enum(STUDY_STATUSES),
    context: z.enum(STUDY_CONTEXTS),
    sample_size: briefFields.sample_size,
    cells: z.number().int().min(1).max(12),
    ...dayRange,
  })
  .partial()
  .refine(datesInOrder, dateOrderIssue());

export const stimCreate = z.strictObject({
  brief: objectId,
  ...stimCreative,
  duration_s: z.number().min(1).max(300).nullable().default(null),
  /** A creative hosted elsewhere (https); without it the service draws one. */
  url: z.url({ protocol: /^https$/, message: 'must be an https:// address' }).optional(),
});
export const stimEdit = z
  .strictObject({
    name,
    format: z.string().trim().min(1).max(80),
    position: z.number().int().min(0).max(10_000),
    areas: z.array(area).max(20),
  })
  .partial();

/** The upload's text fields (multipart/form-data, beside the file part). */
export const stimUploadFields = z.strictObject({
  brief: objectId,
  name,
  format: z.string().trim().min(1).max(80),
});

export const companyCreate = z.strictObject({ account: objectId, name });
export const companyEdit = z.strictObject({ name }).partial();

export const spotlightUserCreate = z.strictObject({
  username: name,
  external_id: objectId,
  role: z.enum(SPOTLIGHT_ROLES).default('viewer'),
});
/** `role` changes the membership of the company the call is made in, and no other. */
export const spotlightUserEdit = z.strictObject({ username: name, role: z.enum(SPOTLIGHT_ROLES) }).partial();

// ——— Calls ———

/** The list call's body (spec §7): page_num from 1, order_by as field_direction. */
export const spotlightListBody = z.strictObject({
  page_num: z.number().int().min(1).default(1),
  results_per_page: z.number().int().min(1).max(100).default(20),
  order_by: z
    .string()
    .regex(/^[a-z_]+_(asc|desc)$/, 'must be field_direction, e.g. created_at_desc')
    .optional(),
  filter_name: z.string().max(200).optional(),
  /** Stims only: the study whose assets to list. */
  filter_brief: objectId.optional(),
});
export type SpotlightListBody = z.input<typeof spotlightListBody>;

/**
 * The list body of one resource, for its route and the document: order_by names one of the
 * resource's order fields. The pattern is the document's; the server's own check (listing.ts)
 * answers with the fields a list may order by.
 */
export function spotlightListBodyOf(resource: SpotlightResource) {
  const fields = SPOTLIGHT_ORDER_FIELDS[resource].join('|');
  return spotlightListBody.extend({
    order_by: spotlightListBody.shape.order_by.meta({ pattern: `^(${fields})_(asc|desc)$` }),
  });
}

export function spotlightListResponse<Row extends z.ZodType>(row: Row) {
  return z.object({ data: z.array(row), count: z.number().int().nonnegative() });
}

// ——— Auth (spec §3, §7; decisions.md §5) ———

export const spotlightAuthLinkQuery = z.strictObject({ id: objectId, company: objectId });
export const spotlightAuthCreateQuery = z.strictObject({
  username: name,
  external_id: objectId,
  company_name: name,
  company_id: objectId,
});
/** Either form; the create form is told apart by its username. */
export const spotlightAuthQuery = z.union([spotlightAuthCreateQuery, spotlightAuthLinkQuery]);

export const spotlightAuthResponse = z.union([
  z.object({
    success: z.literal(true),
    token: z.string().min(1),
    message: z.string().optional(),
    /** The user's Spotlight role in this company, so the pages hide what the service would refuse. */
    role: z.enum(SPOTLIGHT_ROLES).optional(),
  }),
  z.object({ success: z.literal(false), error_type: z.number().int(), message: z.string() }),
]);

/** Dashboard lists: the company's recent studies, and its assets ranked by % noticed. */
export const briefListResponse = z.object({ data: z.array(brief) });
export const stimListResponse = z.object({
  data: z.object({
    best: z.array(stim),
    worst: z.array(stim),
    headline: z.object({
      studies: z.number().int().nonnegative(),
      assets: z.number().int().nonnegative(),
      assets_with_results: z.number().int().nonnegative(),
      panellists: z.number().int().nonnegative(),
      noticed_pct: pct.nullable(),
      dwell_s: seconds.nullable(),
      ttff_s: seconds.nullable(),
      recall_uplift_pts: z.number().nullable(),
    }),
  }),
});
