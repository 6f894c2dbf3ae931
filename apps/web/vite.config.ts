import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';
const proxied = ['/api', '/auth', '/external', '/accounts', '/media', '/ingest'] as const;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `.br` and `.gz` beside every text asset once, at build time, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request or sending the bundle uncompressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'studio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          // Tiny files grow when compressed; the server then sends the original.
          if (body.length < 256) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/studio/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The polyfill only makes browsers without <link rel="modulepreload"> fetch ahead; they load the
    // same modules on import anyway. Every first load paid ~0.6 KiB for it (docs/decisions/023).
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
