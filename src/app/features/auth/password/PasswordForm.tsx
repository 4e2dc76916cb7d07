import { messages } from '../../../../shared/messages.ts';
import type { PasswordField as Field } from '../../../../shared/auth-forms.ts';
import { ErrorSummary } from '../../../kit/ErrorSummary.tsx';
import { buttonClass } from '../../../shared/Button.tsx';
import { PasswordField } from '../fields.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';
import { PASSWORD_FIELDS, type PasswordFormState } from './usePasswordForm.ts';

/**
 * The password form of spec §2 and §4, drawn from its state (usePasswordForm): change is titled
 * 'Change password', half width on wide screens; initial is the first login's, untitled and full
 * width, under the details form that shows the summary for both; reset is the reset-link page's.
 * Save is disabled while submitting. It submits without native browser validation.
 */
export function PasswordForm({ password }: { password: PasswordFormState }) {
  const { form, checker, refs, score, askCurrent, mode } = password;
  const meterId = `${mode}-strength`;
  const field = (name: Field) => ({
    ...PASSWORD_FIELDS[name],
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.set(name, event.target.value),
    error: form.errors[name],
    inputRef: refs[name],
  });

  const titled = mode === 'change';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
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
      {/* At the first login the details form above says it for both. */}
      {mode === 'initial' ? null : <ErrorSummary errors={form.errors} />}
      {askCurrent ? <PasswordField {...field('currentPassword')} /> : null}
      <PasswordField
        {...field('newPassword')}
        belowId={meterId}
        below={<StrengthMeter id={meterId} password={form.values.newPassword} score={score} checker={checker} />}
      />
      <PasswordField {...field('confirmNewPassword')} />
      <div className="flex justify-end">
        <button
          type="submit"
          className={buttonClass('primary', mode === 'change' ? 'min-w-24' : 'w-full sm:w-auto sm:min-w-24')}
          disabled={form.saving}
        >
          Save
        </button>
      </div>
    </form>
  );
}
