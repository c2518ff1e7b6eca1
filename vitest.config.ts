import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration files each create their own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'sw/**/*.test.ts', 'tests/{unit,api,integration}/**/*.test.ts'],
        },
      },
      {
        // Screens' states rendered with Testing Library in a simulated DOM, with the Lingui macros
        // compiled as the app build compiles them.
        extends: true,
        plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
        test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
});
