import { execFileSync } from 'node:child_process';
import { Writable, type PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { renderPdf, StreamOutput, streamPdf } from './output.ts';
import { PagedDocument } from './paged-document.ts';
import { TEST_DOCUMENT } from './test-pdf.ts';

/** Writes of 4 kB: the bound below is then a few dozen pages, so a few hundred show whether it holds. */
const CHUNK = 4 * 1024;
const PAGES = 300;
/**
 * The most a streamed document may hold while its reader is behind: the stream's readable and
 * writable buffers (four writes each), the write that went over, and the bytes not yet gathered.
 */
const BUFFER_BOUND = CHUNK * 10;

/** A page of figures that do not compress away (about 800 bytes written per page). */
function fillPage(pdf: PagedDocument, n: number): void {
  pdf.newPage();
  for (let line = 0; line < 10; line++) {
    const figures = Array.from({ length: 6 }, (_, i) =>
      ((n * 7919 + line * 104729 + i * 1299709) % 999983).toString(36),
    );
    pdf.textLine(`${n}.${line}: ${figures.join(' ')}`, pdf.left, pdf.top + line * 14, { size: 9 });
  }
}

/**
 * A streamed document of PAGES pages laid out as streamPdf lays one out, waiting on the reader
 * after each page; `written` counts the pages begun, `held` the most bytes it held at once.
 */
function streamPages(options: { stopWhenClosed?: boolean } = {}) {
  const output = new StreamOutput(CHUNK);
  const pdf = new PagedDocument(TEST_DOCUMENT, output);
  const state = { stream: output.stream, written: 0, held: 0, finished: false };
  void (async () => {
    for (let n = 1; n <= PAGES; n++) {
      if (options.stopWhenClosed && pdf.closed) break;
      fillPage(pdf, n);
      state.written = n;
      await pdf.drain();
      state.held = Math.max(state.held, buffered(output.stream));
    }
    if (!pdf.closed) pdf.end();
    state.finished = true;
  })();
  return state;
}

/** The stream's bytes held in memory: what the reader has not taken, and what waits to go in. */
const buffered = (stream: PassThrough) => stream.readableLength + stream.writableLength;

function pageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** Resolves once `read()` has stayed the same for a while (the writer is waiting). */
async function settled(read: () => number): Promise<number> {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = read();
    if (now === last) return now;
    last = now;
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('StreamOutput', () => {
  it('stops the writer while nobody reads, its buffer bounded, and lets it finish once read', async () => {
    const doc = streamPages();
    const stalledAt = await settled(() => doc.written);
    expect(stalledAt).toBeGreaterThan(0);
    expect(stalledAt).toBeLessThan(PAGES / 2);
    expect(buffered(doc.stream)).toBeGreaterThan(CHUNK);
    expect(buffered(doc.stream)).toBeLessThanOrEqual(BUFFER_BOUND);

    const pdf = await collect(doc.stream);
    expect(doc.written).toBe(PAGES);
    expect(pdf.length).toBeGreaterThan(BUFFER_BOUND * 3);
    expect(pageCount(pdf)).toBe(PAGES);
  });

  it('keeps pace with a slow reader: the bytes held never pass the bound', async () => {
    const doc = streamPages();
    let bytes = 0;
    const slowReader = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        setTimeout(done, 2);
      },
    });
    await pipeline(doc.stream, slowReader);
    expect(bytes).toBeGreaterThan(BUFFER_BOUND * 3);
    expect(doc.held).toBeGreaterThan(CHUNK);
    expect(doc.held).toBeLessThanOrEqual(BUFFER_BOUND);
  });

  it('lets the writer stop once the reader goes away', async () => {
    const doc = streamPages({ stopWhenClosed: true });
    await settled(() => doc.written);
    doc.stream.destroy();
    await settled(() => doc.written);
    expect(doc.finished).toBe(true);
    expect(doc.written).toBeLessThan(PAGES);
  });
});

describe('streamPdf', () => {
  it('streams what the writer lays out and ends the document', async () => {
    const stream = streamPdf(
      TEST_DOCUMENT,
      async (pdf) => {
        for (let n = 1; n <= 3; n++) {
          fillPage(pdf, n);
          await pdf.drain();
        }
      },
      () => {},
    );
    expect(pageCount(await collect(stream))).toBe(3);
  });

  it('fails the stream with the writer error, after onError has seen it', async () => {
    const errors: unknown[] = [];
    const stream = streamPdf(
      TEST_DOCUMENT,
      async (pdf) => {
        fillPage(pdf, 1);
        await pdf.drain();
        throw new Error('The rows could not be read.');
      },
      (err) => errors.push(err),
    );
    await expect(collect(stream)).rejects.toThrow('The rows could not be read.');
    expect(errors).toHaveLength(1);
  });
});

describe('renderPdf', () => {
  it('answers the whole document, or the drawing error', async () => {
    const pdf = await renderPdf(TEST_DOCUMENT, (doc) => fillPage(doc, 1));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    await expect(
      renderPdf(TEST_DOCUMENT, () => {
        throw new Error('No page to draw.');
      }),
    ).rejects.toThrow('No page to draw.');
  });
});
