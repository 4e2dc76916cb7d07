import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { validateProfile } from '../../../shared/auth-forms.ts';
import { messages } from '../../../shared/messages.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $currentUser, refreshCurrentUser } from '../../../stores/session.ts';
import { paths } from '../../routes/index.ts';
import { changePassword, updateCurrentUser } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { DETAILS_LABELS, DetailsForm, detailsOf, type DetailsValues } from './DetailsForm.tsx';
import { PasswordForm } from './password/PasswordForm.tsx';
import { usePasswordForm } from './password/usePasswordForm.ts';

/**
 * /new-user, the first login (spec §2, §4): 'Confirm Details' (no consent checkbox, no Save; the
 * consent modal asks that question) and the untitled, full-width password form, whose Save
 * confirms both: one form state holds the details and the passwords, so one Save checks them all
 * and the summary above the details counts them all. Success goes to / and then shows the alert.
 */
export default function NewUserPage() {
  const user = useStore($currentUser);
  if (!user) return null;
  return <NewUser key={user.id} user={user} />;
}

function NewUser({ user }: { user: { first_name: string; last_name: string; email: string } }) {
  const [, navigate] = useLocation();
  const password = usePasswordForm<DetailsValues>({
    mode: 'initial',
    extra: { initial: detailsOf(user), labels: DETAILS_LABELS, rules: validateProfile },
    userInputs: (values) => [values.first_name, values.last_name, user.email],
    submit: async (payload, values) => {
      const first = values.first_name.trim();
      const last = values.last_name.trim();
      if (first !== user.first_name || last !== user.last_name) {
        await updateCurrentUser({ first_name: first, last_name: last });
      }
      await changePassword(payload);
    },
    failureFallback: messages.auth.changePasswordFallback,
    onSuccess: () => {
      void refreshCurrentUser();
      navigate(paths.home());
      showSuccess(messages.auth.passwordChanged);
    },
  });

  return (
    <AuthCard title={`Welcome to LAMP, ${user.first_name}`} wide>
      <p className="mb-6 text-sm text-slate-600">
        Check your details and choose your own password to finish setting up your account.
      </p>
      <div className="space-y-8">
        <DetailsForm mode="confirm" title={messages.profile.confirmDetailsTitle} form={password.form} />
        <div className="border-t border-slate-200 pt-6">
          <PasswordForm password={password} />
        </div>
      </div>
    </AuthCard>
  );
}
