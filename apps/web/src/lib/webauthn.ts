import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PasskeyAssertion, PasskeyAttestation } from '@wallet/contract';

export const passkeysSupported = () => browserSupportsWebAuthn();

/** The browser's passkey prompt gave no credential: cancelled, timed out or refused. */
export class PasskeyCancelled extends Error {}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WebAuthnError || (error instanceof Error && error.name === 'NotAllowedError'))
      throw new PasskeyCancelled(error.message);
    throw error;
  }
}

/** navigator.credentials.create with the server's options. */
export function createPasskey(options: Record<string, unknown>): Promise<PasskeyAttestation> {
  return guarded(async () => (await startRegistration({ optionsJSON: options as never })) as PasskeyAttestation);
}

/** navigator.credentials.get with the server's options. */
export function assertPasskey(options: Record<string, unknown>): Promise<PasskeyAssertion> {
  return guarded(async () => (await startAuthentication({ optionsJSON: options as never })) as PasskeyAssertion);
}
