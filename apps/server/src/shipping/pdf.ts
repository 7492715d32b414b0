import { PassThrough, type Readable, type Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatDisplayDate } from '@dme/shared';
import type { Ticket, TicketService } from './tickets.ts';

type Doc = InstanceType<typeof PDFDocument>;

export interface TicketPdfOptions {
  business: { name: string; address: string; phone: string };
  /** When the document is printed (shown on each ticket, in the office's calendar). */
  printedOn: string;
}

const MARGIN = 40;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const ROW_HEIGHT = 17;
const GREY = '#5f6368';
const RULE = '#c0c4cc';
/** Height kept at the foot of a ticket's last page for the notes and the signature block. */
const CLOSING_HEIGHT = 200;

const COLUMNS = [
  { title: 'Product #', width: 100, align: 'left' },
  { title: 'Product', width: 232, align: 'left' },
  { title: 'Quantity', width: 60, align: 'right' },
  { title: 'Unit', width: 60, align: 'left' },
  { title: 'Price Variant', width: 80, align: 'left' },
] as const;

/** The part of pdfkit's standard (AFM) font object that turns text into glyphs and widths. */
interface FontMetrics {
  encode(text: string, features?: unknown): [string[], unknown[]];
  widthOfString(text: string, size: number, features?: unknown): number;
}

const MEMOIZED = Symbol('memoized');
/**
 * Entries each font remembers before starting afresh: the repeated texts (labels, units, price
 * variants, the business lines) come back at once, while one-off texts (names, addresses) never
 * pile up, so memory stays flat however many tickets a batch holds.
 */
const CACHE_LIMIT = 2_000;
/** Only texts this short keep their encoding (glyph lists are the bulky part of the cache). */
const ENCODE_CACHE_MAX_LENGTH = 32;

/**
 * pdfkit encodes a string (glyph by glyph, with kerning) up to three times per text() call, and
 * a batch repeats the same labels, units and variants on every ticket: that work was most of a
 * batch's time. Each font of the document remembers its encodings and widths (per document,
 * bounded by CACHE_LIMIT); pdfkit only reads what encode returns.
 */
function memoizeFontMetrics(doc: Doc, fonts: string[]): void {
  for (const name of fonts) {
    doc.font(name);
    const font = (doc as unknown as { _font: FontMetrics & { [MEMOIZED]?: true } })._font;
    if (font[MEMOIZED]) continue;
    const encode = font.encode.bind(font);
    const widthOfString = font.widthOfString.bind(font);
    const encoded = new Map<string, [string[], unknown[]]>();
    const widths = new Map<string, number>();
    font.encode = (text, features) => {
      // Long texts are one-off (names, addresses, notes): encoding them once is the cheap path.
      if (features !== undefined || text.length > ENCODE_CACHE_MAX_LENGTH) return encode(text, features);
      let hit = encoded.get(text);
      if (!hit) {
        if (encoded.size >= CACHE_LIMIT) encoded.clear();
        hit = encode(text);
        encoded.set(text, hit);
      }
      return hit;
    };
    font.widthOfString = (text, size, features) => {
      if (features !== undefined) return widthOfString(text, size, features);
      let unit = widths.get(text);
      if (unit === undefined) {
        if (widths.size >= CACHE_LIMIT) widths.clear();
        unit = widthOfString(text, 1000);
        widths.set(text, unit);
      }
      return (unit * size) / 1000;
    };
    font[MEMOIZED] = true;
  }
}

/** Cuts text to a width with an ellipsis (one line per cell). */
class Fitter {
  constructor(private readonly doc: Doc) {}

  fit(text: string, max: number): { text: string; width: number } {
    const full = this.doc.widthOfString(text);
    if (full <= max) return { text, width: full };
    let end = text.length;
    let cut = text;
    let w = full;
    while (end > 0 && w > max) {
      end -= Math.max(1, Math.floor(end * 0.1));
      cut = `${text.slice(0, end).trimEnd()}…`;
      w = this.doc.widthOfString(cut);
    }
    return { text: cut, width: w };
  }
}

/** A pdfkit page once written: only its dictionary's object number is still read (the page tree). */
interface WrittenPage {
  dictionary: { data: Record<string, unknown> };
}

/** Writes delivery tickets into one document, each starting on a new page. */
export class TicketWriter {
  private readonly fitter: Fitter;

  constructor(
    private readonly doc: Doc,
    private readonly opts: TicketPdfOptions,
  ) {
    this.fitter = new Fitter(doc);
    memoizeFontMetrics(doc, ['Helvetica', 'Helvetica-Bold']);
  }

  private newPage(): void {
    const previous = (this.doc as unknown as { page?: WrittenPage }).page;
    this.doc.addPage();
    // addPage has written the previous page out; pdfkit still keeps its dictionary (with its
    // resources and content objects, about 4 kB) until the document ends, though the page tree
    // needs only its object number. Dropping that keeps a long batch's memory flat.
    if (previous) previous.dictionary.data = {};
  }

  private text(value: string, x: number, y: number, font: string, size: number, color = '#000000'): void {
    if (!value) return;
    this.doc.font(font).fontSize(size).fillColor(color).text(value, x, y, { lineBreak: false });
  }

  private fitted(value: string, x: number, y: number, width: number, font: string, size: number, align = 'left'): void {
    if (!value) return;
    this.doc.font(font).fontSize(size).fillColor('#000000');
    const { text, width: w } = this.fitter.fit(value, width);
    this.doc.text(text, align === 'right' ? x + width - w : x, y, { lineBreak: false });
  }

  private rule(y: number, weight = 0.5): void {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE_WIDTH - MARGIN, y)
      .lineWidth(weight)
      .strokeColor(RULE)
      .stroke();
  }

  /** Business identity on the left, the ticket's number on the right. Returns the next y. */
  private heading(ticket: Ticket, continued: boolean): number {
    const { business, printedOn } = this.opts;
    const doc = this.doc;
    this.fitted(business.name, MARGIN, MARGIN, 330, 'Helvetica-Bold', 16);
    this.fitted(business.address, MARGIN, MARGIN + 21, 330, 'Helvetica', 9);
    this.text(`Phone: ${business.phone}`, MARGIN, MARGIN + 33, 'Helvetica', 9);
    const title = continued ? 'DELIVERY TICKET (continued)' : 'DELIVERY TICKET';
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000');
    doc.text(title, PAGE_WIDTH - MARGIN - doc.widthOfString(title), MARGIN + 1, { lineBreak: false });
    const number = `Ticket #${ticket.id}`;
    doc.font('Helvetica').fontSize(9);
    doc.text(number, PAGE_WIDTH - MARGIN - doc.widthOfString(number), MARGIN + 21, { lineBreak: false });
    const printed = `Printed ${formatDisplayDate(printedOn)}`;
    doc.text(printed, PAGE_WIDTH - MARGIN - doc.widthOfString(printed), MARGIN + 33, { lineBreak: false });
    this.rule(MARGIN + 52, 1);
    return MARGIN + 64;
  }

  /** Deliver-to (patient) and order blocks side by side. Returns the next y. */
  private parties(ticket: Ticket, top: number): number {
    const left = MARGIN;
    const right = MARGIN + 300;
    this.text('DELIVER TO', left, top, 'Helvetica-Bold', 8, GREY);
    this.fitted(ticket.patient.name, left, top + 13, 280, 'Helvetica-Bold', 12);
    let y = top + 30;
    this.doc.fillColor('#000000');
    for (const line of ticket.patient.address) {
      this.fitted(line, left, y, 280, 'Helvetica', 10);
      y += 13;
    }
    const phones = [
      ticket.patient.phone ? `Phone: ${ticket.patient.phone}` : '',
      ticket.patient.mobile ? `Mobile: ${ticket.patient.mobile}` : '',
    ].filter(Boolean);
    this.fitted(phones.join('    ') || 'Phone: not on file', left, y + 2, 280, 'Helvetica', 10);
    const leftBottom = y + 15;

    this.text('ORDER', right, top, 'Helvetica-Bold', 8, GREY);
    this.doc.fillColor('#000000');
    const rows: [string, string][] = [
      ['Order', `#${ticket.order.id}${ticket.order.name.trim() ? ` ${ticket.order.name.trim()}` : ''}`],
      ['Ocurrence', `#${ticket.id}`],
      ['Date of Service', formatDisplayDate(ticket.date)],
      ['Delivery', ticket.order.delivery],
    ];
    if (ticket.poNumber) rows.push(['PO Number', ticket.poNumber]);
    let ry = top + 14;
    for (const [label, value] of rows) {
      this.text(`${label}:`, right, ry, 'Helvetica-Bold', 10);
      this.fitted(value, right + 92, ry, CONTENT_WIDTH - 300 - 92, 'Helvetica', 10);
      ry += 14;
    }
    return Math.max(leftBottom, ry) + 14;
  }

  private tableHeader(y: number): number {
    this.doc.rect(MARGIN, y, CONTENT_WIDTH, ROW_HEIGHT).fill('#e8eaf0');
    this.doc.fillColor('#000000');
    let x = MARGIN;
    for (const col of COLUMNS) {
      this.fitted(col.title, x + 4, y + 5, col.width - 8, 'Helvetica-Bold', 9, col.align);
      x += col.width;
    }
    return y + ROW_HEIGHT;
  }

  private serviceRow(s: TicketService, y: number): number {
    const values = [s.reference, s.name, String(s.quantity), s.unit, s.variant];
    let x = MARGIN;
    COLUMNS.forEach((col, i) => {
      this.fitted(values[i], x + 4, y + 5, col.width - 8, 'Helvetica', 9, col.align);
      x += col.width;
    });
    this.rule(y + ROW_HEIGHT, 0.3);
    return y + ROW_HEIGHT;
  }

  /** Notes for delivery and the received-by block, at the foot of the ticket's last page. */
  private closing(ticket: Ticket, totalQuantity: number, tableBottom: number): void {
    const doc = this.doc;
    this.text(
      `Items: ${ticket.services.length}    Total quantity: ${totalQuantity}`,
      MARGIN + 4,
      tableBottom + 6,
      'Helvetica-Bold',
      9,
    );
    const top = PAGE_HEIGHT - MARGIN - CLOSING_HEIGHT;
    this.text('NOTES FOR DELIVERY', MARGIN, top, 'Helvetica-Bold', 8, GREY);
    doc
      .rect(MARGIN, top + 12, CONTENT_WIDTH, 58)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const notes = ticket.order.deliveryNotes.trim();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(notes ? '#000000' : GREY)
      .text(notes || 'None.', MARGIN + 6, top + 18, { width: CONTENT_WIDTH - 12, height: 48, ellipsis: true });

    const sign = top + 84;
    this.text('RECEIVED BY', MARGIN, sign, 'Helvetica-Bold', 8, GREY);
    this.text('I received the items listed above in good condition.', MARGIN, sign + 12, 'Helvetica', 9);
    const lineY = sign + 58;
    const blocks: [string, number, number][] = [
      ['Received by (print name)', MARGIN, 200],
      ['Signature', MARGIN + 215, 180],
      ['Date', MARGIN + 410, CONTENT_WIDTH - 410],
    ];
    for (const [label, x, width] of blocks) {
      doc
        .moveTo(x, lineY)
        .lineTo(x + width, lineY)
        .lineWidth(0.8)
        .strokeColor('#000000')
        .stroke();
      this.text(label, x, lineY + 4, 'Helvetica', 8, GREY);
    }
    const driverY = lineY + 36;
    doc
      .moveTo(MARGIN, driverY)
      .lineTo(MARGIN + 200, driverY)
      .lineWidth(0.8)
      .strokeColor('#000000')
      .stroke();
    this.text('Delivered by', MARGIN, driverY + 4, 'Helvetica', 8, GREY);
    this.doc.fillColor('#000000');
  }

  /** One ticket: a page, or more when its service list needs them. */
  write(ticket: Ticket): void {
    this.newPage();
    let y = this.parties(ticket, this.heading(ticket, false));
    y = this.tableHeader(y);
    let total = 0;
    const lastRowBottom = PAGE_HEIGHT - MARGIN - CLOSING_HEIGHT - 24;
    const pageBottom = PAGE_HEIGHT - MARGIN - 20;
    ticket.services.forEach((s, i) => {
      const remaining = ticket.services.length - i;
      // The rows that still fit above the closing block stay on this page; otherwise the page
      // fills to its foot and the ticket continues on the next one.
      const limit = y + remaining * ROW_HEIGHT <= lastRowBottom ? lastRowBottom : pageBottom;
      if (y + ROW_HEIGHT > limit) {
        this.newPage();
        y = this.tableHeader(this.heading(ticket, true));
      }
      y = this.serviceRow(s, y);
      total += s.quantity;
    });
    if (ticket.services.length === 0) {
      this.text('No services on this ocurrence.', MARGIN + 4, y + 5, 'Helvetica', 9, GREY);
      y += ROW_HEIGHT;
    }
    if (y + 20 > PAGE_HEIGHT - MARGIN - CLOSING_HEIGHT) {
      this.newPage();
      y = this.heading(ticket, true);
    }
    this.closing(ticket, total, y);
  }
}

export function ticketDocument(title: string, printedAt: Date): Doc {
  return new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Author: 'DME Office', CreationDate: printedAt },
  });
}

/** One ticket as a complete PDF in memory (a few kilobytes). */
export function renderTicket(ticket: Ticket, opts: TicketPdfOptions & { printedAt: Date }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = ticketDocument(`Shipping ticket ${ticket.id}`, opts.printedAt);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      new TicketWriter(doc, opts).write(ticket);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
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

/** Tickets rendered between two turns of the event loop (about 30 ms of work). */
const YIELD_EVERY = 25;

/** Size of the writes a streamed batch makes. */
const OUT_CHUNK_BYTES = 64 * 1024;

export interface StreamTicketsOptions extends TicketPdfOptions {
  title: string;
  printedAt: Date;
  /** Called after each chunk of tickets is written (the number written so far). */
  onProgress?: (written: number) => Promise<void>;
  signal?: AbortSignal;
  onError?: (err: unknown) => void;
}

/**
 * Tickets, one after another, as one streamed PDF. Chunks of tickets are read as the pages are
 * written, and the writer waits whenever the reader falls behind, so memory stays flat however
 * many tickets the batch holds. A reader that goes away (or an abort) stops the reading.
 */
export function streamTickets(chunks: AsyncIterable<Ticket[]>, opts: StreamTicketsOptions): Readable {
  const out = new PassThrough({ highWaterMark: OUT_CHUNK_BYTES * 4 });
  const doc = ticketDocument(opts.title, opts.printedAt);
  // pdfkit emits every PDF token as its own small buffer: they are gathered into chunks of
  // OUT_CHUNK_BYTES, so the socket (or file) sees a few large writes instead of thousands of tiny
  // ones (far less garbage, and memory that stays flat).
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (!out.destroyed) out.write(chunk);
  };
  doc.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= OUT_CHUNK_BYTES) flush();
  });
  doc.on('end', () => {
    flush();
    out.end();
  });
  const writer = new TicketWriter(doc, opts);

  const write = async () => {
    let written = 0;
    for await (const tickets of chunks) {
      if (out.destroyed) return;
      if (opts.signal?.aborted) throw new Error('The batch rendering was interrupted.');
      for (const [i, ticket] of tickets.entries()) {
        writer.write(ticket);
        // Hand the event loop back every few tickets: other requests are answered meanwhile, and
        // V8's garbage collection tasks run instead of letting the heap pile up.
        if (i % YIELD_EVERY === YIELD_EVERY - 1) {
          flush();
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (out.writableNeedDrain) await drained(out);
        }
      }
      written += tickets.length;
      flush();
      await opts.onProgress?.(written);
      if (out.writableNeedDrain) await drained(out);
    }
    if (written === 0) {
      // A PDF needs a page: an empty batch says so rather than failing.
      doc.addPage();
      doc.font('Helvetica').fontSize(11).text('No tickets in this batch.', MARGIN, MARGIN);
    }
    doc.end();
  };
  write().catch((err: unknown) => {
    opts.onError?.(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
