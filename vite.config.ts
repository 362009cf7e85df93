import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client is built into dist/ and served by the Fastify server (server/static.ts).
// In development, `npm run dev` proxies /portal to a server started with `npm run serve`.
export default defineConfig({
  plugins: [react()],
  root: 'views',
  publicDir: false,
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // The manifest lets the benchmark follow exactly which chunks the login page loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: { proxy: { '/portal': 'http://localhost:8080' } },
});
