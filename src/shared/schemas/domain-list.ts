import { z } from 'zod';
import {
  EMPTY_LIST,
  INPUT_ENTRY_RULE,
  isNormalisedEntry,
  MAX_DOMAIN_LIST_ENTRIES,
  NORMALISED_ENTRY_PATTERNS,
  normaliseEntries,
  tooManyEntries,
} from '../domains.ts';
import { baseRow, inputsFor, lazySchema, name, objectId } from './common.ts';

export const DOMAIN_LIST_TYPES = ['allow', 'block'] as const;

/** An allow or block list of web domains and app bundle ids, as activations use them. */
export const domainListRow = z.object({
  ...baseRow,
  account: objectId,
  name,
  type: z.enum(DOMAIN_LIST_TYPES),
  domains: z
    .array(
      z
        .string()
        .refine(isNormalisedEntry, 'must be a domain or app bundle id in its normal form')
        .meta({ anyOf: NORMALISED_ENTRY_PATTERNS.map((pattern) => ({ pattern })) }),
    )
    // The message is written when needed: writing numbers the British way loads locale data,
    // which cost every page that loads the schemas 60 ms of a phone's CPU before it could draw.
    .max(MAX_DOMAIN_LIST_ENTRIES, { error: () => tooManyEntries(MAX_DOMAIN_LIST_ENTRIES + 1) }),
});
export type DomainList = z.infer<typeof domainListRow>;

/**
 * Entries as a client sends them: normalised (src/shared/domains.ts), duplicates merged; a bad
 * entry is refused by its position; an empty list is refused (the rule of every route that makes or
 * changes a list: an allow list of nothing would let an activation buy nowhere). Files and pasted text go to /api/v1/domain-list/upload, which
 * reports by line.
 */
const domainsInput = z
  .array(z.string().max(2048).meta({ description: INPUT_ENTRY_RULE }))
  .min(1, EMPTY_LIST)
  .max(MAX_DOMAIN_LIST_ENTRIES * 4)
  .transform((values, context) => {
    const result = normaliseEntries(values);
    for (const issue of result.issues.slice(0, 5))
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.index] });
    if (result.entries.length > MAX_DOMAIN_LIST_ENTRIES)
      context.addIssue({ code: 'custom', message: tooManyEntries(result.entries.length) });
    return result.entries;
  });

const inputs = inputsFor(domainListRow);
export const domainListCreate = lazySchema(() => inputs.create.extend({ domains: domainsInput }));
export const domainListUpdate = lazySchema(() => inputs.update.extend({ domains: domainsInput.optional() }));
