import { useLogout } from '@refinedev/core';
import { useEffect } from 'react';
import { onServerActivity } from '../lib/http';
import { currentSession, loadSession, sessionEndedByServer } from '../lib/session';
import { isSignedOutError, SIGN_IN_PATH } from '../providers/auth-provider';

/** A little past the server's limit, so the console asks after the server has ended an idle session. */
const MARGIN_MS = 5_000;

/**
 * The server ends a console session after `idleMinutes` without a request. The console notices at
 * the next request anyway (a 401); this asks once the time has passed, so an operator who left the
 * console open comes back to the sign-in page saying why, instead of a screen that fails on the first click.
 */
export function IdleWatch() {
  const { mutate: logout } = useLogout();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      const minutes = currentSession()?.idleMinutes;
      if (!minutes) return;
      timer = setTimeout(
        () => {
          loadSession().catch((error: unknown) => {
            if (!isSignedOutError(error)) return;
            sessionEndedByServer();
            logout({ redirectPath: SIGN_IN_PATH });
          });
        },
        minutes * 60_000 + MARGIN_MS,
      );
    };
    onServerActivity(restart);
    restart();
    return () => {
      clearTimeout(timer);
      onServerActivity(() => {});
    };
  }, [logout]);
  return null;
}
