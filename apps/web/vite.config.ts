import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text
 * file of the build, so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of the raw files or compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dme-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      let raw = 0;
      let br = 0;
      let gz = 0;
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          const [b, g] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          // Written even when not smaller (a tiny file): the server then never compresses a build file itself.
          await fs.writeFile(`${file}.br`, b);
          await fs.writeFile(`${file}.gz`, g);
          raw += data.length;
          br += b.length;
          gz += g.length;
        }),
      );
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      this.info(`precompressed ${files.length} files: ${kb(raw)}, brotli ${kb(br)}, gzip ${kb(gz)}`);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
