import { useStore } from '@nanostores/react';
import { validateProfile } from '../../../shared/auth-forms.ts';
import { messages } from '../../../shared/messages.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $currentUser, refreshCurrentUser } from '../../../stores/session.ts';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { changePassword, updateCurrentUser } from './api.ts';
import { DETAILS_LABELS, DetailsForm, detailsOf, type DetailsValues } from './DetailsForm.tsx';
import { PasswordForm } from './password/PasswordForm.tsx';
import { usePasswordForm } from './password/usePasswordForm.ts';

/**
 * /profile (spec §2 "Profile form", §4): the title is the user's name; Save is disabled while
 * submitting and back to idle after 1 s; success retitles the page and shows '{first} {last}
 * details updated'. The change-password form sits under it. Both on the kit's form state: their
 * checks are src/shared/auth-forms.ts's (the login page's too), loaded with zod on Save.
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
  // Spec §4: edited details are an unsaved form until saved; an account switch asks first.
  const details = useResourceForm({
    schema: () => import('../../kit/checks.ts').then(({ ruledBy }) => ruledBy<DetailsValues>(validateProfile)),
    initial: detailsOf(user),
    labels: DETAILS_LABELS,
    // Spec §7 merges first_name, last_name and email into the existing user. The server does
    // that merge (server/routes/auth/profile.ts spreads the body over the stored user), so the body
    // carries only what this form may change: the e-mail is read-only on the profile, so it is
    // left out rather than sent back unchanged (a missing field keeps the stored value).
    submit: async (values) => {
      await updateCurrentUser({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        marketing_consent: values.marketing_consent,
      });
      await refreshCurrentUser();
    },
    onSaved: (_, values) =>
      showSuccess(messages.profile.detailsUpdated(values.first_name.trim(), values.last_name.trim())),
  });
  const password = usePasswordForm({
    mode: 'change',
    userInputs: () => [user.first_name, user.last_name, user.email],
    submit: changePassword,
    failureFallback: messages.auth.changePasswordFallback,
    onSuccess: () => showSuccess(messages.auth.passwordChanged),
  });

  return (
    // The shell's frame is narrow on this route (src/app/routes), so the breadcrumbs line up with it.
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold text-slate-800" data-testid="profile-title">
        {title}
      </h1>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <DetailsForm mode="profile" title="Your details" form={details} />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <PasswordForm password={password} />
      </section>
    </div>
  );
}
