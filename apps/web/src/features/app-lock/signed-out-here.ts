import { useLogout } from '../../lib/queries/logout';
import { useClearSession } from '../../lib/session';

/** Signs the member out and opens the sign-in page, whatever the server answers: a lost connection must not leave the lock with no way out. */
export function useSignedOutHere(): () => void {
  const logout = useLogout();
  const clearSession = useClearSession();
  return () => logout.mutate(undefined, { onSettled: clearSession });
}
