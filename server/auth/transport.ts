import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which proxies' X-Forwarded-* headers the server believes (TRUST_PROXY). None by default: otherwise
 * any client could name its own address, step past the per-address login lock and rate limits, and
 * claim HTTPS. A number is the count of proxy hops in front of the server; anything else is a
 * comma-separated list of proxy addresses or CIDR ranges (Fastify's `trustProxy`).
 */
export function trustedProxies(
  setting: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  const value = setting?.trim() ?? '';
  if (!value || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // The n nearest hops are proxies; the address before them is the client's.
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS and `upgrade-insecure-requests` only make sense over HTTPS: sent over plain HTTP they would
 * pin a browser to an HTTPS address the server may not have. A request is HTTPS when the server
 * terminates TLS, when a trusted proxy says so (X-Forwarded-Proto, read by Fastify only for trusted
 * hops), or when the portal's public address (PUBLIC_URL) is an https one.
 */
export function httpsOnlyHeaders(publicUrl: string | undefined) {
  const publicIsHttps = /^https:\/\//i.test(publicUrl?.trim() ?? '');
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!publicIsHttps && request.protocol !== 'https') return payload;
    reply.header('strict-transport-security', HSTS);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests'))
      reply.header('content-security-policy', `${csp}; upgrade-insecure-requests`);
    return payload;
  };
}
