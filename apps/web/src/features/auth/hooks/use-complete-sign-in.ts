import type { Session } from '@drama/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../shared/form/safe-redirect';
import { setSession } from '../../../shared/session/session-store';
import { mergeLocalWatchHistory } from '../../../shared/watch-history/merge-local-history';

/**
 * Keeps the new session, hands what this device watched as a guest to the account (in the
 * background: it never holds up or fails the sign-in) and goes where the user was heading (a
 * same-site path only), else home.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return (session: Session) => {
    setSession(session.token, session.user);
    void mergeLocalWatchHistory(queryClient, session.user.id);
    void navigate(safeRedirectPath(params.get('redirect')), { replace: true });
  };
}
