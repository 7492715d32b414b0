import { PassThrough, type Readable, type Writable } from 'node:stream';
import { PagedDocument, type PagedDocumentOptions, type PdfOutput } from './paged-document.ts';

/** Size of the writes a streamed document makes. */
const OUT_CHUNK_BYTES = 64 * 1024;

/** Resolves once `out` can take more data (or has gone away). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * A document's bytes as a stream. pdfkit emits every PDF token as its own small buffer: they are
 * gathered into writes of `chunkBytes`, so the socket (or file) sees a few large writes instead of
 * thousands of tiny ones (far less garbage, and memory that stays flat). The stream holds four
 * writes before the writer waits.
 */
export class StreamOutput implements PdfOutput {
  readonly stream: PassThrough;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly chunkBytes = OUT_CHUNK_BYTES) {
    this.stream = new PassThrough({ highWaterMark: chunkBytes * 4 });
  }

  get closed(): boolean {
    return this.stream.destroyed;
  }

  write(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= this.chunkBytes) this.flush();
  }

  end(): void {
    this.flush();
    this.stream.end();
  }

  async drain(): Promise<void> {
    this.flush();
    // The event loop turns here even when the reader keeps up: other requests are answered
    // meanwhile, and V8's garbage collection tasks run instead of letting the heap pile up.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.stream.writableNeedDrain) await drained(this.stream);
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (!this.stream.destroyed) this.stream.write(chunk);
  }
}

/** A document's bytes gathered into one buffer (documents of a few pages). */
class BufferOutput implements PdfOutput {
  readonly closed = false;
  private readonly chunks: Buffer[] = [];

  constructor(private readonly done: (pdf: Buffer) => void) {}

  write(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  end(): void {
    this.done(Buffer.concat(this.chunks));
  }

  async drain(): Promise<void> {}
}

/** A document drawn at once into memory (a ticket, an invoice: a few kilobytes). */
export function renderPdf(options: PagedDocumentOptions, draw: (pdf: PagedDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PagedDocument(options, new BufferOutput(resolve));
    pdf.doc.on('error', reject);
    try {
      draw(pdf);
      pdf.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/**
 * A document streamed as `write` lays it out. `write` calls `pdf.drain()` every few pages (rows,
 * tickets) and so waits whenever the reader falls behind: memory stays flat however long the
 * document is. It stops early once `pdf.closed` (the reader went away). A failure destroys the
 * stream with the error, after `onError` has seen it.
 */
export function streamPdf(
  options: PagedDocumentOptions,
  write: (pdf: PagedDocument) => Promise<void>,
  onError: (err: unknown) => void,
): Readable {
  const output = new StreamOutput();
  const pdf = new PagedDocument(options, output);
  const run = async () => {
    await write(pdf);
    if (!pdf.closed) pdf.end();
  };
  run().catch((err: unknown) => {
    onError(err);
    output.stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return output.stream;
}
