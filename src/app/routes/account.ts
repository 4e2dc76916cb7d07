/** The user's own pages: home, signing in and first login, profile and settings. */
import { messages } from '../../shared/messages.ts';
import { route } from './declare.ts';

export const accountRoutes = [
  // Home shares the measurements area's sidebar (the account's measurements), so the top
  // navigation's Measurements item (on the measurements list) stays current here too.
  route('home', '/', 'Home', 'pages/HomePage', { sidebar: 'measurements' }),
  route('reset-password', '/reset-password', messages.titles.resetPassword, 'auth/ResetPasswordPage', {
    audience: 'public',
    layout: 'bare',
  }),
  route('login-link', '/login-link', messages.titles.loginLink, 'auth/LoginLinkPage', {
    audience: 'public',
    layout: 'bare',
  }),
  route('new-user', '/new-user', messages.titles.newUser, 'auth/NewUserPage', { layout: 'bare' }),
  route('profile', '/profile', 'Profile', 'auth/ProfilePage', {
    narrow: true,
    nav: { menu: 'user', label: 'Profile', order: 40 },
  }),
  // The bar holds the account switcher on wider screens; the settings page holds it on phones.
  route('settings', '/settings', 'Settings', 'pages/SettingsPage', {
    nav: { menu: 'user', label: 'Switch account', order: 10, smallScreenOnly: true },
  }),
];
