import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = ['src/core/**/*.test.ts', 'src/server/**/*.test.ts', 'bench/**/*.test.ts'];
const browserTests = ['src/**/*.browser.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: serverTests,
          exclude: browserTests,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          exclude: browserTests,
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test/setup.ts'],
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
