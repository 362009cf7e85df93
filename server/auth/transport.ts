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
