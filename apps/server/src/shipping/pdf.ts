import type { Readable } from 'node:stream';
import { formatDisplayDate } from '@dme/shared';
import { renderPdf, streamPdf } from '../lib/pdf/output.ts';
import { INK, MUTED, RULE, type PagedDocument, type PagedDocumentOptions } from '../lib/pdf/paged-document.ts';
import { Table } from '../lib/pdf/table.ts';
import type { Ticket } from './tickets.ts';

export interface TicketPdfOptions {
  business: { name: string; address: string; phone: string };
  /** When the document is printed (shown on each ticket, in the office's calendar). */
  printedOn: string;
}

const MARGIN = 40;
const ROW_HEIGHT = 17;
/** Height of the notes for delivery at the foot of a ticket's last page, above its signature block. */
const NOTES_HEIGHT = 84;
/** Room under a ticket's last row: a page of rows ends this far above the bottom margin. */
const FOOT_SPACE = 20;

const COLUMNS = [
  { title: 'Product #', width: 100 },
  { title: 'Product', width: 232 },
  { title: 'Quantity', width: 60, align: 'right' },
  { title: 'Unit', width: 60 },
  { title: 'Price Variant', width: 80 },
] as const;

const BOLD = 'Helvetica-Bold';

/**
 * What closes a ticket's last page under its notes: the blank received-by lines of a printed
 * ticket, or a recorded delivery's proof (delivery-pdf.ts). `draw` starts at `top`.
 */
export interface TicketFoot {
  height: number;
  draw(pdf: PagedDocument, top: number): void;
}

/** A line to sign or write on, its label under it. */
function signatureLine(pdf: PagedDocument, label: string, x: number, y: number, length: number): void {
  pdf.doc
    .moveTo(x, y)
    .lineTo(x + length, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  pdf.textLine(label, x, y + 4, { size: 8, color: MUTED });
}

/** The printed ticket's foot: lines for the recipient to sign on paper. */
const RECEIVED_BY: TicketFoot = {
  height: 116,
  draw(pdf, top) {
    const { left } = pdf;
    const width = pdf.contentWidth;
    pdf.textLine('RECEIVED BY', left, top, { font: BOLD, size: 8, color: MUTED });
    pdf.textLine('I received the items listed above in good condition.', left, top + 12, { size: 9 });
    const lineY = top + 58;
    signatureLine(pdf, 'Received by (print name)', left, lineY, 200);
    signatureLine(pdf, 'Signature', left + 215, lineY, 180);
    signatureLine(pdf, 'Date', left + 410, lineY, width - 410);
    signatureLine(pdf, 'Delivered by', left, lineY + 36, 200);
  },
};

const documentOptions = (title: string, createdAt: Date): PagedDocumentOptions => ({
  title,
  author: 'DME Office',
  createdAt,
  margin: MARGIN,
  footerSpace: FOOT_SPACE,
});

/** Writes delivery tickets into one document, each starting on a new page. */
class TicketWriter {
  private readonly table: Table;
  /** Height kept at the foot of a ticket's last page for the notes and the foot. */
  private readonly closingHeight: number;

  constructor(
    private readonly pdf: PagedDocument,
    private readonly opts: TicketPdfOptions,
    private readonly foot: TicketFoot = RECEIVED_BY,
  ) {
    this.table = new Table(pdf, COLUMNS, { fontSize: 9, rowHeight: ROW_HEIGHT, padding: { x: 4, top: 5 } });
    this.closingHeight = NOTES_HEIGHT + foot.height;
  }

  /** Business identity on the left, the ticket's number on the right. Returns the next y. */
  private heading(ticket: Ticket, continued: boolean, top: number): number {
    const { pdf } = this;
    const { business, printedOn } = this.opts;
    const right = { width: pdf.contentWidth, align: 'right' } as const;
    pdf.textLine(business.name, pdf.left, top, { font: BOLD, size: 16, width: 330 });
    pdf.textLine(business.address, pdf.left, top + 21, { size: 9, width: 330 });
    pdf.textLine(`Phone: ${business.phone}`, pdf.left, top + 33, { size: 9 });
    const title = continued ? 'DELIVERY TICKET (continued)' : 'DELIVERY TICKET';
    pdf.textLine(title, pdf.left, top + 1, { font: BOLD, size: 13, ...right });
    pdf.textLine(`Ticket #${ticket.id}`, pdf.left, top + 21, { size: 9, ...right });
    pdf.textLine(`Printed ${formatDisplayDate(printedOn)}`, pdf.left, top + 33, { size: 9, ...right });
    pdf.rule(top + 52, 1);
    return top + 64;
  }

  /** Deliver-to (patient) and order blocks side by side. Returns the next y. */
  private parties(ticket: Ticket, top: number): number {
    const { pdf } = this;
    const left = pdf.left;
    const right = pdf.left + 300;
    pdf.textLine('DELIVER TO', left, top, { font: BOLD, size: 8, color: MUTED });
    pdf.textLine(ticket.patient.name, left, top + 13, { font: BOLD, size: 12, width: 280 });
    let y = top + 30;
    for (const line of ticket.patient.address) {
      pdf.textLine(line, left, y, { size: 10, width: 280 });
      y += 13;
    }
    const phones = [
      ticket.patient.phone ? `Phone: ${ticket.patient.phone}` : '',
      ticket.patient.mobile ? `Mobile: ${ticket.patient.mobile}` : '',
    ].filter(Boolean);
    pdf.textLine(phones.join('    ') || 'Phone: not on file', left, y + 2, { size: 10, width: 280 });
    const leftBottom = y + 15;

    pdf.textLine('ORDER', right, top, { font: BOLD, size: 8, color: MUTED });
    const rows: [string, string][] = [
      ['Order', `#${ticket.order.id}${ticket.order.name.trim() ? ` ${ticket.order.name.trim()}` : ''}`],
      ['Occurrence', `#${ticket.id}`],
      ['Date of Service', formatDisplayDate(ticket.date)],
      ['Delivery', ticket.order.delivery],
    ];
    if (ticket.poNumber) rows.push(['PO Number', ticket.poNumber]);
    let ry = top + 14;
    for (const [label, value] of rows) {
      pdf.textLine(`${label}:`, right, ry, { font: BOLD, size: 10 });
      pdf.textLine(value, right + 92, ry, { size: 10, width: pdf.contentWidth - 300 - 92 });
      ry += 14;
    }
    return Math.max(leftBottom, ry) + 14;
  }

  /** Notes for delivery and the foot (received-by lines, or the proof), at the foot of the ticket's last page. */
  private closing(ticket: Ticket, totalQuantity: number): void {
    const { pdf } = this;
    const { doc, left } = pdf;
    const width = pdf.contentWidth;
    const items = `Items: ${ticket.services.length}    Total quantity: ${totalQuantity}`;
    pdf.textLine(items, left + 4, pdf.y + 6, { font: BOLD, size: 9 });
    const top = pdf.height - MARGIN - this.closingHeight;
    pdf.textLine('NOTES FOR DELIVERY', left, top, { font: BOLD, size: 8, color: MUTED });
    doc
      .rect(left, top + 12, width, 58)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const notes = ticket.order.deliveryNotes.trim();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(notes ? INK : MUTED)
      .text(notes || 'None.', left + 6, top + 18, { width: width - 12, height: 48, ellipsis: true });

    this.foot.draw(pdf, top + NOTES_HEIGHT);
  }

  /** One ticket: a page, or more when its service list needs them. */
  write(ticket: Ticket): void {
    const { pdf } = this;
    const firstPage = pdf.pageNumber + 1;
    pdf.header = (top) => this.heading(ticket, pdf.pageNumber > firstPage, top);
    pdf.newPage();
    pdf.y = this.parties(ticket, pdf.y);
    this.table.begin();
    let total = 0;
    const closingTop = pdf.height - MARGIN - this.closingHeight;
    const lastRowBottom = closingTop - 24;
    ticket.services.forEach((s, i) => {
      const remaining = ticket.services.length - i;
      // The rows that still fit above the closing block stay on this page; otherwise the page
      // fills to its foot and the ticket continues on the next one.
      const bottom = pdf.y + remaining * ROW_HEIGHT <= lastRowBottom ? lastRowBottom : pdf.bottom;
      this.table.row([s.reference, s.name, String(s.quantity), s.unit, s.variant], { bottom });
      total += s.quantity;
    });
    this.table.end();
    if (ticket.services.length === 0) {
      pdf.textLine('No services on this occurrence.', pdf.left + 4, pdf.y + 5, { size: 9, color: MUTED });
      pdf.y += ROW_HEIGHT;
    }
    pdf.ensureSpace(20, closingTop);
    this.closing(ticket, total);
  }
}

/**
 * One ticket as a complete PDF in memory (a few kilobytes); `foot` replaces the received-by
 * lines (a proof of delivery, under its own title).
 */
export function renderTicket(
  ticket: Ticket,
  opts: TicketPdfOptions & { printedAt: Date; foot?: TicketFoot; title?: string },
): Promise<Buffer> {
  return renderPdf(documentOptions(opts.title ?? `Shipping ticket ${ticket.id}`, opts.printedAt), (pdf) =>
    new TicketWriter(pdf, opts, opts.foot).write(ticket),
  );
}

/** Tickets rendered between two turns of the event loop (about 30 ms of work). */
const YIELD_EVERY = 25;

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
  const write = async (pdf: PagedDocument) => {
    const writer = new TicketWriter(pdf, opts);
    let written = 0;
    for await (const tickets of chunks) {
      if (pdf.closed) return;
      if (opts.signal?.aborted) throw new Error('The batch rendering was interrupted.');
      for (const [i, ticket] of tickets.entries()) {
        writer.write(ticket);
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await pdf.drain();
      }
      written += tickets.length;
      await opts.onProgress?.(written);
      await pdf.drain();
    }
    if (written === 0) {
      // A PDF needs a page: an empty batch says so rather than failing.
      pdf.header = null;
      pdf.newPage();
      pdf.textLine('No tickets in this batch.', pdf.left, pdf.top, { size: 11 });
    }
  };
  return streamPdf(documentOptions(opts.title, opts.printedAt), write, (err) => opts.onError?.(err));
}
