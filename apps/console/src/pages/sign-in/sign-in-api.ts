import { API } from '../../api-paths';
import { csrfToken, setCsrfToken } from '../../lib/csrf';
import { apiRequest } from '../../lib/http';
import { type Me, rememberOperator } from '../../lib/session';

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

export type PasswordStep =
  | { stage: 'enrol_totp'; otpauthUri: string; secret: string; csrfToken: string }
  | { stage: 'second_factor'; methods: SecondFactorMethod[]; csrfToken: string };

type OperatorReply = { operator: Omit<Me, 'csrfToken'> & { csrfToken?: string } };

/** The sign-in steps of console-spec "Auth": each later step is made with the password step's session and token. */
export async function signInWithPassword(email: string, password: string): Promise<PasswordStep> {
  const step = await apiRequest<PasswordStep>('post', API.signIn.password, { body: { email, password } });
  setCsrfToken(step.csrfToken);
  return step;
}

export async function enrolTotp(code: string): Promise<{ recoveryCodes: string[]; operator: Me }> {
  const reply = await apiRequest<OperatorReply & { recoveryCodes: string[] }>('post', API.signIn.totpEnrol, { body: { code } });
  return { recoveryCodes: reply.recoveryCodes, operator: rememberOperator(reply.operator, csrfToken()) };
}

export async function confirmTotp(code: string): Promise<Me> {
  const reply = await apiRequest<OperatorReply>('post', API.signIn.totp, { body: { code } });
  return rememberOperator(reply.operator, csrfToken());
}

export async function confirmRecoveryCode(code: string): Promise<Me> {
  const reply = await apiRequest<OperatorReply>('post', API.signIn.recovery, { body: { code } });
  return rememberOperator(reply.operator, csrfToken());
}

export async function confirmPasskey(): Promise<Me> {
  // Loaded only when an operator picks a passkey: the sign-in page stays small otherwise.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const reply = await apiRequest<Record<string, unknown>>('post', API.signIn.passkeyOptions, { body: {} });
  const options = (reply.options ?? reply) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const response = await startAuthentication({ optionsJSON: options });
  const signedIn = await apiRequest<OperatorReply>('post', API.signIn.passkey, { body: { response } });
  return rememberOperator(signedIn.operator, csrfToken());
}

export async function setEnrolmentPassword(token: string, password: string): Promise<void> {
  await apiRequest('post', API.signIn.enrol, { body: { token, password } });
}
