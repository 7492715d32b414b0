import type { Readable } from 'node:stream';
import { documentSlots } from '../work-slots.ts';
import { streamPdf } from './output.ts';
import type { PagedDocument } from './paged-document.ts';
import { Table, type Column } from './table.ts';

/** One printed row of a list: its cells, and a tint when the list colours its rows. */
export interface ListRow {
  cells: string[];
  fill?: string;
}

export interface ListReportOptions<T> {
  title: string;
  /** The PDF's author (the business, else the application). */
  author: string;
  createdAt: Date;
  /** A line above the title (the business's name), when there is one. */
  overline?: string;
  /** The lines under the title: the date, the filters. */
  heading: string[];
  columns: readonly Column[];
  /** The rows, a chunk (one query) at a time. */
  chunks: AsyncIterable<T[]>;
  row: (item: T) => ListRow;
  /** The line under the table, from the number of rows ("Total products: 12", "No products."). */
  total: (count: number) => string;
  onError: (err: unknown) => void;
}

const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8.5;

/**
 * A list printed as a landscape report: title and filters on the first page, a table whose header
 * row repeats on every page, "Page n" at each page's foot and a total line. Rows are read a chunk
 * at a time and pages written as they fill; the writer waits whenever the reader falls behind, so
 * memory stays flat however long the list. A reader that goes away stops the reading. Laid out
 * when a document slot is free: ten reports at once would hold ten layouts in memory.
 */
export function streamListReport<T>(opts: ListReportOptions<T>): Readable {
  const write = async (pdf: PagedDocument) => {
    pdf.newPage();
    let y = pdf.top;
    if (opts.overline) {
      pdf.textLine(opts.overline, pdf.left, y, { size: 9 });
      y += 14;
    }
    pdf.textLine(opts.title, pdf.left, y, { font: 'Helvetica-Bold', size: 16 });
    y += 22;
    for (const line of opts.heading) {
      pdf.textLine(line, pdf.left, y, { size: 9 });
      y += 13;
    }
    pdf.y = y + 6;
    const table = new Table(pdf, opts.columns, {
      fontSize: FONT_SIZE,
      rowHeight: ROW_HEIGHT,
      padding: { x: 3, top: 4 },
    });
    table.begin();
    let count = 0;
    for await (const items of opts.chunks) {
      if (pdf.closed) return;
      for (const item of items) {
        const { cells, fill } = opts.row(item);
        table.row(cells, { fill });
      }
      count += items.length;
      await pdf.drain();
    }
    pdf.ensureSpace(ROW_HEIGHT * 2);
    table.end();
    pdf.textLine(opts.total(count), pdf.left + 3, pdf.y + 10, { font: 'Helvetica-Bold', size: FONT_SIZE });
  };
  return streamPdf(
    {
      title: opts.title,
      author: opts.author,
      createdAt: opts.createdAt,
      layout: 'landscape',
      margin: MARGIN,
      footer: (page) => `Page ${page.number}`,
    },
    (pdf) => documentSlots.run(() => write(pdf)),
    opts.onError,
  );
}
