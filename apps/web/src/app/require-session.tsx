import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH, loginPathFor } from '../lib/redirect';
import { useSignedIn } from '../lib/session';
import { useAppStore } from '../lib/store';

/**
 * Pages that need a session: signed out, people go to the login page, which brings them back here
 * (unless they just logged out themselves).
 */
export function RequireSession() {
  const signedIn = useSignedIn();
  const loggedOut = useAppStore((state) => state.loggedOut);
  const { pathname, search } = useLocation();
  if (!signedIn) return <Navigate to={loggedOut ? LOGIN_PATH : loginPathFor(`${pathname}${search}`)} replace />;
  return <Outlet />;
}
