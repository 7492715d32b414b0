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
import { renderPdf } from '../lib/pdf/output.ts';
import { HEADER_FILL, INK, MUTED, type PageNumber, type PagedDocument } from '../lib/pdf/paged-document.ts';
import { Table } from '../lib/pdf/table.ts';
import { effectivePo, invoiceHeaderQuery, invoiceServicesQuery, type InvoiceServiceRow } from './invoices.ts';
import { withRental } from '../lib/rental-label.ts';

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

const MARGIN = 40;
const FOOTER_SPACE = 36;
const BOLD = 'Helvetica-Bold';

const COLUMNS = [
  { title: 'Reference', width: 66, wrap: true },
  { title: 'Description', width: 150, wrap: true },
  { title: 'Variant', width: 58 },
  { title: 'Qty', width: 34, align: 'right' },
  { title: 'Unit', width: 40 },
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
    withRental(r.product_name, r.rental_month, r.modifiers),
    r.price_variant ?? '',
    String(r.amount_remmited),
    r.unit_measure,
    unitPriceText(unitPrice(r)),
    dollars(r.tax_amount),
    dollars(invoiceAmount(r)),
  ];
}

/** First page: the letterhead, the invoice facts, bill-to and insurance. Returns the next y. */
function firstPage(pdf: PagedDocument, inv: InvoiceDocument, business: Business): number {
  const { doc, left, right } = pdf;
  const width = pdf.contentWidth;
  doc.fillColor(INK).font(BOLD).fontSize(16).text(business.name, left, pdf.top, { width: 300 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(business.address, left, doc.y + 2, { width: 300 });
  doc.text(`Phone ${business.phone}`, left, doc.y + 1, { width: 300 });
  const letterheadBottom = doc.y;

  doc.fillColor(INK).font(BOLD).fontSize(22);
  doc.text('INVOICE', left, pdf.top - 2, { width, align: 'right' });
  const facts: [string, string][] = [
    ['Invoice Number', String(inv.id)],
    ['Invoice Date', formatDisplayDate(inv.date)],
    ['Date of Service', formatDisplayDate(inv.serviceDate)],
    ['Order Number', String(inv.orderId)],
    ['PO Number', inv.po || '-'],
  ];
  let fy = pdf.top + 28;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, right - 210, fy, { width: 110 });
    doc
      .font(BOLD)
      .fillColor(INK)
      .text(value, right - 100, fy, { width: 100, align: 'right' });
    fy += 13;
  }

  let y = Math.max(letterheadBottom, fy) + 16;
  pdf.rule(y, 0.8);
  y += 12;
  const half = width / 2 - 10;
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text('BILL TO', left, y);
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(inv.patientName, left, y + 12, { width: half });
  doc.font('Helvetica').fontSize(9);
  for (const line of inv.patientAddress) doc.text(line, left, doc.y + 1, { width: half });
  const billBottom = doc.y;

  const insuranceX = left + width / 2 + 10;
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text('INSURANCE', insuranceX, y);
  doc.fillColor(INK).fontSize(10);
  if (inv.insurance) {
    doc.text(inv.insurance.name, insuranceX, y + 12, { width: half });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Policy Number ${inv.insurance.policy}`, insuranceX, doc.y + 1, { width: half });
  } else {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('No insurance on file (self-pay)', insuranceX, y + 12, { width: half });
  }
  return Math.max(billBottom, doc.y) + 18;
}

/** A later page of the lines: a short heading (the table's header row follows). */
function continuedHeading(pdf: PagedDocument, inv: InvoiceDocument, business: Business, top: number): number {
  pdf.doc.fillColor(INK).font(BOLD).fontSize(11).text(business.name, pdf.left, top, { width: 300 });
  pdf.doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Invoice ${inv.id} (continued) - ${inv.patientName}`, pdf.left, top, {
      width: pdf.contentWidth,
      align: 'right',
    });
  return top + 24;
}

function totals(pdf: PagedDocument, t: InvoiceTotals): void {
  const { doc } = pdf;
  const rows: [string, string, boolean][] = [
    ['Subtotal', dollars(t.subtotal), false],
    ['Sales Tax', dollars(t.tax), false],
    ['Invoice Total', dollars(t.total), true],
    ['Payments Applied', deduction(t.remitted), false],
    ['Adjustments', deduction(t.adjusted), false],
    ['Write-offs', deduction(t.writtenOff), false],
  ];
  pdf.ensureSpace(rows.length * 15 + 34 + 10);
  const labelX = pdf.right - 230;
  let y = pdf.y + 10;
  for (const [label, value, bold] of rows) {
    doc
      .font(bold ? BOLD : 'Helvetica')
      .fontSize(9)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: 130 });
    doc.text(value, labelX + 130, y, { width: 100, align: 'right' });
    y += 15;
  }
  y += 4;
  doc.rect(labelX - 6, y - 4, 236, 24).fill(HEADER_FILL);
  doc.fillColor(INK).font(BOLD).fontSize(11);
  doc.text('Balance Due', labelX, y + 2, { width: 130 });
  doc.text(dollars(t.balance), labelX + 130, y + 2, { width: 100, align: 'right' });
  pdf.y = y + 30;
}

function notes(pdf: PagedDocument, text: string): void {
  const { doc } = pdf;
  const body = text.trim();
  if (!body) return;
  doc.font('Helvetica').fontSize(9);
  const height = doc.heightOfString(body, { width: pdf.contentWidth });
  pdf.ensureSpace(Math.min(height, 200) + 20);
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text('NOTES', pdf.left, pdf.y);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(body, pdf.left, pdf.y + 12, { width: pdf.contentWidth });
  pdf.y = doc.y + 10;
}

function remitTo(pdf: PagedDocument, inv: InvoiceDocument, business: Business): void {
  const line = `Please make payments payable to ${business.name} and include invoice number ${inv.id}. Questions: ${business.phone}.`;
  pdf.ensureSpace(20);
  pdf.doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(line, pdf.left, pdf.y, { width: pdf.contentWidth });
  pdf.y = pdf.doc.y + 6;
}

/** Renders the invoice to a PDF buffer (an invoice is a few pages at most: no streaming needed). */
export function renderInvoicePdf(invoice: InvoiceDocument, business: Business, now = new Date()): Promise<Buffer> {
  const options = {
    title: `Invoice ${invoice.id}`,
    author: business.name,
    createdAt: now,
    margin: MARGIN,
    footerSpace: FOOTER_SPACE,
    countPages: true,
    footer: (page: PageNumber) => `Invoice ${invoice.id} - Page ${page.number} of ${page.count}`,
  };
  return renderPdf(options, (pdf) => {
    pdf.newPage();
    pdf.y = firstPage(pdf, invoice, business);
    // Pages of lines after the first carry a short heading; pages after the lines start plain.
    pdf.header = (top) => continuedHeading(pdf, invoice, business, top);
    const table = new Table(pdf, COLUMNS, { fontSize: 8.5, rowHeight: 18, padding: { x: 4, top: 4 }, maxLines: 2 });
    table.begin();
    for (const line of invoice.lines) table.row(lineCells(line));
    if (invoice.lines.length === 0) table.row(['', 'No services on this invoice.', '', '', '', '', '', '']);
    table.end();
    pdf.header = null;
    totals(pdf, invoice.totals);
    notes(pdf, invoice.notes);
    remitTo(pdf, invoice, business);
  });
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
