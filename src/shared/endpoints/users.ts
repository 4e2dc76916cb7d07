/** The users of an account: invitations, grants, roles. */
import { z } from 'zod';
import {
  accountGrantBody,
  accountGrantRow,
  accountGrantsQuery,
  accountUserQuery,
  accountUserRoleBody,
  bulkUsersBody,
  inviteUserBody,
} from '../schemas/account-users.ts';
import { userRow } from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';

const oneUser = z.object({ data: userRow, count: z.literal(1) });
const tags = ['users'];

export const userEndpoints = {
  inviteUser: endpoint('inviteUser', {
    body: inviteUserBody,
    answer: oneUser,
    status: 201,
    tags,
    summary: 'Invite a user to an account',
  }),
  bulkCreateUsers: endpoint('bulkCreateUsers', {
    body: bulkUsersBody,
    answer: z.object({ data: z.array(userRow), count: z.number().int() }),
    status: 201,
    tags,
    summary: 'Create many users of an account at once',
  }),
  accountGrants: endpoint('accountGrants', {
    query: accountGrantsQuery,
    answer: z.object({ data: z.array(accountGrantRow), count: z.number().int() }),
    tags,
    summary: 'Who holds which role on an account',
  }),
  grantAccess: endpoint('grantAccess', {
    body: accountGrantBody,
    answer: oneUser,
    status: 201,
    tags,
    summary: 'Give an existing user a role on an account',
  }),
  setAccountRole: endpoint('setAccountRole', {
    body: accountUserRoleBody,
    answer: oneUser,
    tags,
    summary: "Set a user's role on an account",
  }),
  removeAccountUser: endpoint('removeAccountUser', {
    query: accountUserQuery,
    status: 204,
    tags,
    summary: "Remove a user's access to an account",
  }),
};
