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
      // Vitest leaves one core to itself by default; on 2 cores that halves a CPU-bound jsdom run.
      maxWorkers: 2,
      // No retries: a test that fails once is failing. The slowest test takes a few seconds on a
      // quiet machine; the bound leaves room for a busy one without hiding a test that hangs.
      testTimeout: 20_000,
    },
  }),
);
