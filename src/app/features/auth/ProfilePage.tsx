import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { hasErrors, validateProfile } from '../../../shared/auth-forms.ts';
import { BUTTON_REENABLE_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $currentUser, refreshCurrentUser } from '../../../stores/session.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { changePassword, updateCurrentUser } from './api.ts';
import { DetailsForm, type DetailsErrors, type DetailsValues } from './DetailsForm.tsx';
import { PasswordForm } from './password/PasswordForm.tsx';

/**
 * /profile (spec §2 "Profile form", §4): the title is the user's name; Save is disabled while
 * submitting and back to idle after 1 s; success retitles the page and shows '{first} {last}
 * details updated'. The change-password form sits under it.
 */
export default function ProfilePage() {
  const user = useStore($currentUser);
  if (!user) return null;
  return <Profile key={user.id} user={user} />;
}

interface ProfileUser {
  first_name: string;
  last_name: string;
  email: string;
  marketing_consent?: boolean | null;
}

function Profile({ user }: { user: ProfileUser }) {
  const title = `${user.first_name} ${user.last_name}`;
  usePageTitle(title);
  const [values, setValues] = useState<DetailsValues>({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    marketing_consent: Boolean(user.marketing_consent),
  });
  const [errors, setErrors] = useState<DetailsErrors>({});
  // Spec §4: edited details are an unsaved form until saved; an account switch asks first.
  useUnsavedForm(
    values.first_name !== user.first_name ||
      values.last_name !== user.last_name ||
      values.marketing_consent !== Boolean(user.marketing_consent),
  );
  const [submitting, setSubmitting] = useState(false);

  async function save() {
    if (submitting) return;
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    const first = values.first_name.trim();
    const last = values.last_name.trim();
    try {
      // Spec §7 merges first_name, last_name and email into the existing user. The server does
      // that merge (server/routes/auth/profile.ts spreads the body over the stored user), so the body
      // carries only what this form may change: the e-mail is read-only on the profile, so it is
      // left out rather than sent back unchanged (a missing field keeps the stored value).
      await updateCurrentUser({ first_name: first, last_name: last, marketing_consent: values.marketing_consent });
      await refreshCurrentUser();
      showSuccess(messages.profile.detailsUpdated(first, last));
    } catch (error) {
      showError(error);
    }
    setTimeout(() => setSubmitting(false), BUTTON_REENABLE_MS);
  }

  return (
    // The shell's frame is narrow on this route (src/app/routes), so the breadcrumbs line up with it.
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold text-slate-800" data-testid="profile-title">
        {title}
      </h1>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <DetailsForm
          mode="profile"
          title="Your details"
          values={values}
          errors={errors}
          onChange={setValues}
          onSubmit={() => void save()}
          submitting={submitting}
        />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <PasswordForm
          mode="change"
          userInputs={[user.first_name, user.last_name, user.email]}
          submit={changePassword}
          failureFallback={messages.auth.changePasswordFallback}
          onSuccess={() => showSuccess(messages.auth.passwordChanged)}
        />
      </section>
    </div>
  );
}
