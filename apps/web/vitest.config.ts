import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Test files share their imports per worker: loading MUI once instead of once per file
      // halves the run. Each test builds its own query client, router and storage state.
      isolate: false,
      testTimeout: 15000,
    },
  }),
);
