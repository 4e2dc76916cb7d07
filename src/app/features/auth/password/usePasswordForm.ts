/**
 * The password form's state (spec §2 "Change-password form", §4, §5) on the kit's form state
 * (useResourceForm), though nothing stored is edited: the rules are the plain functions of
 * src/shared/auth-forms.ts (the login page's script shares them and cannot carry zod), run as the
 * form's schema (kit/checks.ts `ruledBy`, loaded with zod on Save). The new password's strength is
 * zxcvbn's score, read as the form is checked; zxcvbn loads as the form mounts (useStrength.ts).
 *
 * A refused form puts focus on its first refused password field; a failed send raises the error
 * alert (the mode's fallback words when the server gave none) and puts focus back on the first
 * password field; a saved one empties the fields.
 */
import { useRef, type RefObject } from 'react';
import { validatePasswordForm, type FieldErrors, type PasswordField as Field } from '../../../../shared/auth-forms.ts';
import { issueField } from '../../../kit/formMessages.ts';
import { useResourceForm, type Values } from '../../../kit/useResourceForm.ts';
import { scoreOf, useStrengthChecker } from './useStrength.ts';

/** What the form hands to its caller; the confirmation is never part of it (spec §3). */
export interface PasswordPayload {
  currentPassword?: string;
  newPassword: string;
}

/**
 * change: the profile's form; initial: the first login's (with the details above it, one Save);
 * reset: the reset-link page (no current password).
 */
export type PasswordMode = 'change' | 'initial' | 'reset';

export type PasswordValues = Record<Field, string>;

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/** Each password field's label and what browsers and password managers should offer in it. */
export const PASSWORD_FIELDS: Record<Field, { label: string; autoComplete: string }> = {
  currentPassword: { label: 'Current password', autoComplete: 'current-password' },
  newPassword: { label: 'New password', autoComplete: 'new-password' },
  confirmNewPassword: { label: 'Confirm new password', autoComplete: 'new-password' },
};

const FIELD_ORDER = Object.keys(PASSWORD_FIELDS) as Field[];

/** The API's names of the fields (a 400's issues name them so: a password over 256 characters). */
const API_FIELDS: Readonly<Record<string, Field>> = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
};
const fieldOf = (path: unknown) => {
  const field = issueField(path);
  return API_FIELDS[field] ?? field;
};

export interface PasswordFormOptions<Extra extends Values> {
  mode: PasswordMode;
  /** The user's own names and e-mail: zxcvbn scores passwords made of them as weak. */
  userInputs?: (values: Extra & PasswordValues) => string[];
  /** More fields sent with the same Save (the first login's details), their labels and rules. */
  extra?: {
    initial: Extra;
    labels: Readonly<Record<string, string>>;
    rules: (values: Extra) => FieldErrors<string>;
  };
  submit: (payload: PasswordPayload, values: Extra & PasswordValues) => Promise<void>;
  /** Runs after a successful submit, before the form re-enables. */
  onSuccess: () => void;
  /** Error-alert fallback (spec §8). */
  failureFallback: string;
}

export function usePasswordForm<Extra extends Values = Record<never, never>>(options: PasswordFormOptions<Extra>) {
  const { mode, extra } = options;
  const askCurrent = mode !== 'reset';
  const checker = useStrengthChecker();
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmNewPassword: useRef<HTMLInputElement>(null),
  };
  const focus = (field: Field) => refs[field].current?.focus();
  const start = { ...(extra?.initial as Extra), ...EMPTY };
  const scoreFor = (values: Extra & PasswordValues) =>
    scoreOf(checker, values.newPassword, options.userInputs?.(values) ?? []);

  const form = useResourceForm({
    schema: () =>
      import('../../../kit/checks.ts').then(({ ruledBy }) =>
        ruledBy((values: Extra & PasswordValues) => {
          const { currentPassword, newPassword, confirmNewPassword } = values;
          const passwords = askCurrent
            ? { currentPassword, newPassword, confirmNewPassword }
            : { newPassword, confirmNewPassword };
          return { ...extra?.rules(values), ...validatePasswordForm(passwords, scoreFor(values)) };
        }),
      ),
    initial: start,
    labels: {
      ...extra?.labels,
      ...Object.fromEntries(FIELD_ORDER.map((field) => [field, PASSWORD_FIELDS[field].label])),
    },
    fieldOf,
    onRefused: (errors) => {
      const first = FIELD_ORDER.find((field) => errors[field]);
      if (first) focus(first);
    },
    submit: (values) =>
      options.submit(
        askCurrent
          ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
          : { newPassword: values.newPassword },
        values,
      ),
    onSaved: (_, values) => {
      form.reset({ ...values, ...EMPTY });
      options.onSuccess();
    },
    failure: {
      fallback: options.failureFallback,
      after: () => focus(askCurrent ? 'currentPassword' : 'newPassword'),
    },
  });

  return { form, checker, refs, score: scoreFor(form.values), askCurrent, mode };
}

/** What the password form's fields need of the state, whatever fields the page adds to it. */
export interface PasswordFormState {
  form: {
    values: PasswordValues;
    set: (name: Field, value: string) => void;
    errors: Readonly<Record<string, string>>;
    saving: boolean;
    onSubmit: (event?: { preventDefault: () => void }) => void;
  };
  checker: ReturnType<typeof useStrengthChecker>;
  refs: Record<Field, RefObject<HTMLInputElement | null>>;
  score: number | null;
  askCurrent: boolean;
  mode: PasswordMode;
}
