import { useQueryClient } from '@tanstack/react-query';
import type { CookieSessionReply } from '@wallet/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, safeRedirect } from './redirect';
import { useAppStore } from './store';

/** The `redirect` query of the current auth page, if it is a safe one. */
export function useRedirectParam(): string | null {
  const [params] = useSearchParams();
  return safeRedirect(params.get('redirect'));
}

export function useSignedIn(): boolean {
  return useAppStore((state) => state.signedIn);
}

/**
 * After a login, sign-up or password reset (the session is the cookie the reply set): keep its CSRF token, forget whatever was cached for the
 * previous person, and return to where they came from (or home).
 */
export function useStartSession(): (reply: CookieSessionReply) => void {
  const startSession = useAppStore((state) => state.startSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  return useCallback(
    (reply) => {
      queryClient.clear();
      startSession(reply.csrfToken);
      navigate(redirect ?? '/', { replace: true });
    },
    [queryClient, startSession, navigate, redirect],
  );
}

/** Signed out, whether the server heard about it or not: no session flag, no cached data, the login page. */
export function useClearSession(): () => void {
  const logOut = useAppStore((state) => state.logOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // Marked as on purpose, so the guard of the page still showing while the login page loads
    // sends there too without a redirect back; account queries are idle while signed out.
    logOut();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  }, [queryClient, logOut, navigate]);
}
