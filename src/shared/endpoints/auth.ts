/** Sign-in, the session, the user's own details and the health check. */
import { z } from 'zod';
import { loginRequest, loginResponse, sessionState } from '../schemas/auth.ts';
import {
  ForgottenPasswordBodySchema,
  LoginLinkQuerySchema,
  ResetPasswordBodySchema,
  SuccessResponseSchema,
  UpdateCurrentUserBodySchema,
} from '../schemas/self-service.ts';
import { userRow } from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';

/** The server's modes (server/config.ts), as the health check reports them. */
export const SERVER_MODES = ['demo', 'test', 'production'] as const;

const tags = ['auth'];

export const authEndpoints = {
  signIn: endpoint('signIn', { body: loginRequest, answer: loginResponse, tags, summary: 'Sign in' }),
  signOut: endpoint('signOut', { answer: SuccessResponseSchema, tags, summary: 'Sign out' }),
  signOutByGet: endpoint('signOutByGet', {
    answer: SuccessResponseSchema,
    tags,
    summary: "Sign out (the spec's GET, for compatibility)",
  }),
  currentUser: endpoint('currentUser', { answer: userRow, tags, summary: 'The signed-in user' }),
  session: endpoint('session', {
    answer: sessionState,
    tags,
    summary: 'Whether the cookie names a live session',
  }),
  forgottenPassword: endpoint('forgottenPassword', {
    body: ForgottenPasswordBodySchema,
    answer: SuccessResponseSchema,
    tags,
    summary: 'E-mail a password reset link',
  }),
  resetPassword: endpoint('resetPassword', {
    body: ResetPasswordBodySchema,
    answer: SuccessResponseSchema,
    tags,
    summary: 'Set a new password, by reset link or with the current one',
  }),
  loginLink: endpoint('loginLink', {
    query: LoginLinkQuerySchema,
    answer: SuccessResponseSchema,
    tags,
    summary: 'Follow the login link of an e-mail',
  }),
  updateCurrentUser: endpoint('updateCurrentUser', {
    body: UpdateCurrentUserBodySchema,
    answer: userRow,
    tags,
    summary: "Change the signed-in user's own details",
  }),
  health: endpoint('health', {
    answer: z.object({
      status: z.literal('ok'),
      mode: z.enum(SERVER_MODES),
      uptimeSeconds: z.number().int().nonnegative(),
    }),
    tags: ['api'],
    summary: 'Liveness',
  }),
};
