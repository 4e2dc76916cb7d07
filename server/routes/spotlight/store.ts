/**
 * The Spotlight service's collections in the store (reset with everything else by
 * /api/v1/testing/reset: they are part of the fixtures' document).
 */
import { SPOTLIGHT_COLLECTIONS } from '../../../src/shared/schemas/spotlight.ts';
import type { Repositories, Repository, StoredRow } from '../../store/repositories.ts';

export { SPOTLIGHT_COLLECTIONS };

export interface SpotlightStore {
  companies: Repository;
  users: Repository;
  briefs: Repository;
  stims: Repository;
  companyOfAccount(accountId: string): StoredRow | undefined;
  userOf(lampUserId: string): StoredRow | undefined;
}

export function spotlightStore(repositories: Repositories): SpotlightStore {
  // Ownership is by company, not by LAMP account, so the account indexes are not used (null).
  // People's changes here are audited like the registry's (true): the selected account's trail.
  const companies = repositories.collection(SPOTLIGHT_COLLECTIONS.company, 'account', true);
  const users = repositories.collection(SPOTLIGHT_COLLECTIONS.user, null, true);
  const briefs = repositories.collection(SPOTLIGHT_COLLECTIONS.brief, null, true);
  const stims = repositories.collection(SPOTLIGHT_COLLECTIONS.stim, null, true);
  return {
    companies,
    users,
    briefs,
    stims,
    companyOfAccount: (accountId) => companies.byOwners([accountId])[0],
    userOf: (lampUserId) => users.findBy('external_id', lampUserId)[0],
  };
}
