// Test projects: pure unit tests beside the code; DB-backed tests once per driver; the console in happy-dom;
// browser tests in Debian's Chromium against a real `gateway serve`.
import { defineConfig } from 'vitest/config';

const dbProject = (driver: 'sqlite' | 'postgresql') => ({
  test: {
    name: driver,
    environment: 'node',
    include: ['tests/api/**/*.test.ts', 'tests/migrations/**/*.test.ts', 'tests/relay/**/*.test.ts', 'tests/cli/**/*.test.{ts,tsx}'],
    env: { GATEWAY_TEST_DB: driver, CI: 'false' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['daemon/**/*.test.ts', 'config/**/*.test.ts', 'cli/**/*.test.{ts,tsx}'],
          // Ink drops its last frame under is-in-ci (stack.md pitfall 16).
          env: { CI: 'false' },
        },
      },
      dbProject('sqlite'),
      dbProject('postgresql'),
      {
        extends: './console/vite.config.ts',
        test: {
          name: 'console',
          environment: 'happy-dom',
          root: './console',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A click's answer can take over a second while the other projects load the machine (poll's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
