/**
 * Building blocks every resource schema uses. Ids are 24-hex strings (Mongo-style, as the
 * product's clients expect); timestamps are ISO 8601 in UTC; day-granular dates are 'YYYY-MM-DD'.
 */
import { z } from 'zod';

export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id');
export const isoDateTime = z.iso.datetime({ offset: true });
export const isoDay = z.iso.date();
export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #00badb');
/** A human-readable name: trimmed, not empty, bounded. */
export const name = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
export const text = z.string().max(5000, 'must be at most 5000 characters');
export const count = z.number().int().nonnegative();

/** Fields the server sets on every row; never accepted from a client. */
export const SERVER_FIELDS = ['id', 'created_at', 'updated_at'] as const;

export const baseRow = {
  id: objectId,
  created_at: isoDateTime,
};

/**
 * Create input: the row without its server-set fields, refusing unknown fields
 * (mass assignment). Update input: the same, every field optional.
 */
export function inputsFor<Shape extends z.ZodRawShape, Omitted extends keyof Shape>(
  row: z.ZodObject<Shape>,
  omit: readonly Omitted[],
) {
  const mask = Object.fromEntries(omit.map((key) => [key, true])) as Record<Omitted, true>;
  // zod's omit mask type is stricter than what TypeScript can infer from a generic list.
  const shape = row.omit(mask as never).shape as Omit<Shape, Omitted>;
  const create = z.strictObject(shape);
  const update = create.partial();
  return { create, update };
}
