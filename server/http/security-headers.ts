import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The content security policy of every answer (the client's pages load nothing from elsewhere). */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
};

/** The headers Helmet sets on an answer with these options, by name. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as never, answer as never, () => {});
  return headers;
}

/**
 * The security headers of every answer (docs/security.md), worked out once when the server starts.
 * Helmet's Fastify plugin builds its middleware and parses the policy again on every request, which
 * was a tenth of Node's own time on a short list request; the headers never change with the request
 * but for HTTPS.
 *
 * HSTS and `upgrade-insecure-requests` only make sense over HTTPS: sent over plain HTTP they would
 * pin a browser to an HTTPS address the server may not have. A request is HTTPS when the server
 * terminates TLS, when a trusted proxy says so (X-Forwarded-Proto, read by Fastify only for trusted
 * hops), or when the portal's public address (PUBLIC_URL) is an https one.
 *
 * An answer of the API is one person's data at one moment: no browser or proxy may keep it, unless its
 * route says otherwise (a route's own `cache-control` replaces this one).
 */
export function securityHeaders(app: FastifyInstance, publicUrl: string | undefined) {
  const plain = helmetHeaders({
    strictTransportSecurity: false,
    contentSecurityPolicy: { directives: { ...CONTENT_SECURITY_POLICY, upgradeInsecureRequests: null } },
  });
  const secure = {
    ...helmetHeaders({
      strictTransportSecurity: false,
      contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    }),
    'strict-transport-security': HSTS,
  };
  const noStore = (headers: Record<string, string>) => ({ ...headers, 'cache-control': 'no-store' });
  const answers = { plain, secure, plainApi: noStore(plain), secureApi: noStore(secure) };
  const publicIsHttps = /^https:\/\//i.test(publicUrl?.trim() ?? '');
  // Set on the reply, not on the raw answer: Node then writes the head from one object, where headers
  // set on the raw answer are checked and copied once more when the reply adds its own.
  app.addHook('onRequest', (request, reply, done) => {
    const https = publicIsHttps || request.protocol === 'https';
    const isApi = request.url.startsWith('/portal/');
    reply.headers(
      https ? (isApi ? answers.secureApi : answers.secure) : isApi ? answers.plainApi : answers.plain,
    );
    done();
  });
}
