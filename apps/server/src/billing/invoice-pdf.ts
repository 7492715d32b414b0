import PDFDocument from 'pdfkit';
import {
  formatDisplayDate,
  formatPrice,
  invoiceAmount,
  invoiceTotals,
  unitPrice,
  type InvoiceTotals,
} from '@dme/shared';
import { notFound } from '../lib/errors.ts';
import type { Executor } from '../db/database.ts';
import { effectivePo, invoiceHeaderQuery, invoiceServicesQuery, type InvoiceServiceRow } from './invoices.ts';

/** The invoice document (spec part 3, sections 2.11 and 7): one invoice per shipped occurrence. */

export interface Business {
  name: string;
  address: string;
  phone: string;
}

export const invoiceFilename = (id: number) => `invoice-${id}.pdf`;

interface InvoiceDocument {
  id: number;
  patientId: number;
  date: string;
  serviceDate: string;
  notes: string;
  orderId: number;
  po: string;
  patientName: string;
  patientAddress: string[];
  insurance: { name: string; policy: string } | null;
  lines: InvoiceServiceRow[];
  totals: InvoiceTotals;
}

/** Reads everything the document shows; 404 for an unknown invoice. */
export async function loadInvoiceDocument(db: Executor, id: number): Promise<InvoiceDocument> {
  const h = await invoiceHeaderQuery(db).where('i.id', '=', id).executeTakeFirst();
  if (!h) throw notFound();
  const [lines, state, insurance] = await Promise.all([
    invoiceServicesQuery(db, h.ocurrence_id).execute(),
    h.state_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('usa_states').select('abbreviation').where('id', '=', h.state_id).executeTakeFirst(),
    db
      .selectFrom('patient_insurances')
      .select(['name', 'policy_number'])
      .where('patient_id', '=', h.patient_id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const cityLine = [h.city, [state?.abbreviation, h.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    id: h.id,
    patientId: h.patient_id,
    date: h.date,
    serviceDate: h.service_date,
    notes: h.notes,
    orderId: h.order_id,
    po: effectivePo(h),
    patientName: [h.first_name, h.middle_name, h.last_name].filter(Boolean).join(' '),
    patientAddress: [h.address_1, h.address_2, cityLine].filter(Boolean),
    insurance: insurance ? { name: insurance.name, policy: insurance.policy_number } : null,
    lines,
    totals: invoiceTotals(lines),
  };
}

type Doc = InstanceType<typeof PDFDocument>;

const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const CONTENT = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = 36;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9ced6';
const HEAD_FILL = '#e9edf3';
const CELL_PAD = 4;
const FONT_SIZE = 8.5;

const COLUMNS = [
  { title: 'Reference', width: 66, align: 'left' },
  { title: 'Description', width: 150, align: 'left' },
  { title: 'Variant', width: 58, align: 'left' },
  { title: 'Qty', width: 34, align: 'right' },
  { title: 'Unit', width: 40, align: 'left' },
  { title: 'Unit Price', width: 62, align: 'right' },
  { title: 'Tax', width: 56, align: 'right' },
  { title: 'Line Total', width: 66, align: 'right' },
] as const;

const dollars = (v: string | number) => `$${formatPrice(v)}`;
/** An amount taken off the total: "-$12.00", or "$0.00" when there is none. */
const deduction = (v: string) => (Number(v) === 0 ? dollars(v) : `-${dollars(v)}`);

/** A unit price keeps its third decimal only when it has one (adjusted prices round to 3). */
function unitPriceText(value: string): string {
  return value.endsWith('0') ? dollars(value) : `$${formatPrice(value.slice(0, -1))}${value.slice(-1)}`;
}

function lineCells(r: InvoiceServiceRow): string[] {
  return [
    r.product_reference,
    r.product_name,
    r.price_variant ?? '',
    String(r.amount_remmited),
    r.unit_measure,
    unitPriceText(unitPrice(r)),
    dollars(r.tax_amount),
    dollars(invoiceAmount(r)),
  ];
}

class InvoicePages {
  private page = 0;
  y = MARGIN;

  constructor(
    private readonly doc: Doc,
    private readonly invoice: InvoiceDocument,
    private readonly business: Business,
  ) {}

  private get bottom(): number {
    return PAGE.height - MARGIN - FOOTER_SPACE;
  }

  /** First page: the letterhead, the invoice facts, bill-to and insurance. */
  firstPage(): void {
    const { doc, invoice: inv, business } = this;
    this.page = 1;
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(business.name, MARGIN, MARGIN, { width: 300 });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(business.address, MARGIN, doc.y + 2, { width: 300 });
    doc.text(`Phone ${business.phone}`, MARGIN, doc.y + 1, { width: 300 });
    const letterheadBottom = doc.y;

    doc.fillColor(INK).font('Helvetica-Bold').fontSize(22);
    doc.text('INVOICE', MARGIN, MARGIN - 2, { width: CONTENT, align: 'right' });
    const facts: [string, string][] = [
      ['Invoice Number', String(inv.id)],
      ['Invoice Date', formatDisplayDate(inv.date)],
      ['Date of Service', formatDisplayDate(inv.serviceDate)],
      ['Order Number', String(inv.orderId)],
      ['PO Number', inv.po || '-'],
    ];
    let fy = MARGIN + 28;
    for (const [label, value] of facts) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(label, PAGE.width - MARGIN - 210, fy, { width: 110 });
      doc
        .font('Helvetica-Bold')
        .fillColor(INK)
        .text(value, PAGE.width - MARGIN - 100, fy, { width: 100, align: 'right' });
      fy += 13;
    }

    let y = Math.max(letterheadBottom, fy) + 16;
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    y += 12;
    const half = CONTENT / 2 - 10;
    const blockTop = y;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('BILL TO', MARGIN, y);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(inv.patientName, MARGIN, y + 12, { width: half });
    doc.font('Helvetica').fontSize(9);
    for (const line of inv.patientAddress) doc.text(line, MARGIN, doc.y + 1, { width: half });
    const billBottom = doc.y;

    const right = MARGIN + CONTENT / 2 + 10;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('INSURANCE', right, blockTop);
    doc.fillColor(INK).fontSize(10);
    if (inv.insurance) {
      doc.text(inv.insurance.name, right, blockTop + 12, { width: half });
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`Policy Number ${inv.insurance.policy}`, right, doc.y + 1, { width: half });
    } else {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text('No insurance on file (self-pay)', right, blockTop + 12, { width: half });
    }
    this.y = Math.max(billBottom, doc.y) + 18;
    this.tableHeader();
  }

  /** A later page: a short heading, then the table header again. */
  private nextPage(): void {
    const { doc, invoice: inv, business } = this;
    doc.addPage();
    this.page += 1;
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(business.name, MARGIN, MARGIN, { width: 300 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Invoice ${inv.id} (continued) - ${inv.patientName}`, MARGIN, MARGIN, { width: CONTENT, align: 'right' });
    this.y = MARGIN + 24;
    this.tableHeader();
  }

  private tableHeader(): void {
    const { doc } = this;
    const h = 18;
    doc.rect(MARGIN, this.y, CONTENT, h).fill(HEAD_FILL);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(FONT_SIZE);
    let x = MARGIN;
    for (const col of COLUMNS) {
      doc.text(col.title, x + CELL_PAD, this.y + 5, {
        width: col.width - 2 * CELL_PAD,
        align: col.align,
        lineBreak: false,
      });
      x += col.width;
    }
    this.y += h;
  }

  /** Room for `height` more points on this page, else a new page with the table header. */
  private ensure(height: number, withHeader = true): void {
    if (this.y + height <= this.bottom) return;
    if (withHeader) this.nextPage();
    else {
      this.doc.addPage();
      this.page += 1;
      this.y = MARGIN;
    }
  }

  line(cells: string[]): void {
    const { doc } = this;
    doc.font('Helvetica').fontSize(FONT_SIZE);
    // Reference and description may wrap (two lines at most); the other cells stay on one line.
    const heights = [0, 1].map((i) =>
      doc.heightOfString(cells[i], { width: COLUMNS[i].width - 2 * CELL_PAD, lineGap: 1 }),
    );
    const lineHeight = doc.currentLineHeight(true) + 1;
    const textHeight = Math.min(Math.max(...heights, lineHeight), lineHeight * 2);
    const rowHeight = textHeight + 8;
    this.ensure(rowHeight);
    let x = MARGIN;
    doc.fillColor(INK);
    COLUMNS.forEach((col, i) => {
      doc.text(cells[i] ?? '', x + CELL_PAD, this.y + 4, {
        width: col.width - 2 * CELL_PAD,
        height: textHeight,
        align: col.align,
        lineGap: 1,
        ellipsis: true,
      });
      x += col.width;
    });
    this.y += rowHeight;
    doc
      .moveTo(MARGIN, this.y)
      .lineTo(PAGE.width - MARGIN, this.y)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  }

  totals(t: InvoiceTotals): void {
    const { doc } = this;
    const rows: [string, string, boolean][] = [
      ['Subtotal', dollars(t.subtotal), false],
      ['Sales Tax', dollars(t.tax), false],
      ['Invoice Total', dollars(t.total), true],
      ['Payments Applied', deduction(t.remitted), false],
      ['Adjustments', deduction(t.adjusted), false],
      ['Write-offs', deduction(t.writtenOff), false],
    ];
    const height = rows.length * 15 + 34;
    this.ensure(height + 10, false);
    const labelX = PAGE.width - MARGIN - 230;
    let y = this.y + 10;
    for (const [label, value, bold] of rows) {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(INK);
      doc.text(label, labelX, y, { width: 130 });
      doc.text(value, labelX + 130, y, { width: 100, align: 'right' });
      y += 15;
    }
    y += 4;
    doc.rect(labelX - 6, y - 4, 236, 24).fill(HEAD_FILL);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11);
    doc.text('Balance Due', labelX, y + 2, { width: 130 });
    doc.text(dollars(t.balance), labelX + 130, y + 2, { width: 100, align: 'right' });
    this.y = y + 30;
  }

  notes(text: string): void {
    const { doc } = this;
    const body = text.trim();
    if (!body) return;
    doc.font('Helvetica').fontSize(9);
    const height = doc.heightOfString(body, { width: CONTENT });
    this.ensure(Math.min(height, 200) + 20, false);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('NOTES', MARGIN, this.y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(body, MARGIN, this.y + 12, { width: CONTENT });
    this.y = doc.y + 10;
  }

  remitTo(): void {
    const { doc, business, invoice } = this;
    const line = `Please make payments payable to ${business.name} and include invoice number ${invoice.id}. Questions: ${business.phone}.`;
    this.ensure(20, false);
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(line, MARGIN, this.y, { width: CONTENT });
    this.y = doc.y + 6;
  }

  /** "Page N of M" on every page, once all pages exist. */
  footers(): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(`Invoice ${this.invoice.id} - Page ${i + 1} of ${range.count}`, MARGIN, PAGE.height - MARGIN - 10, {
          width: CONTENT,
          align: 'right',
          lineBreak: false,
        });
    }
  }
}

/** Renders the invoice to a PDF buffer (an invoice is a few pages at most: no streaming needed). */
export function renderInvoicePdf(invoice: InvoiceDocument, business: Business, now = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Invoice ${invoice.id}`, Author: business.name, CreationDate: now },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = new InvoicePages(doc, invoice, business);
  pages.firstPage();
  for (const line of invoice.lines) pages.line(lineCells(line));
  if (invoice.lines.length === 0) pages.line(['', 'No services on this invoice.', '', '', '', '', '', '']);
  pages.totals(invoice.totals);
  pages.notes(invoice.notes);
  pages.remitTo();
  pages.footers();
  doc.end();
  return done;
}

/** The invoice's PDF; `whenRendered` (the read's audit row) runs once the document exists. */
export async function invoicePdf(
  db: Executor,
  business: Business,
  id: number,
  whenRendered?: (patientId: number) => Promise<void>,
): Promise<Buffer> {
  const invoice = await loadInvoiceDocument(db, id);
  const pdf = await renderInvoicePdf(invoice, business);
  await whenRendered?.(invoice.patientId);
  return pdf;
}
