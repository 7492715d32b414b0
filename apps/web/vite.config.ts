import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // `@/` keeps feature imports of components/ and lib/ free of `../../`, which the lint rule
  // that keeps areas apart reserves for cross-area imports.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The shared package has no module side effects: schemas of areas a screen does not use
      // must not land in its chunk just because one helper of the package is imported.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
      },
    },
  },
});
