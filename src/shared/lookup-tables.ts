/**
 * The seven lookup tables of the admin area (spec §2 "Lookup tables"), in the spec's order, with
 * their spec titles and the registry resource each one is (decisions.md §2). Kept free of zod so
 * the route table can read it: the registry (schemas/index.ts) takes its lookup titles and
 * LOOKUP_RESOURCES from here, and src/app/routes/admin.ts its LOOKUP_TABLES.
 */
export const LOOKUP_TABLE_TITLES = {
  model: 'Models',
  'advertising-channel': 'Advertising Channels',
  'media-partner': 'Media Partners',
  'media-type': 'Media Types',
  'device-type': 'Device Types',
  format: 'Formats',
  'third-party-macro-vendor': 'Third Party Macro Vendors',
} as const;

export type LookupResource = keyof typeof LOOKUP_TABLE_TITLES;

/** A table's URL segment: its title in lower case with dashes ('Media Partners' → 'media-partners'). */
export const lookupTableName = (title: string) => title.toLowerCase().replace(/\s+/g, '-');
