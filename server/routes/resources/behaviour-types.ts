/**
 * The shape of a resource's behaviour (what the engine, resources.ts, asks of each entry of
 * BEHAVIOURS in resource-behaviour.ts). Apart from the table, so the modules that supply entries
 * (name mappings, report schedules) need not import the table that imports them.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { User } from '../../../src/shared/schemas/index.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';

/** What a derived field may read besides its row. */
export interface DeriveContext {
  app: FastifyInstance;
  repositories: Repositories;
}

/** What a write's rules may read: the app, the store and who is writing. */
export interface WriteContext extends DeriveContext {
  user: User;
}

/** The methods the engine serves on a resource's path. */
export type EngineMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ResourceBehaviour {
  /**
   * Methods of `/api/v1/{resource}` another module registers instead of the engine. Any other
   * route there stops the start (resources.ts), so a hand route never shadows the engine unseen.
   */
  customRoutes?: readonly EngineMethod[];
  /**
   * Server-owned fields of a new row (the create input's own defaults, lists [] and nullable
   * references null, come from the registry's create schema).
   */
  defaults?: (user: User) => Record<string, unknown>;
  /** The schema a stored row must pass when it holds more than clients see (users' hashes). */
  storedRow?: z.ZodType;
  /** Fields added to the row sent to clients (never stored). */
  derive?: (row: StoredRow, context: DeriveContext) => Record<string, unknown>;
  /** `derive` reads other rows (so a list page is not cached against its row objects). */
  deriveReadsOthers?: boolean;
  /** Completes and checks a row about to be created or updated; throws to refuse (nothing is written). */
  beforeWrite?: (repositories: Repositories, row: StoredRow, current: StoredRow | null, context: WriteContext) => void;
  /**
   * Whether the actor may make this change beyond the write role (before: the stored row, null on
   * create; after: the new row, null on delete); throws 403 to refuse.
   */
  authorise?: (actor: User, before: StoredRow | null, after: StoredRow | null) => void;
  /**
   * Checks against the stored data once the write is allowed and the row valid (uniqueness), and
   * figures stored with the row, just before it is stored; throws to refuse (nothing is written).
   */
  beforeStore?: (repositories: Repositories, row: StoredRow, context: WriteContext) => void;
  /** Runs once a row is created (before: null) or updated: what the write sets off (e-mails). */
  afterWrite?: (row: StoredRow, before: StoredRow | null, context: WriteContext) => Promise<void>;
  /** Runs before a delete; throws to refuse it (nothing is written). */
  beforeDelete?: (repositories: Repositories, row: StoredRow, context: WriteContext) => void;
  /** Runs once a row is deleted (what must not outlive it). */
  afterDelete?: (row: StoredRow, context: WriteContext) => void;
}
