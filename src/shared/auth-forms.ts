/**
 * Rules of the sign-in and account forms (lamp-spec.md §4 strength meter, §5 Forms), written once
 * so that the login island, the app's forms and the server agree. Plain functions without zod on
 * purpose: the login page's script budget (15 KB gzipped) cannot carry a schema library.
 */
import { MIN_PASSWORD_SCORE } from './constants.ts';
import { messages } from './messages.ts';

const v = messages.validation;

/**
 * The spec does not show its e-mail pattern; this is the one of the user schema
 * (src/shared/schemas/user.ts): something@domain.tld with no spaces anywhere.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field name → message; an empty object means the form is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Login e-mail, forgot-password e-mail and profile e-mail share these rules. */
export function emailError(email: string): string | undefined {
  if (email.trim() === '') return v.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return v.invalidEmailFormat;
  return undefined;
}

export function validateLogin(input: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.password === '') errors.password = v.passwordRequired;
  return errors;
}

export function validateForgottenPassword(input: { email: string }): FieldErrors<'email'> {
  const email = emailError(input.email);
  return email ? { email } : {};
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmNewPassword';

/**
 * The change-password form (spec §5). `score` is zxcvbn's score of the new password, or null
 * while the checker is not loaded (the strength rule then waits for it: the server checks too).
 * Without `currentPassword` in the input (the reset page) that field is not asked for.
 */
export function validatePasswordForm(
  input: { currentPassword?: string; newPassword: string; confirmNewPassword: string },
  score: number | null,
): FieldErrors<PasswordField> {
  const errors: FieldErrors<PasswordField> = {};
  if (input.currentPassword !== undefined && input.currentPassword === '') {
    errors.currentPassword = v.currentPasswordRequired;
  }
  if (input.newPassword === '') errors.newPassword = v.newPasswordRequired;
  else if (score !== null && score < MIN_PASSWORD_SCORE) errors.newPassword = v.passwordNotStrongEnough;
  if (input.confirmNewPassword === '') errors.confirmNewPassword = v.newPasswordRequired;
  else if (input.confirmNewPassword !== input.newPassword) errors.confirmNewPassword = v.passwordsDoNotMatch;
  return errors;
}

export function validateProfile(input: {
  first_name: string;
  last_name: string;
  email: string;
}): FieldErrors<'first_name' | 'last_name' | 'email'> {
  const errors: FieldErrors<'first_name' | 'last_name' | 'email'> = {};
  if (input.first_name.trim() === '') errors.first_name = v.firstNameRequired;
  if (input.last_name.trim() === '') errors.last_name = v.lastNameRequired;
  const email = emailError(input.email);
  if (email) errors.email = email;
  return errors;
}

export interface StrengthLevel {
  /** 0 to 4, after the "score 0 with 3 or more characters is weak" rule. */
  level: 0 | 1 | 2 | 3 | 4;
  label: (typeof messages.strength)[number];
  /** Bar width as a fraction: 0, 1/4, 1/2, 3/4, 1. */
  width: number;
}

/** Below this many characters the meter says 'too short', whatever the score. */
export const STRENGTH_MIN_LENGTH = 3;

/**
 * The strength meter (spec §4): no input or fewer than 3 characters is 'too short'; otherwise the
 * zxcvbn score picks the text and bar width, except that score 0 shows as 'weak'.
 */
export function strengthLevel(password: string, score: number): StrengthLevel {
  let level: StrengthLevel['level'];
  if (password.length < STRENGTH_MIN_LENGTH) level = 0;
  else level = Math.min(4, Math.max(1, Math.trunc(score))) as StrengthLevel['level'];
  return { level, label: messages.strength[level], width: level / 4 };
}
