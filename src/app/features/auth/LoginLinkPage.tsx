import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { messages } from '../../../shared/messages.ts';
import { refreshCurrentUser } from '../../../stores/session.ts';
import { paths } from '../../routes/index.ts';
import { readLinkParams, verifyLoginLink } from './api.ts';
import { AuthCard, LinkFailed } from './AuthCard.tsx';
import { afterLoginPath, isFirstLogin } from './login/redirect.ts';

/**
 * /login-link?m&u&t&e (spec §2, §4): verifies the link; success refreshes the user and goes to /
 * (or on to /new-user for a first login, such as an invitation's),
 * failure says 'There was an issue verifying your account, please try again or contact support.'
 */
export default function LoginLinkPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const link = readLinkParams(search, true);
    if (!link) {
      setFailed(true);
      return;
    }
    verifyLoginLink(link)
      .then(() => refreshCurrentUser())
      .then((user) => navigate(isFirstLogin(user) ? afterLoginPath('', true) : paths.home()))
      .catch(() => setFailed(true));
  }, [search, navigate]);

  return (
    <AuthCard title={messages.titles.loginLink}>
      {failed ? (
        <LinkFailed message={messages.auth.loginLinkFailed} />
      ) : (
        <p role="status" className="text-slate-700">
          Verifying your link…
        </p>
      )}
    </AuthCard>
  );
}
