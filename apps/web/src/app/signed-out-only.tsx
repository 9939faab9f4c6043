import { Navigate, Outlet } from 'react-router';
import { useRedirectParam, useSignedIn } from '../lib/session';

/**
 * Login, sign-up and password reset: someone already signed in goes on to where they were heading.
 * (After a 401 the token is gone before the login page opens, so this never loops.)
 */
export function SignedOutOnly() {
  const signedIn = useSignedIn();
  const redirect = useRedirectParam();
  if (signedIn) return <Navigate to={redirect ?? '/'} replace />;
  return <Outlet />;
}
