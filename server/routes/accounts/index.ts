/** An account's people and grants, and its audit trail. */
import { accountAccessPlugin } from './account-access.ts';
import { accountUsersPlugin } from './account-users.ts';
import { auditEventsPlugin } from './audit-events.ts';

export const accountPlugins = [accountUsersPlugin, accountAccessPlugin, auditEventsPlugin];
