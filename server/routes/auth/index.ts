/** Signing in and out, the current user, passwords, login links and the user's own details. */
import { authPlugin } from './auth.ts';
import { currentUserPlugin } from './current-user.ts';
import { loginLinkPlugin } from './login-link.ts';
import { passwordPlugin } from './password.ts';
import { profilePlugin } from './profile.ts';

export const authPlugins = [authPlugin, currentUserPlugin, passwordPlugin, loginLinkPlugin, profilePlugin];
