import { useMe } from '../../../shared/account/get-me';
import { useSession } from '../../../shared/session/session-store';

/** The member as kept in the session, shown at once, until the profile call refreshes it (and the kept copy). */
export function useProfileUser() {
  const { user: keptUser } = useSession();
  const me = useMe();
  return { me, user: me.data ?? keptUser };
}
