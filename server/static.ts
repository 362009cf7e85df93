import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client. The build writes brotli and gzip copies next to each file
 * (vite.config.ts); preCompressed picks one by Accept-Encoding. Hashed assets are
 * cached for a year, index.html never, so a new build is picked up at the next load.
 */
export async function serveClient(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
