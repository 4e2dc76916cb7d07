/** /admin/users: the account's users: list, create with invitation, bulk create, one user and their grants; pages of its own. */
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 20;

export default {
  title: 'Users',
  singular: 'User',
  access: { productOwner: true, permission: 'users.manage' },
  menu: 'account',
  resource: 'user',
  create: true,
  bulk: true,
  detailParam: 'userId',
  pages: {
    list: 'admin/AdminUsersPage',
    create: 'admin/AdminUserCreatePage',
    bulk: 'admin/AdminUsersBulkCreatePage',
    detail: 'admin/AdminUserPage',
  },
} satisfies AdminSectionEntry;
