/* eslint import-x/no-cycle: "off" -- walking vite's own dependencies reaches lightningcss, whose
   "node" folder the legacy default resolver mistakes for a resolver and crashes on; a build
   config is a leaf that cannot be part of a cycle. Remove once the root config sets a resolver. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';
const proxied = ['/api', '/auth', '/external', '/accounts', '/media'] as const;

export default defineConfig({
  base: '/studio/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
