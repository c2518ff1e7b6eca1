import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/{unit,api,integration}/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration files each create their own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
