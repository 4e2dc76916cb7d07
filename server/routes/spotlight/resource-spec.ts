/**
 * What the Spotlight resource routes (resources.ts) ask of each resource: the same five calls
 * for all, and everything that differs (who may write, derived fields, checks, what the API
 * reference says) declared per resource in its entry, never as a branch on its name.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { spotlightListBody } from '../../../src/shared/schemas/spotlight.ts';
import type { Repository, StoredRow } from '../../store/repositories.ts';
import type { SpotlightContext, SpotlightNeed } from './guard.ts';
import type { SpotlightStore } from './store.ts';

export interface ResourceSpec {
  title: string;
  /** Singular, for messages. */
  noun: string;
  row: z.ZodType;
  createBody: z.ZodType;
  editBody: z.ZodType;
  /** What each write needs (src/shared/access.ts; `needs` in resources.ts); reading needs only the account. */
  writes: { create: SpotlightNeed; edit: SpotlightNeed; delete: SpotlightNeed };
  /** The records the company may see. */
  visible(store: SpotlightStore, ctx: SpotlightContext): readonly StoredRow[];
  nameOf(row: StoredRow): string;
  /** The record as the client gets it in the company of the call (derived fields added). */
  view(store: SpotlightStore, row: StoredRow, ctx: SpotlightContext): StoredRow;
  orderValue(row: StoredRow, field: string): unknown;
  create(
    store: SpotlightStore,
    ctx: SpotlightContext,
    input: Record<string, unknown>,
    app: FastifyInstance,
  ): Promise<{ row: StoredRow; status: 200 | 201 }>;
  /** Checks (and side effects) before the edited record is written. */
  edit?(
    store: SpotlightStore,
    ctx: SpotlightContext,
    current: StoredRow,
    next: StoredRow,
    input: Record<string, unknown>,
  ): void | Promise<void>;
  remove(store: SpotlightStore, ctx: SpotlightContext, row: StoredRow): Promise<void>;
  /** The store's collection of the records. */
  collection(store: SpotlightStore): Repository;
  /** Narrows a list by a field of the list body beyond the name (one study's assets), and says so. */
  listFilter?: { note: string; apply(rows: readonly StoredRow[], input: SpotlightListInput): readonly StoredRow[] };
  /** What create, edit and delete do beyond the plain call, for the API reference. */
  notes?: { create?: string; edit?: string; delete?: string };
  /** Deleting one may leave uploaded files no asset refers to (an asset, a study's assets): sweep them. */
  removesFiles?: boolean;
  /** The calls that may answer 409 (a rule about other records). */
  conflicts?: readonly ('create' | 'delete')[];
}

export type SpotlightListInput = z.output<typeof spotlightListBody>;
