/**
 * Request and response schemas of the activation endpoints that are not plain resources: the
 * read-only domain preview beside the metrics endpoint, creating an activation with its allow
 * list, and domain list uploads and downloads. The server validates with them, the OpenAPI
 * document is generated from them, the pages type from them.
 */
import { z } from 'zod';
import { INITIAL_ACTIVATION_STATUSES } from './activations.ts';
import { activationRow } from './schemas/activation.ts';
import { errorResponse } from './schemas/auth.ts';
import { name, objectId } from './schemas/common.ts';
import { DOMAIN_LIST_TYPES, domainListRow } from './schemas/domain-list.ts';

const minApm = z.coerce
  .number({ error: 'must be a number' })
  .nonnegative('must not be negative')
  .max(1_000_000, 'must be at most 1,000,000');

export const domainPreviewQuery = z.object({
  measurement: objectId,
  min_apm: minApm.default(0),
});

const nullableNumber = z.number().nullable();

export const domainPreviewResponse = z.object({
  data: z.object({
    measurement: objectId,
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    min_apm: z.number(),
    /** The measurement over the same days: what the qualifying domains are compared with. */
    totals: z.object({ impressions: z.number(), apm: nullableNumber }),
    /** Every domain of the measurement's breakdown, largest first. */
    entries: z.array(
      z.object({
        domain: z.string(),
        impressions: z.number(),
        apm: nullableNumber,
        share: nullableNumber,
        listable: z.boolean(),
        qualifies: z.boolean(),
      }),
    ),
    qualifying: z.object({
      domains: z.array(z.string()),
      count: z.number().int(),
      impressions: z.number(),
      share: nullableNumber,
      apm: nullableNumber,
    }),
    unlistable: z.number().int(),
  }),
});
export type DomainPreviewResponse = z.infer<typeof domainPreviewResponse>;

export const activationWithListBody = z.strictObject({
  name,
  measurement: objectId,
  /** A third-party-macro-vendor id: the platform the deal goes to. */
  vendor: objectId,
  min_apm: minApm,
  status: z.enum(INITIAL_ACTIVATION_STATUSES).default('draft'),
  /** The allow list's name; by default the activation's name with ' – allow list'. */
  list_name: name.optional(),
});
export type ActivationWithListBody = z.input<typeof activationWithListBody>;

export const activationWithListResponse = z.object({
  data: z.object({ activation: activationRow, domain_list: domainListRow }),
});
export type ActivationWithListResponse = z.infer<typeof activationWithListResponse>;

/**
 * The settings of a draft or paused activation, changed together (PUT /api/v1/activation/with-list?id=):
 * a new minimum APM re-derives its allow list from its measurement's domains.
 */
export const activationSettingsQuery = z.object({ id: objectId });
export const activationSettingsBody = z.strictObject({
  name,
  /** A third-party-macro-vendor id: the platform the deal goes to. */
  vendor: objectId,
  min_apm: minApm,
});
export type ActivationSettingsBody = z.input<typeof activationSettingsBody>;

export const activationSettingsResponse = z.object({
  /** The list the activation uses after the change (null when it uses none). */
  data: z.object({ activation: activationRow, domain_list: domainListRow.nullable() }),
});
export type ActivationSettingsResponse = z.infer<typeof activationSettingsResponse>;

/** A file (or pasted text) travels as its text; 50,000 long entries stay well under 4 MB. */
const listText = z
  .string()
  .min(1, 'The file is empty')
  .max(4 * 1024 * 1024, 'The file is larger than 4 MB');

export const domainListUploadBody = z
  .strictObject({
    /** Replace the entries of this list; without it a new list is made (account, name, type needed). */
    id: objectId.optional(),
    account: objectId.optional(),
    name: name.optional(),
    type: z.enum(DOMAIN_LIST_TYPES).optional(),
    file_name: z.string().trim().max(255).optional(),
    text: listText,
  })
  // The handler checks this itself, to name every missing field in one message.
  .meta({ anyOf: [{ required: ['id'] }, { required: ['account', 'name', 'type'] }] });
export type DomainListUploadBody = z.input<typeof domainListUploadBody>;

export const lineIssue = z.object({ line: z.number().int(), message: z.string() });

export const domainListUploadResponse = z.object({
  data: domainListRow,
  count: z.literal(1),
  /** Lines that repeated an earlier entry and were merged into it. */
  duplicates: z.number().int(),
  /** Whether the first line was read as a header. */
  header: z.boolean(),
});

/** A 400 of an upload: the usual error body, plus every bad line (the first 1,000). */
export const domainListUploadError = errorResponse.extend({
  statusCode: z.literal(400),
  /** Absent when the request itself was wrong (a missing field), not a line of the text. */
  lines: z.array(lineIssue).optional(),
});

export const domainListDownloadQuery = z.object({ id: objectId });
