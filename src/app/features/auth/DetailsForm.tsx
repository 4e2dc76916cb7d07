import type { FormEvent } from 'react';
import { labelsFor } from '../../../shared/field-labels.ts';
import { messages } from '../../../shared/messages.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { buttonClass } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';

// A type, not an interface: a form's values are a plain record (useResourceForm's `Values`).
export type DetailsValues = {
  first_name: string;
  last_name: string;
  email: string;
  marketing_consent: boolean;
};

/** The fields' labels, for the messages of a refused form. */
export const DETAILS_LABELS = labelsFor('first_name', 'last_name', 'email');

/** The user's details as the form starts from them. */
export const detailsOf = (user: {
  first_name: string;
  last_name: string;
  email: string;
  marketing_consent?: boolean | null;
}): DetailsValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  marketing_consent: Boolean(user.marketing_consent),
});

/** The data-protection notice beside the consent checkbox (spec §2 "Profile form"). */
export const DATA_PROTECTION_NOTICE =
  'We use your details to run your account and, only with your consent, to send you news about our products. We process personal data in line with the UK General Data Protection Regulation (GDPR), the Data Protection Act 2018 (DPA) and the Privacy and Electronic Communications Regulations (PECR).';

interface DetailsFormProps {
  /** profile: the profile screen; confirm: 'Confirm Details' at first login, without consent and Save. */
  mode: 'profile' | 'confirm';
  title: string;
  /**
   * The form's state (useResourceForm): the profile's own, or at first login the password form's,
   * which holds these fields too and whose Save sends both.
   */
  form: {
    values: DetailsValues;
    // A method, so a form holding more fields than these (the first login's) passes too.
    set<K extends keyof DetailsValues>(name: K, value: DetailsValues[K]): void;
    errors: Readonly<Record<string, string>>;
    saving: boolean;
    onSubmit: (event?: { preventDefault: () => void }) => void;
  };
}

/** The two name fields, side by side, with what browsers should fill in them. */
const NAME_FIELDS = [
  { key: 'first_name', autoComplete: 'given-name' },
  { key: 'last_name', autoComplete: 'family-name' },
] as const;

/**
 * The user-details form: first and last name, the e-mail (disabled: it is the sign-in identity),
 * and on the profile screen the marketing-consent checkbox with its notice and Save. The first
 * name is focused on load. No native browser validation; the summary of a refused form above the
 * fields (at first login it counts the password fields below too).
 */
export function DetailsForm({ mode, title, form }: DetailsFormProps) {
  const headingId = `${mode}-details-title`;
  const { values, errors } = form;

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="space-y-4"
      data-testid={`details-form-${mode}`}
      // At first login the password form's Save sends both: Enter here sends nothing.
      onSubmit={mode === 'profile' ? form.onSubmit : (event: FormEvent) => event.preventDefault()}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-800">
        {title}
      </h2>
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map(({ key, autoComplete }) => (
          <TextField
            key={key}
            label={DETAILS_LABELS[key]}
            name={key}
            autoComplete={autoComplete}
            value={values[key]}
            onChange={(event) => form.set(key, event.target.value)}
            error={errors[key]}
            // Spec §2: the first name is focused on load.
            autoFocus={key === 'first_name'}
          />
        ))}
      </div>
      <TextField
        label={DETAILS_LABELS.email}
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
                onChange={(event) => form.set('marketing_consent', event.target.checked)}
                aria-describedby="data-protection-notice"
              />
              {messages.profile.marketingConsentLabel}
            </label>
            <p id="data-protection-notice" className="mt-2 text-xs leading-relaxed text-slate-600">
              {DATA_PROTECTION_NOTICE} You can withdraw your consent at any time by clearing this box.
            </p>
          </div>
          <div className="flex justify-end">
            <button type="submit" className={buttonClass('primary', 'min-w-24')} disabled={form.saving}>
              Save
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
