import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyAssertion, PasskeyAttestation } from '@wallet/contract';
import { addSeconds } from '../../platform/clock';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { MAX_PASSKEYS } from '../auth/second-factor/passkeys';
import type { RelyingParty } from '../auth/second-factor/relying-party';
import type { OperatorDeps } from './deps';
import * as q from './queries';

const CHALLENGE_SECONDS = 5 * 60;

/**
 * The challenge a response signed, from its clientDataJSON; the library checks the rest. The relying
 * party is the request's, as for members: fixed to APP_URL in production, the page's own elsewhere.
 */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 256 ? data.challenge : null;
  } catch {
    return null;
  }
}

export async function passkeyRegistrationOptions(deps: OperatorDeps, operator: { id: string; email: string }, party: RelyingParty) {
  const existing = await q.listPasskeys(deps.db, operator.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('PASSKEY_LIMIT_REACHED');
  const options = await generateRegistrationOptions({
    rpName: deps.secondFactor.relyingParty.name,
    rpID: party.rpId,
    userName: operator.email,
    userID: new Uint8Array(Buffer.from(operator.id.replaceAll('-', ''), 'hex')),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await q.insertChallenge(deps.db, options.challenge, operator.id, 'register', addSeconds(deps.clock.now(), CHALLENGE_SECONDS));
  return options as unknown as Record<string, unknown>;
}

/** Verifies a new passkey and stores it in `trx`; the caller audits it there. */
export async function registerPasskey(
  deps: OperatorDeps,
  trx: Executor,
  operatorId: string,
  label: string,
  response: PasskeyAttestation,
  party: RelyingParty,
) {
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!challenge || !(await q.takeChallenge(trx, challenge, operatorId, 'register', deps.clock.now())))
    throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
  }
  if (!verified.verified) throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
  const { credential } = verified.registrationInfo;
  try {
    return await trx
      .insertInto('operator_passkeys')
      .values({
        operator_id: operatorId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
        label,
      })
      .returning(['id', 'label', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('PASSKEY_ALREADY_REGISTERED');
    throw error;
  }
}

export async function passkeyAuthenticationOptions(deps: OperatorDeps, operatorId: string, party: RelyingParty) {
  const passkeys = await q.listPasskeys(deps.db, operatorId);
  if (passkeys.length === 0) throw new AppError('SECOND_FACTOR_NOT_ENABLED');
  const options = await generateAuthenticationOptions({
    rpID: party.rpId,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
    userVerification: 'preferred',
  });
  await q.insertChallenge(deps.db, options.challenge, operatorId, 'authenticate', addSeconds(deps.clock.now(), CHALLENGE_SECONDS));
  return options as unknown as Record<string, unknown>;
}

/** Whether the assertion is one of the operator's passkeys signing a live challenge given to them; a use is recorded. */
export async function passkeyAssertionValid(
  deps: OperatorDeps,
  trx: Executor,
  operatorId: string,
  assertion: PasskeyAssertion,
  party: RelyingParty,
): Promise<boolean> {
  const now = deps.clock.now();
  const challenge = signedChallenge(assertion.response.clientDataJSON);
  if (!challenge || !(await q.takeChallenge(trx, challenge, operatorId, 'authenticate', now))) return false;
  const passkey = (await q.listPasskeys(trx, operatorId)).find((p) => p.credential_id === assertion.id);
  if (!passkey) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    // A counter that does not move forward (when the authenticator keeps one) is a cloned key.
    const updated = await trx
      .updateTable('operator_passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: now })
      .where('id', '=', passkey.id)
      .where('counter', '=', passkey.counter as never)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  } catch {
    return false;
  }
}
