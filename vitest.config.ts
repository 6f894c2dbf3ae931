import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Test people's passwords are hashed cheaply; production ignores this (see accounts/password.ts).
          env: { PASSWORD_HASH_COST: '1024' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
