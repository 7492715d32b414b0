import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where attachments, product photos and generated PDFs live. The local implementation writes
 * under `<dataDir>/files`; another backend (a shared volume, object storage) can implement the
 * same calls so several server processes see the same files.
 */
export interface Storage {
  /** A new random key inside `folder`, for a caller that records where a file goes before writing it. */
  newKey(folder: string, extension?: string): string;
  /**
   * Stores the stream under `key` (from newKey), or a new random key inside `folder`; returns the
   * key and size. A stream that fails leaves no file behind.
   */
  put(
    folder: string,
    source: Readable,
    opts?: { extension?: string; maxBytes?: number; key?: string },
  ): Promise<{ key: string; size: number }>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** The files directly inside `folder` with when each was last written (none when it does not exist). */
  list(folder: string): Promise<{ key: string; modified: Date }[]>;
}

export class TooLargeError extends Error {}

export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'files');
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('Invalid storage key');
    return full;
  };
  const newKey = (folder: string, extension = '') => {
    const safeFolder = folder.replace(/[^\w-]/g, '');
    const ext = extension.replace(/[^\w.]/g, '').slice(0, 10);
    return `${safeFolder}/${crypto.randomUUID()}${ext && !ext.startsWith('.') ? '.' : ''}${ext}`;
  };
  return {
    newKey,
    async put(folder, source, opts = {}) {
      const key = opts.key ?? newKey(folder, opts.extension);
      const full = resolveKey(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      let size = 0;
      // Open first, so a failed upload can never leave a file created after the clean-up ran.
      const handle = await fsp.open(full, 'wx', 0o600);
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              if (opts.maxBytes !== undefined && size > opts.maxBytes) throw new TooLargeError('File too large');
              yield chunk;
            }
          },
          handle.createWriteStream(),
        );
      } catch (err) {
        await handle.close().catch(() => undefined);
        await fsp.rm(full, { force: true });
        throw err;
      }
      return { key, size };
    },
    read(key) {
      return fs.createReadStream(resolveKey(key));
    },
    async exists(key) {
      try {
        await fsp.access(resolveKey(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fsp.rm(resolveKey(key), { force: true });
    },
    async list(folder) {
      const safeFolder = folder.replace(/[^\w-]/g, '');
      let names: string[];
      try {
        names = await fsp.readdir(resolveKey(safeFolder));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const files = await Promise.all(
        names.map(async (name) => {
          const key = `${safeFolder}/${name}`;
          const stat = await fsp.stat(resolveKey(key)).catch(() => null);
          return stat?.isFile() ? { key, modified: stat.mtime } : null;
        }),
      );
      return files.filter((f) => f !== null);
    },
  };
}
