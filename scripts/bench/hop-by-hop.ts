import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/**
 * Headers that belong to one connection and are not passed on by a proxy (RFC 9110, section 7.6.1),
 * with transfer-encoding, which HTTP/2 forbids as well (RFC 9113, section 8.2.2).
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** A copy of `headers` without the hop-by-hop ones and HTTP/2's pseudo-headers (`:path`, `:authority`...). */
export function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(':') && !HOP_BY_HOP.includes(name)) copy[name] = value;
  }
  return copy;
}
