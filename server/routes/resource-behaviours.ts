/**
 * Server behaviour that differs per resource, beside the resource engine (design.md "Many similar
 * pages"): the engine calls these hooks, never `name === '…'` branches. beforeWrite completes and
 * checks a row about to be created or updated (server-owned fields, state rules); beforeDelete
 * refuses a delete while other rows depend on the row. Both throw an HttpError to refuse.
 */
import type { ResourceName } from '../../src/shared/schemas/index.ts';
import type { Repositories, StoredRow } from '../store/repositories.ts';
import { assertListUnused, prepareActivation } from './activation-rules.ts';

export interface ResourceBehaviour {
  beforeWrite?(repositories: Repositories, row: StoredRow, current: StoredRow | null): void;
  beforeDelete?(repositories: Repositories, row: StoredRow): void;
}

export const resourceBehaviours: Partial<Record<ResourceName, ResourceBehaviour>> = {
  activation: { beforeWrite: prepareActivation },
  'domain-list': { beforeDelete: assertListUnused },
};
