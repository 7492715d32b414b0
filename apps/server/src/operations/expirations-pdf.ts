import { PassThrough, type Readable, type Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpirationListQuery, ExpirationRow, ExpirationRowColor } from '@dme/shared';
import { formatDisplayDate } from '@dme/shared';
import type { Executor } from '../orders/views.ts';
import { expirationRows, toExpirationRow } from './expirations.ts';

/** Rows read per query: the batch print never holds more than this many expirations at once. */
export const EXPIRATIONS_PDF_CHUNK = 500;

/** The spec's download name (section 9). */
export function expirationsPdfFilename(start: string, end: string): string {
  return `expirations-${start}-${end}.pdf`;
}

const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8.5;
const COLUMNS = [
  { title: 'Patient Name', width: 130 },
  { title: 'DOS', width: 62 },
  { title: 'Last Service Date', width: 80 },
  { title: 'Expiration Notes', width: 220 },
  { title: 'Expiration Date', width: 74 },
  { title: 'Yellow Date', width: 66 },
  { title: 'Waiver', width: 44 },
  { title: 'Status', width: 44 },
] as const;
/** Row tints matching the screen's colours, light enough to print. */
const TINTS: Record<ExpirationRowColor, string> = { green: '#e3f4e6', yellow: '#fff6d6', red: '#fbe3e1' };
const STATUS: Record<ExpirationRowColor, string> = { green: 'Solved', yellow: 'Yellow', red: 'Red' };

type Doc = InstanceType<typeof PDFDocument>;

/** Cuts text to the column width with an ellipsis: one line per expiration. */
function fit(doc: Doc, text: string, width: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (doc.widthOfString(clean) <= width) return clean;
  let end = clean.length;
  let cut = clean;
  while (end > 0) {
    end -= Math.max(1, Math.floor(end * 0.1));
    cut = `${clean.slice(0, end)}…`;
    if (doc.widthOfString(cut) <= width) break;
  }
  return cut;
}

class Pages {
  private page = 0;
  private y = 0;
  constructor(
    private readonly doc: Doc,
    private readonly heading: string[],
    private readonly business: string,
  ) {}

  private cells(values: string[], y: number, bold: boolean): void {
    const { doc } = this;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor('#000000');
    let x = MARGIN;
    COLUMNS.forEach((col, i) => {
      const text = fit(doc, values[i] ?? '', col.width - 6);
      if (text) doc.text(text, x + 3, y + 4, { lineBreak: false });
      x += col.width;
    });
  }

  private startPage(): void {
    if (this.page > 0) this.doc.addPage();
    this.page += 1;
    const { doc } = this;
    let y = MARGIN;
    if (this.page === 1) {
      if (this.business) {
        doc.font('Helvetica').fontSize(9).text(this.business, MARGIN, y, { lineBreak: false });
        y += 14;
      }
      doc.font('Helvetica-Bold').fontSize(16).text('Expirations', MARGIN, y, { lineBreak: false });
      y += 22;
      doc.font('Helvetica').fontSize(9);
      for (const line of this.heading) {
        doc.text(line, MARGIN, y, { lineBreak: false });
        y += 13;
      }
      y += 6;
    }
    doc
      .rect(MARGIN, y, doc.page.width - 2 * MARGIN, ROW_HEIGHT)
      .fill('#e8eaf0')
      .fillColor('#000000');
    this.cells(
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

  row(values: string[], color: ExpirationRowColor): void {
    if (this.page === 0 || this.y + ROW_HEIGHT > this.doc.page.height - MARGIN) this.startPage();
    const { doc } = this;
    doc
      .rect(MARGIN, this.y, doc.page.width - 2 * MARGIN, ROW_HEIGHT)
      .fill(TINTS[color])
      .fillColor('#000000');
    this.cells(values, this.y, false);
    doc
      .moveTo(MARGIN, this.y + ROW_HEIGHT)
      .lineTo(doc.page.width - MARGIN, this.y + ROW_HEIGHT)
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
      .fillColor('#000000')
      .text(text, MARGIN + 3, this.y + 10, { lineBreak: false });
  }
}

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

function cells(r: ExpirationRow): string[] {
  return [
    `${r.patient.first_name} ${r.patient.last_name}`,
    formatDisplayDate(r.dos),
    formatDisplayDate(r.last_service?.date),
    r.note,
    formatDisplayDate(r.date),
    r.yellow ? formatDisplayDate(r.yellow_date) : '',
    r.waiver ? 'Yes' : 'No',
    STATUS[r.color],
  ];
}

/**
 * GET /export_expirations: the filtered expirations (every page, in the list's ordering) as a
 * PDF stream. Rows are read chunk by chunk and pages written as they fill; the producer waits
 * when the reader falls behind, so memory stays flat. A client that goes away stops the reading.
 */
export function streamExpirationsPdf(
  db: Executor,
  opts: {
    query: ExpirationListQuery;
    stateName: string | null;
    business: string;
    now: Date;
    log: FastifyBaseLogger;
  },
): Readable {
  const { query } = opts;
  const range = { start: query.start_date, end: query.end_date };
  const out = new PassThrough();
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'Expirations', Author: opts.business || 'DME Office', CreationDate: opts.now },
  });
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  doc.on('end', () => out.end());
  const heading = [
    `From ${formatDisplayDate(range.start)} to ${formatDisplayDate(range.end)}`,
    `Waiver: ${query.waiver ? 'True' : 'False'}    State: ${opts.stateName ?? 'All'}    Facility: ${query.facility}` +
      `    Hide Solved: ${query.hide_solved ? 'Yes' : 'No'}`,
  ];
  if (query.search.trim()) heading.push(`Search: ${query.search.trim()}`);
  const pages = new Pages(doc, heading, opts.business);

  const write = async () => {
    let count = 0;
    for (let offset = 0; ; offset += EXPIRATIONS_PDF_CHUNK) {
      const rows = await expirationRows(db, query, query.ordering)
        .limit(EXPIRATIONS_PDF_CHUNK)
        .offset(offset)
        .execute();
      if (out.destroyed) return;
      for (const raw of rows) {
        const r = toExpirationRow(raw, range);
        pages.row(cells(r), r.color);
      }
      count += rows.length;
      if (out.writableNeedDrain) await drained(out);
      if (rows.length < EXPIRATIONS_PDF_CHUNK) break;
    }
    pages.footer(count === 0 ? 'No expirations.' : `Total expirations: ${count}`);
    doc.end();
  };
  write().catch((err: unknown) => {
    opts.log.error({ err }, 'expirations batch print failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
