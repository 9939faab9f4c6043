import type { ConsolePasswordReply, PasskeyAssertion } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import { checkSecret, type SecretKind, type SecretVerdict } from '../../platform/secret-limits';
import { hashSecret, verifySecret } from '../auth/passwords';
import type { RelyingParty } from '../auth/second-factor/relying-party';
import { csrfTokenFor } from '../auth/session-cookie';
import { recordOperatorAudit } from './audit-chain';
import type { Client, OperatorDeps } from './deps';
import { passkeyAssertionValid } from './passkeys';
import * as q from './queries';
import { issueRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { completeSignIn, pendingSession, selfContext, startPasswordSession } from './sessions';
import { pendingTotp, takeTotpCode, totpUri } from './totp';

/**
 * The console's sign-in (ADR 0034): the password opens a 'password'-stage session; a second factor
 * (TOTP, enrolled at the first sign-in; a passkey; or a recovery code) turns it into a signed-in one
 * under a new token. Every check runs through the secret limiter, per operator and per address.
 */

// A hash to check wrong emails against, so an unknown email costs what a known one does.
let unknownEmailHash: Promise<string> | undefined;
const hashForUnknownEmails = () => {
  unknownEmailHash ??= hashSecret('no operator has this password');
  return unknownEmailHash;
};

const limiterAccount = (operatorId: string) => `operator:${operatorId}`;
const LOCKED = new Set(['PASSWORD_LOGIN_LOCKED', 'SECOND_FACTOR_LOCKED']);

/** checkSecret, with a lockout of a known operator written to the audit log. */
async function limited(
  deps: OperatorDeps,
  operator: q.OperatorRow | undefined,
  kind: SecretKind,
  account: string,
  client: Client,
  check: () => Promise<boolean>,
): Promise<SecretVerdict> {
  try {
    return await checkSecret(deps.limits, { kind, account, ip: client.ip }, check);
  } catch (error) {
    if (operator && error instanceof AppError && LOCKED.has(error.code))
      await recordOperatorAudit(deps.db, selfContext(operator, client, null), {
        action: 'operator.sign_in.locked',
        object: `operator:${operator.id}`,
        after: { kind, until: error.details?.until ?? null },
      });
    throw error;
  }
}

async function failed(deps: OperatorDeps, operator: q.OperatorRow, client: Client, step: string): Promise<void> {
  await recordOperatorAudit(deps.db, selfContext(operator, client, null), {
    action: 'operator.sign_in.failed',
    object: `operator:${operator.id}`,
    after: { step },
  });
}

/** The first step. A wrong email and a wrong password answer alike, and take as long. */
export async function signInWithPassword(
  deps: OperatorDeps,
  email: string,
  password: string,
  client: Client,
): Promise<{ token: string; reply: ConsolePasswordReply }> {
  const operator = await q.findOperatorByEmail(deps.db, email);
  const account = operator ? limiterAccount(operator.id) : `operator-email:${email}`;
  const stored = operator?.password_hash ?? (await hashForUnknownEmails());
  const verdict = await limited(deps, operator, 'login_password', account, client, async () => {
    const right = await verifySecret(stored, password);
    return right && Boolean(operator?.password_hash);
  });
  if (!verdict.ok || !operator) {
    if (operator) await failed(deps, operator, client, 'password');
    throw new AppError('OPERATOR_SIGN_IN_FAILED');
  }
  if (operator.status !== 'active') throw new AppError('OPERATOR_DISABLED');
  return deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockOperator(trx, operator.id);
    if (!locked) throw new AppError('OPERATOR_SIGN_IN_FAILED');
    const { token } = await startPasswordSession(trx, operator.id, client, deps.clock.now());
    if (!locked.totp_confirmed_at) {
      const secret = await pendingTotp(trx, deps.secondFactor.box, locked);
      return {
        token,
        reply: { stage: 'enrol_totp' as const, secret, otpauthUri: totpUri(operator.email, secret), csrfToken: csrfTokenFor(token) },
      };
    }
    const passkeys = await q.listPasskeys(trx, operator.id);
    const methods = passkeys.length > 0 ? (['totp', 'passkey', 'recovery'] as const) : (['totp', 'recovery'] as const);
    return { token, reply: { stage: 'second_factor' as const, methods: [...methods], csrfToken: csrfTokenFor(token) } };
  });
}

/**
 * A second-factor step: the proof checked under the second_factor limits. The proof's own write (a
 * TOTP step taken, a recovery code spent, a passkey counter) happens in `check`, outside the
 * sign-in's transaction: the limiter's count must stand even when the rest fails.
 */
async function proveSecondFactor(
  deps: OperatorDeps,
  token: string | undefined,
  client: Client,
  step: string,
  check: (operator: q.OperatorRow) => Promise<boolean>,
) {
  const session = await pendingSession(deps, token);
  const operator = await q.findOperator(deps.db, session.operator_id);
  if (!operator) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  const verdict = await limited(deps, operator, 'second_factor', limiterAccount(operator.id), client, () => check(operator));
  if (!verdict.ok) {
    await failed(deps, operator, client, step);
    throw new AppError('OPERATOR_SECOND_FACTOR_WRONG');
  }
  return { session, operator };
}

/** First sign-in: the first code of the new authenticator turns it on; ten recovery codes come with it. */
export async function enrolTotp(deps: OperatorDeps, token: string | undefined, code: string, client: Client) {
  const session = await pendingSession(deps, token);
  const current = await q.findOperator(deps.db, session.operator_id);
  if (current?.totp_confirmed_at) throw new AppError('OPERATOR_TOTP_ALREADY_ENROLLED');
  const { operator } = await proveSecondFactor(deps, token, client, 'totp_enrol', (op) =>
    takeTotpCode(deps.db, deps.secondFactor.box, op, code, deps.clock.now(), true),
  );
  return deps.db.transaction().execute(async (trx) => {
    const recoveryCodes = await issueRecoveryCodes(trx, deps.secret, operator.id);
    await recordOperatorAudit(trx, selfContext(operator, client, session.id), {
      action: 'operator.totp.enrol',
      object: `operator:${operator.id}`,
    });
    const signedIn = await completeSignIn(deps, trx, operator, session.id, client, 'totp_enrol');
    return { ...signedIn, recoveryCodes };
  });
}

export async function signInWithTotp(deps: OperatorDeps, token: string | undefined, code: string, client: Client) {
  const session = await pendingSession(deps, token);
  const current = await q.findOperator(deps.db, session.operator_id);
  if (!current?.totp_confirmed_at) throw new AppError('OPERATOR_TOTP_ENROL_FIRST');
  const { operator } = await proveSecondFactor(deps, token, client, 'totp', (op) =>
    takeTotpCode(deps.db, deps.secondFactor.box, op, code, deps.clock.now(), false),
  );
  return deps.db.transaction().execute((trx) => completeSignIn(deps, trx, operator, session.id, client, 'totp'));
}

export async function signInWithRecoveryCode(deps: OperatorDeps, token: string | undefined, code: string, client: Client) {
  const { session, operator } = await proveSecondFactor(deps, token, client, 'recovery', (op) =>
    spendRecoveryCode(deps.db, deps.secret, op.id, code, deps.clock.now()),
  );
  return deps.db.transaction().execute(async (trx) => {
    const left = await q.recoveryCodesLeft(trx, operator.id);
    await recordOperatorAudit(trx, selfContext(operator, client, session.id), {
      action: 'operator.recovery_code.use',
      object: `operator:${operator.id}`,
      after: { left },
    });
    return completeSignIn(deps, trx, operator, session.id, client, 'recovery');
  });
}

export async function signInWithPasskey(
  deps: OperatorDeps,
  token: string | undefined,
  assertion: PasskeyAssertion,
  party: RelyingParty,
  client: Client,
) {
  const { session, operator } = await proveSecondFactor(deps, token, client, 'passkey', (op) =>
    passkeyAssertionValid(deps, deps.db, op.id, assertion, party),
  );
  return deps.db.transaction().execute((trx) => completeSignIn(deps, trx, operator, session.id, client, 'passkey'));
}
