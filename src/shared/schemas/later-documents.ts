/**
 * API-document metadata that is itself made with z.toJSONSchema (a bulk request's rows described
 * as an invite's fields). zod's JSON Schema code is the server's: the browser build leaves it out
 * (scripts/zod-browser-trim.ts), so such metadata is not made as a shared schema module loads but
 * when a document is: `documentLater` keeps the recipe, and the API document's jsonSchema()
 * (server/routes/service/openapi-parameters.ts) calls `makeLaterDocuments` before it converts.
 */
import { z } from 'zod';

const pending: [schema: z.ZodType, make: () => Record<string, unknown>][] = [];

/** Registers `make()` as `schema`'s metadata when the first document is made. */
export function documentLater<T extends z.ZodType>(schema: T, make: () => Record<string, unknown>): T {
  pending.push([schema, make]);
  return schema;
}

/** Makes the metadata documentLater kept (once each); the API document calls it before it converts. */
export function makeLaterDocuments(): void {
  for (const [schema, make] of pending.splice(0)) z.globalRegistry.add(schema, make());
}
