import { PassThrough, type Readable, type Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { INVENTORY_UNIT_COLUMNS, inventoryUnitCells } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { productsMatching, unitQuantitiesOf } from './queries.ts';
import { documentSlots } from '../lib/work-slots.ts';

/** Rows fetched per query: the report never holds more than this many products at once. */
export const INVENTORY_CHUNK = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/** "InventoryReport-YYYY-MM-DD HH-mm.pdf", the download name the spec's screen uses. */
export function inventoryReportFilename(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `InventoryReport-${date} ${pad(now.getHours())}-${pad(now.getMinutes())}.pdf`;
}

interface Cursor {
  key: string;
  id: number;
}

interface ChunkRow {
  id: number;
  name: string;
  internal_code: string;
  quantity: number;
  sort_key: string;
}

interface InventoryRow {
  id: number;
  name: string;
  internal_code: string;
  quantity: number;
  cells: ReturnType<typeof inventoryUnitCells>;
}

/**
 * The products of the report in name order, one chunk per query: keyset paging on
 * (lower(name), id), which the products_name_idx index serves without an offset scan.
 */
export async function* inventoryChunks(
  db: Executor,
  search: string,
  chunkSize = INVENTORY_CHUNK,
): AsyncGenerator<InventoryRow[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const after = cursor;
    const rows: ChunkRow[] = await productsMatching(db, search)
      .select((eb) => [
        'p.id',
        'p.name',
        'p.internal_code',
        'p.quantity',
        eb.fn<string>('lower', ['p.name']).as('sort_key'),
      ])
      .$if(after !== null, (qb) => qb.where(sql<boolean>`(lower(p.name), p.id) > (${after!.key}, ${after!.id})`))
      .orderBy((eb) => eb.fn('lower', ['p.name']))
      .orderBy('p.id')
      .limit(chunkSize)
      .execute();
    if (rows.length === 0) return;
    const units = await unitQuantitiesOf(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => ({
      id: r.id,
      name: r.name,
      internal_code: r.internal_code,
      quantity: r.quantity,
      cells: inventoryUnitCells(units.get(r.id) ?? []),
    }));
    if (rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    cursor = { key: last.sort_key, id: last.id };
  }
}

const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8.5;
const COLUMNS = [
  { title: 'Reference Number', width: 130, align: 'left' },
  { title: 'Name', width: 230, align: 'left' },
  ...INVENTORY_UNIT_COLUMNS.map((unit) => ({ title: unit, width: 44, align: 'right' })),
  { title: 'Quantity on Hand', width: 96, align: 'right' },
] as const;

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Measures text in the current font, remembering short strings: the quantity cells repeat the
 * same few numbers thousands of times and measuring (with kerning) is the report's main cost.
 */
class Measure {
  private readonly cache = new Map<string, number>();
  constructor(private readonly doc: Doc) {}

  width(text: string, font: string): number {
    if (text.length > 8) return this.doc.widthOfString(text);
    const key = `${font}\0${text}`;
    let w = this.cache.get(key);
    if (w === undefined) {
      w = this.doc.widthOfString(text);
      this.cache.set(key, w);
    }
    return w;
  }

  /** Cuts text to the column width with an ellipsis (the report keeps one line per product). */
  fit(text: string, width: number, font: string): { text: string; width: number } {
    const full = this.width(text, font);
    if (full <= width) return { text, width: full };
    let end = text.length;
    let cut = `${text}…`;
    let w = full;
    while (end > 0 && w > width) {
      end -= Math.max(1, Math.floor(end * 0.1));
      cut = `${text.slice(0, end)}…`;
      w = this.doc.widthOfString(cut);
    }
    return { text: cut, width: w };
  }
}

function drawCells(doc: Doc, measure: Measure, values: string[], y: number, bold: boolean): void {
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  doc.font(font).fontSize(FONT_SIZE);
  let x = MARGIN;
  COLUMNS.forEach((col, i) => {
    const inner = col.width - 6;
    const { text, width } = measure.fit(values[i] ?? '', inner, font);
    const dx = col.align === 'right' ? inner - width + 3 : 3;
    if (text) doc.text(text, x + dx, y + 4, { lineBreak: false });
    x += col.width;
  });
}

class InventoryPages {
  private page = 0;
  private y = 0;
  private readonly measure: Measure;
  constructor(
    private readonly doc: Doc,
    private readonly heading: string[],
  ) {
    this.measure = new Measure(doc);
  }

  private startPage(): void {
    if (this.page > 0) this.doc.addPage();
    this.page += 1;
    const { doc } = this;
    let y = MARGIN;
    if (this.page === 1) {
      doc.font('Helvetica-Bold').fontSize(16).text('Inventory Report', MARGIN, y, { lineBreak: false });
      y += 22;
      doc.font('Helvetica').fontSize(9);
      for (const line of this.heading) {
        doc.text(line, MARGIN, y, { lineBreak: false });
        y += 13;
      }
      y += 6;
    }
    const width = doc.page.width - 2 * MARGIN;
    doc.rect(MARGIN, y, width, ROW_HEIGHT).fill('#e8eaf0').fillColor('#000000');
    drawCells(
      doc,
      this.measure,
      COLUMNS.map((c) => c.title),
      y,
      true,
    );
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .text(`Page ${this.page}`, doc.page.width - MARGIN - 40, doc.page.height - MARGIN + 8, { lineBreak: false });
    this.y = y + ROW_HEIGHT;
  }

  row(values: string[]): void {
    if (this.page === 0 || this.y + ROW_HEIGHT > this.doc.page.height - MARGIN) this.startPage();
    drawCells(this.doc, this.measure, values, this.y, false);
    this.doc
      .moveTo(MARGIN, this.y + ROW_HEIGHT)
      .lineTo(this.doc.page.width - MARGIN, this.y + ROW_HEIGHT)
      .lineWidth(0.3)
      .strokeColor('#c0c4cc')
      .stroke();
    this.y += ROW_HEIGHT;
  }

  footer(text: string): void {
    if (this.page === 0 || this.y + ROW_HEIGHT * 2 > this.doc.page.height - MARGIN) this.startPage();
    this.doc
      .font('Helvetica-Bold')
      .fontSize(FONT_SIZE)
      .text(text, MARGIN + 3, this.y + 10, { lineBreak: false });
  }
}

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

const dateTime = (now: Date) =>
  `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;

/**
 * The inventory report as a stream. Products are read chunk by chunk and pages are written as
 * they fill; the producer waits whenever the reader falls behind, so memory stays flat
 * however many products there are. A client that goes away stops the reading.
 */
export function streamInventoryReport(
  db: Executor,
  opts: { search: string; now: Date; log: FastifyBaseLogger },
): Readable {
  const out = new PassThrough();
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'Inventory Report', Author: 'DME Office', CreationDate: opts.now },
  });
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  doc.on('end', () => out.end());
  const heading = [`Date: ${dateTime(opts.now)}`];
  if (opts.search.trim()) heading.push(`Search: ${opts.search.trim()}`);
  const pages = new InventoryPages(doc, heading);

  const write = async () => {
    let count = 0;
    for await (const rows of inventoryChunks(db, opts.search)) {
      if (out.destroyed) return;
      for (const r of rows) {
        const units = INVENTORY_UNIT_COLUMNS.map((u) => (r.cells[u] === null ? '' : String(r.cells[u])));
        pages.row([r.internal_code, r.name, ...units, String(r.quantity)]);
      }
      count += rows.length;
      if (out.writableNeedDrain) await drained(out);
    }
    pages.footer(count === 0 ? 'No products.' : `Total products: ${count}`);
    doc.end();
  };
  // Laid out when a document slot is free: ten reports at once would hold ten layouts in memory.
  documentSlots.run(write).catch((err: unknown) => {
    opts.log.error({ err }, 'inventory report failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
