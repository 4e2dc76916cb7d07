import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'must be a domain like example.com');

/** An allow or block list of domains used by activations. */
export const domainListRow = z.object({
  ...baseRow,
  account: objectId,
  name,
  type: z.enum(['allow', 'block']),
  domains: z.array(domain).max(50_000),
});
export type DomainList = z.infer<typeof domainListRow>;

export const { create: domainListCreate, update: domainListUpdate } = inputsFor(domainListRow, ['id', 'created_at']);
