import { useRef, useState, type FormEvent } from 'react';
import { useUnsavedForm } from '../../../shared/useUnsavedForm.ts';
import {
  hasErrors,
  validatePasswordForm,
  type FieldErrors,
  type PasswordField as Field,
} from '../../../../shared/auth-forms.ts';
import { BUTTON_REENABLE_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { showError } from '../../../../stores/alerts.ts';
import { buttonClass } from '../../../shared/Button.tsx';
import { PasswordField } from '../fields.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';
import { scoreOf, useStrengthChecker } from './useStrength.ts';

/** What the form hands to its caller; the confirmation is never part of it (spec §3). */
export interface PasswordPayload {
  currentPassword?: string;
  newPassword: string;
}

export interface PasswordFormProps {
  /**
   * change: titled 'Change password', half width on wide screens; initial: the first-login
   * variant, untitled and full width; reset: the reset-link page (no current password).
   */
  mode: 'change' | 'initial' | 'reset';
  /** The user's own names and e-mail: zxcvbn scores passwords made of them as weak. */
  userInputs?: string[];
  submit: (payload: PasswordPayload) => Promise<void>;
  /** Runs after a successful submit, before the form re-enables. */
  onSuccess: () => void;
  /** Error-alert fallback (spec §8). */
  failureFallback: string;
  /** Extra checks of the page around the form (the first-login details); false stops the submit. */
  validateExtra?: () => boolean;
}

const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/** Each password field's label and what browsers and password managers should offer in it. */
const FIELDS: Record<Field, { label: string; autoComplete: string }> = {
  currentPassword: { label: 'Current password', autoComplete: 'current-password' },
  newPassword: { label: 'New password', autoComplete: 'new-password' },
  confirmNewPassword: { label: 'Confirm new password', autoComplete: 'new-password' },
};

/**
 * The password form of spec §2 and §4: idle, submitting (Save disabled); success resets it and
 * re-enables Save after 1 s; failure raises an error alert, returns focus to the current password
 * and re-enables Save after 1 s. It submits without native browser validation.
 */
export function PasswordForm({
  mode,
  userInputs = [],
  submit,
  onSuccess,
  failureFallback,
  validateExtra,
}: PasswordFormProps) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const checker = useStrengthChecker();
  const score = scoreOf(checker, values.newPassword, userInputs);
  const askCurrent = mode !== 'reset';
  const meterId = `${mode}-strength`;
  // Spec §4: a half-typed password is an unsaved form; an account switch asks before dropping it.
  useUnsavedForm(Object.values(values).some((value) => value !== ''));

  const refs: Record<Field, typeof newRef> = {
    currentPassword: currentRef,
    newPassword: newRef,
    confirmNewPassword: confirmRef,
  };
  const field = (name: Field) => ({
    ...FIELDS[name],
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name],
    inputRef: refs[name],
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validatePasswordForm(
      askCurrent ? values : { newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword },
      score,
    );
    setErrors(found);
    const extraOk = validateExtra ? validateExtra() : true;
    if (hasErrors(found)) {
      (found.currentPassword ? currentRef : found.newPassword ? newRef : confirmRef).current?.focus();
      return;
    }
    if (!extraOk) return;
    setSubmitting(true);
    const payload: PasswordPayload = askCurrent
      ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
      : { newPassword: values.newPassword };
    try {
      await submit(payload);
      setValues(empty);
      setErrors({});
      onSuccess();
    } catch (error) {
      showError(error, failureFallback);
      (askCurrent ? currentRef : newRef).current?.focus();
    }
    setTimeout(() => setSubmitting(false), BUTTON_REENABLE_MS);
  }

  const titled = mode === 'change';
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={titled ? 'change-password-title' : undefined}
      aria-label={titled ? undefined : mode === 'reset' ? 'New password' : 'Choose your password'}
      className={titled ? 'w-full space-y-4 md:w-1/2' : 'w-full space-y-4'}
      data-testid={`password-form-${mode}`}
    >
      {titled ? (
        <h2 id="change-password-title" className="text-lg font-semibold text-slate-800">
          {messages.profile.changePasswordTitle}
        </h2>
      ) : null}
      {askCurrent ? <PasswordField {...field('currentPassword')} /> : null}
      <PasswordField
        {...field('newPassword')}
        belowId={meterId}
        below={<StrengthMeter id={meterId} password={values.newPassword} score={score} checker={checker} />}
      />
      <PasswordField {...field('confirmNewPassword')} />
      <div className="flex justify-end">
        <button
          type="submit"
          className={buttonClass('primary', mode === 'change' ? 'min-w-24' : 'w-full sm:w-auto sm:min-w-24')}
          disabled={submitting}
        >
          Save
        </button>
      </div>
    </form>
  );
}
