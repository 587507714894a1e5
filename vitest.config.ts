import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = [
  'src/core/**/*.test.ts',
  'src/server/**/*.test.ts',
  'src/architecture/**/*.test.ts',
  'bench/**/*.test.ts',
];
const browserTests = ['src/**/*.browser.test.ts'];
const postgresOnlyTests = ['src/**/*.pg.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: serverTests,
          testTimeout: 15_000,
          // Server test files share one module graph per worker: loading the server afresh for
          // each file was most of the suite's time (import 379 s of 875 s on a busy machine).
          isolate: false,
          exclude: [...browserTests, ...postgresOnlyTests],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          // On PostgreSQL three files run at once (package.json's test:pg): a long test there
          // took 17 s where it takes 6 s alone.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          isolate: false,
          // The SQLite default's start-up promises are proven once, in `npm test`.
          exclude: [...browserTests, 'src/server/app/cli/main.test.ts'],
          environment: 'node',
          // Names this run's PostgreSQL schemas, which test processes empty and reuse.
          globalSetup: ['src/server/test/postgres-global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: browserTests,
          environment: 'happy-dom',
          setupFiles: ['src/web/test/setup.ts'],
          // A page's first render loads its whole module graph: seconds when the unit project
          // shares the two cores. Waiting longer never makes a broken page pass.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: browserTests,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
