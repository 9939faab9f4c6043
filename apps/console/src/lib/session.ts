import type { OperatorRole, Permission } from '@wallet/contract';
import { API } from '../api-paths';
import { setCsrfToken } from './csrf';
import { apiRequest } from './http';

/** The signed-in operator as GET session describes them (console-spec: Me). */
export interface Me {
  id: string;
  email: string;
  roles: OperatorRole[];
  permissions: Permission[];
  csrfToken: string;
  idleMinutes: number;
}

/**
 * The session as last read from the server, in memory only. The access control provider answers from
 * its permissions; the header shows its email and roles. The server decides every request on its own.
 */
let current: Me | null = null;
/** Kept after sign-out so the sign-in page can say after how many idle minutes the session ended. */
let lastIdleMinutes = 15;
/** Set when the server ended a session this console had (idle timeout, revoked): the sign-in page says so once. */
let endedByServer = false;

export function currentSession(): Me | null {
  return current;
}

export function lastKnownIdleMinutes(): number {
  return lastIdleMinutes;
}

export function rememberSession(me: Me): Me {
  current = me;
  lastIdleMinutes = me.idleMinutes;
  setCsrfToken(me.csrfToken);
  return me;
}

/** Sign-in steps answer with the operator but their csrfToken came earlier (with the password step). */
export function rememberOperator(me: Omit<Me, 'csrfToken'> & { csrfToken?: string }, csrfToken: string | null): Me {
  return rememberSession({ ...me, csrfToken: me.csrfToken ?? csrfToken ?? '' });
}

export function forgetSession(): void {
  current = null;
  setCsrfToken(null);
}

/** The server answered "sign in again" to a console that had a session: remember it for the sign-in page. */
export function sessionEndedByServer(): void {
  if (current) endedByServer = true;
  forgetSession();
}

/** Whether the last session was ended by the server; reading it clears it, so the message shows once. */
export function takeSessionEnded(): boolean {
  const ended = endedByServer;
  endedByServer = false;
  return ended;
}

/** Reads GET session (also how a reloaded console recovers its CSRF token) and keeps it. */
export async function loadSession(): Promise<Me> {
  return rememberSession(await apiRequest<Me>('get', API.session));
}
