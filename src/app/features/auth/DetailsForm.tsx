import type { FormEvent } from 'react';
import type { FieldErrors } from '../../../shared/auth-forms.ts';
import { messages } from '../../../shared/messages.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';

export interface DetailsValues {
  first_name: string;
  last_name: string;
  email: string;
  marketing_consent: boolean;
}

export type DetailsErrors = FieldErrors<'first_name' | 'last_name' | 'email'>;

/** The data-protection notice beside the consent checkbox (spec §2 "Profile form"). */
export const DATA_PROTECTION_NOTICE =
  'We use your details to run your account and, only with your consent, to send you news about our products. We process personal data in line with the UK General Data Protection Regulation (GDPR), the Data Protection Act 2018 (DPA) and the Privacy and Electronic Communications Regulations (PECR).';

interface DetailsFormProps {
  /** profile: the profile screen; confirm: 'Confirm Details' at first login, without consent and Save. */
  mode: 'profile' | 'confirm';
  title: string;
  values: DetailsValues;
  errors: DetailsErrors;
  onChange: (values: DetailsValues) => void;
  onSubmit?: () => void;
  submitting?: boolean;
}

/** The two name fields, side by side, with what browsers should fill in them. */
const NAME_FIELDS = [
  { key: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name', autoComplete: 'family-name' },
] as const;

/**
 * The user-details form: first and last name, the e-mail (disabled: it is the sign-in identity),
 * and on the profile screen the marketing-consent checkbox with its notice and Save. The first
 * name is focused on load. No native browser validation.
 */
export function DetailsForm({ mode, title, values, errors, onChange, onSubmit, submitting = false }: DetailsFormProps) {
  const headingId = `${mode}-details-title`;
  const set = <K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) => onChange({ ...values, [key]: value });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="space-y-4"
      data-testid={`details-form-${mode}`}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-800">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map(({ key, label, autoComplete }) => (
          <TextField
            key={key}
            label={label}
            name={key}
            autoComplete={autoComplete}
            value={values[key]}
            onChange={(event) => set(key, event.target.value)}
            error={errors[key]}
            // Spec §2: the first name is focused on load.
            autoFocus={key === 'first_name'}
          />
        ))}
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={values.email}
        disabled
        readOnly
        error={errors.email}
        hint={mode === 'profile' ? 'Your e-mail address is your sign-in name and cannot be changed here.' : undefined}
        className="[&_input:disabled]:bg-slate-100 [&_input:disabled]:text-slate-600"
      />
      {mode === 'profile' ? (
        <>
          <div className="rounded-md border border-slate-200 bg-slate-50 p-4">
            <label className="flex items-start gap-3 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="marketing_consent"
                className="mt-0.5 size-4 accent-slate-800"
                checked={values.marketing_consent}
                onChange={(event) => set('marketing_consent', event.target.checked)}
                aria-describedby="data-protection-notice"
              />
              {messages.profile.marketingConsentLabel}
            </label>
            <p id="data-protection-notice" className="mt-2 text-xs leading-relaxed text-slate-600">
              {DATA_PROTECTION_NOTICE} You can withdraw your consent at any time by clearing this box.
            </p>
          </div>
          <div className="flex justify-end">
            <button type="submit" className={buttonClass('primary', 'min-w-24')} disabled={submitting}>
              Save
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
