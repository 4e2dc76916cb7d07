import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { hasErrors, validateProfile } from '../../../shared/auth-forms.ts';
import { messages } from '../../../shared/messages.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $currentUser, refreshCurrentUser } from '../../../stores/session.ts';
import { paths } from '../../routes/index.ts';
import { changePassword, updateCurrentUser } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { DetailsForm, type DetailsErrors, type DetailsValues } from './DetailsForm.tsx';
import { PasswordForm } from './password/PasswordForm.tsx';

/**
 * /new-user, the first login (spec §2, §4): 'Confirm Details' (no consent checkbox, no Save; the
 * consent modal asks that question) and the untitled, full-width password form, whose Save
 * confirms both. Success goes to / and then shows the alert.
 */
export default function NewUserPage() {
  const user = useStore($currentUser);
  if (!user) return null;
  return <NewUser key={user.id} user={user} />;
}

function NewUser({ user }: { user: { first_name: string; last_name: string; email: string } }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<DetailsValues>({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    marketing_consent: false,
  });
  const [errors, setErrors] = useState<DetailsErrors>({});

  return (
    <AuthCard title={`Welcome to LAMP, ${user.first_name}`} wide>
      <p className="mb-6 text-sm text-slate-600">
        Check your details and choose your own password to finish setting up your account.
      </p>
      <div className="space-y-8">
        <DetailsForm
          mode="confirm"
          title={messages.profile.confirmDetailsTitle}
          values={values}
          errors={errors}
          onChange={setValues}
        />
        <div className="border-t border-slate-200 pt-6">
          <PasswordForm
            mode="initial"
            userInputs={[values.first_name, values.last_name, user.email]}
            validateExtra={() => {
              const found = validateProfile(values);
              setErrors(found);
              return !hasErrors(found);
            }}
            submit={async (payload) => {
              const first = values.first_name.trim();
              const last = values.last_name.trim();
              if (first !== user.first_name || last !== user.last_name) {
                await updateCurrentUser({ first_name: first, last_name: last });
              }
              await changePassword(payload);
            }}
            failureFallback={messages.auth.changePasswordFallback}
            onSuccess={() => {
              void refreshCurrentUser();
              navigate(paths.home());
              showSuccess(messages.auth.passwordChanged);
            }}
          />
        </div>
      </div>
    </AuthCard>
  );
}
