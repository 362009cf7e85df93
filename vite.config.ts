import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files worth compressing; woff/woff2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|ttf|eot|txt)$/;
/** Below this a compressed copy saves less than the request headers weigh. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, once at
 * build time at the highest levels, so the server only picks a file by Accept-Encoding
 * (server/static.ts, @fastify/static preCompressed) and never compresses per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f) && !f.includes('/.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Points the views' imports of '@xstate/react' at views/shell/page-actor-hooks.ts (which imports the
 * library itself), so every actor a page starts is listed in the workflow viewer's live tab without
 * each page saying so.
 */
function pageActorHooks(): Plugin {
  const hooks = fileURLToPath(new URL('./views/shell/page-actor-hooks.ts', import.meta.url));
  return {
    name: 'portal-page-actor-hooks',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@xstate/react' || !importer || resolve(importer.split('?')[0]) === hooks) return null;
      return hooks;
    },
  };
}

/**
 * Puts every module the entry imports statically into one chunk. Left to itself the bundler splits
 * what the entry shares with lazy pages into a dozen small chunks, and a cold /login then fetches them
 * six at a time (the browser's limit per host over HTTP/1.1): a second round trip before the form.
 */
function bootChunk(entry: string) {
  let boot: Set<string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: string[] } | null }) => {
    if (!boot) {
      boot = new Set();
      const next = [entry];
      for (let module = next.pop(); module; module = next.pop()) {
        if (boot.has(module)) continue;
        boot.add(module);
        next.push(...(ctx.getModuleInfo(module)?.importedIds ?? []));
      }
    }
    return boot.has(id) ? 'boot' : null;
  };
}

// The client is built into dist/ and served by the Fastify server (server/static.ts).
// In development, `npm run dev` proxies /portal to a server started with `npm run serve`.
export default defineConfig({
  plugins: [pageActorHooks(), react(), precompress()],
  root: 'views',
  publicDir: false,
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // The manifest lets the benchmark follow exactly which chunks the login page loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: bootChunk(fileURLToPath(new URL('./views/main.tsx', import.meta.url))),
              debugName: 'boot',
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/portal': 'http://localhost:8080' } },
});
