import path from 'node:path';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * Answers compressed on the fly when the client accepts it: JSON, text, JavaScript, XML and SVG
 * (not PDFs, images or other binary downloads, which gain nothing, nor event streams).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)(?:json|xml|javascript)(?:;|$)|^image\/svg\+xml/u;

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call instead of through a stream
 * (the plugin's own default on a 2-core machine is 8 kB): a page of a list is 10 to 80 kB, and
 * its stream (encoder, pipeline, thread-pool hops) cost about 1 ms against 0.1 ms for the call.
 */
export const COMPRESS_SYNC_MAX_BYTES = 128 * 1024;

/** Hashed build files never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * On-the-fly compression of API answers (brotli at the plugin's fast quality 4, else gzip) over
 * the threshold, for routes registered after it. Request bodies are not decompressed: clients
 * send plain JSON and multipart.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}

/**
 * The built web app: the brotli or gzip file the build wrote next to each asset (vite.config.ts)
 * is sent when the browser accepts it (`Vary: Accept-Encoding`). Files under /assets/ carry a
 * content hash in their name and are cached for a year as immutable; everything else
 * (index.html above all) is revalidated on every load (`no-cache` with its ETag).
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  const assets = path.join(path.resolve(root), 'assets') + path.sep;
  return {
    root,
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', path.resolve(filePath).startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  };
}
