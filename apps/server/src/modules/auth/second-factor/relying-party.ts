import type { FastifyRequest } from 'fastify';

/** Where passkeys belong: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS in production, the page's own origin elsewhere. */
export interface RelyingPartySettings {
  name: string;
  rpId: string | undefined;
  origins: readonly string[] | undefined;
}

export interface RelyingParty {
  rpId: string;
  origin: string;
}

/**
 * The relying party a ceremony started on this request is bound to. With configured settings the
 * request's Origin must be one of the allowed origins; without them (development, tests) the page's
 * origin is taken as it is, since there is no published site a passkey could be phished for.
 */
export function relyingPartyFor(settings: RelyingPartySettings, request: FastifyRequest): RelyingParty {
  const sent = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
  const origin = sent ?? `${request.protocol}://${request.host}`;
  if (settings.rpId && settings.origins) {
    const allowed = settings.origins.includes(origin) ? origin : (settings.origins[0] as string);
    return { rpId: settings.rpId, origin: allowed };
  }
  return { rpId: new URL(origin).hostname, origin };
}
