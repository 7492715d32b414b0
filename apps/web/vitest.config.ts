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
      // Form tests type through MUI in jsdom; on a busy 2-core machine one can take a minute.
      // No retries: a test that fails once is failing, so the bound is generous instead.
      testTimeout: 120000,
    },
  }),
);
