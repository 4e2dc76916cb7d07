import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { RESET_REDIRECT_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { refreshCurrentUser } from '../../../stores/session.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { paths } from '../../routes/index.ts';
import { readLinkParams, resetPasswordWithLink, type LinkParams } from './api.ts';
import { AuthCard, LinkFailed } from './AuthCard.tsx';
import { PasswordForm } from './password/PasswordForm.tsx';
import { usePasswordForm } from './password/usePasswordForm.ts';

/**
 * /reset-password?m&u&t (spec §2, §4): a new password with the strength meter. Success shows
 * 'Password changed' and goes to / after 2 s (the server signs the user in, the link having
 * proved the address); failure falls back to 'Unable to reset password, please contact support'.
 * The server sends this page with Referrer-Policy: no-referrer, so the link never leaks.
 */
export default function ResetPasswordPage() {
  const search = useSearch();
  const link = useMemo(() => readLinkParams(search, false), [search]);

  return (
    <AuthCard title={messages.titles.resetPassword}>
      {link ? (
        <>
          <p className="mb-4 text-sm text-slate-600">Choose a new password for your account.</p>
          <ResetForm link={link} />
        </>
      ) : (
        <LinkFailed message={messages.auth.resetPasswordFallback} />
      )}
    </AuthCard>
  );
}

/** The form of a link that has its parameters (zxcvbn starts loading as it mounts, not before). */
function ResetForm({ link }: { link: LinkParams }) {
  const [, navigate] = useLocation();
  const password = usePasswordForm({
    mode: 'reset',
    submit: ({ newPassword }) => resetPasswordWithLink(link, newPassword),
    failureFallback: messages.auth.resetPasswordFallback,
    onSuccess: () => {
      showSuccess(messages.auth.passwordChanged);
      setTimeout(() => {
        void refreshCurrentUser().then(() => navigate(paths.home()));
      }, RESET_REDIRECT_MS);
    },
  });
  return <PasswordForm password={password} />;
}
