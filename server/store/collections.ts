/**
 * The store's data as plain rows: every collection by name, each row with its id. The store
 * (database.ts, journal.ts), the demo loader and the fixtures' generator all speak it.
 */
export type Row = Record<string, unknown> & { id: string };
export type Collections = Record<string, Row[]>;
