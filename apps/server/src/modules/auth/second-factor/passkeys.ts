import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyAssertion, PasskeyAttestation } from '@wallet/contract';
import { addSeconds, type Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import * as q from './queries';
import type { RelyingParty, RelyingPartySettings } from './relying-party';

export const MAX_PASSKEYS = 10;
const CHALLENGE_SECONDS = 5 * 60;

export interface PasskeyDeps {
  db: Db;
  clock: Clock;
  relyingParty: RelyingPartySettings;
}

/** The challenge a response signed, read from its clientDataJSON before the library checks the rest. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length <= 256) return data.challenge;
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
}

export async function registrationOptions(
  deps: PasskeyDeps,
  user: { id: string; email: string },
  party: RelyingParty,
): Promise<Record<string, unknown>> {
  const existing = await q.listPasskeys(deps.db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('PASSKEY_LIMIT_REACHED');
  const options = await generateRegistrationOptions({
    rpName: deps.relyingParty.name,
    rpID: party.rpId,
    userName: user.email,
    // A stable handle that reveals nothing: the user's id, which is already random.
    userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await q.deleteExpired(deps.db, deps.clock.now());
  await q.insertChallenge(deps.db, {
    challenge: options.challenge,
    userId: user.id,
    purpose: 'register',
    ...party,
    expiresAt: addSeconds(deps.clock.now(), CHALLENGE_SECONDS),
  });
  return options as unknown as Record<string, unknown>;
}

export async function registerPasskey(deps: PasskeyDeps, userId: string, label: string, response: PasskeyAttestation) {
  const now = deps.clock.now();
  const challenge = signedChallenge(response.response.clientDataJSON);
  const party = await q.takeChallenge(deps.db, challenge, userId, 'register', now);
  if (!party) throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rp_id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
  }
  if (!verified.verified) throw new AppError('SECOND_FACTOR_PASSKEY_INVALID');
  const { credential } = verified.registrationInfo;
  if ((await q.listPasskeys(deps.db, userId)).length >= MAX_PASSKEYS) throw new AppError('PASSKEY_LIMIT_REACHED');
  try {
    return await q.insertPasskey(deps.db, {
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      label,
      now,
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('PASSKEY_ALREADY_REGISTERED');
    throw error;
  }
}

export async function authenticationOptions(deps: PasskeyDeps, userId: string, party: RelyingParty): Promise<Record<string, unknown>> {
  const passkeys = await q.listPasskeys(deps.db, userId);
  if (passkeys.length === 0) throw new AppError('SECOND_FACTOR_NOT_ENABLED');
  const options = await generateAuthenticationOptions({
    rpID: party.rpId,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
    userVerification: 'preferred',
  });
  await q.deleteExpired(deps.db, deps.clock.now());
  await q.insertChallenge(deps.db, {
    challenge: options.challenge,
    userId,
    purpose: 'authenticate',
    ...party,
    expiresAt: addSeconds(deps.clock.now(), CHALLENGE_SECONDS),
  });
  return options as unknown as Record<string, unknown>;
}

/**
 * Whether the assertion is one of the member's passkeys signing a challenge the server gave them.
 * Unknown credentials, used or expired challenges and bad signatures all answer false (a wrong try).
 */
export async function passkeyAssertionValid(deps: PasskeyDeps, userId: string, assertion: PasskeyAssertion): Promise<boolean> {
  const now = deps.clock.now();
  let challenge: string;
  try {
    challenge = signedChallenge(assertion.response.clientDataJSON);
  } catch {
    return false;
  }
  const party = await q.takeChallenge(deps.db, challenge, userId, 'authenticate', now);
  if (!party) return false;
  const passkey = await q.findPasskeyByCredential(deps.db, userId, assertion.id);
  if (!passkey) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rp_id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    return await q.recordPasskeyUse(deps.db, passkey.id, passkey.counter, result.authenticationInfo.newCounter, now);
  } catch {
    return false;
  }
}
