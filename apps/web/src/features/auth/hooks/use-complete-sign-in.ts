import type { Session } from '@drama/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../shared/form/safe-redirect';
import { setSession } from '../../../shared/session/session-store';

/** Keeps the new session and goes where the user was heading (a same-site path only), else home. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (session: Session) => {
    setSession(session.token, session.user);
    void navigate(safeRedirectPath(params.get('redirect')), { replace: true });
  };
}
