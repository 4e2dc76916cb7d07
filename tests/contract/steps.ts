/** The pieces an entry of the operation table is written with (operations.ts). */
import type { Step } from './client.ts';
import type { World } from './world.ts';

/** An entry: the requests that walk one operation, in order (each sent under that operation). */
export type Entry = (w: World) => Step[] | Promise<Step[]>;

/** The same request without a session: 401 on an operation that needs one. */
export const noSession: Step = { status: 401, invalid: true };
export const json = (status: number, body: unknown, extra: Partial<Step> = {}): Step => ({ status, body, ...extra });
/** A body of another media type than the operation's: 415. */
export const asText: Partial<Step> = { type: 'text/plain', invalid: true };
