import { formatMoney, type EndYearReport } from '@dme/shared';

/** The rows of both tables, in the spec's order: label and the two report fields. */
export const REPORT_ROWS: { label: string; all: keyof EndYearReport; shipped: keyof EndYearReport }[] = [
  { label: 'Total Sales', all: 'total_sales', shipped: 'total_sales_shipped' },
  { label: 'Taxable Sales', all: 'taxable_sales', shipped: 'taxable_sales_shipped' },
  { label: 'Sales Tax Collected', all: 'sales_tax_collected', shipped: 'sales_tax_collected_shipped' },
  { label: 'Remitted', all: 'remitted', shipped: 'remmited_shipped' },
  { label: 'Accounts Receivable', all: 'accounts_receivable', shipped: 'accounts_receivable_shipped' },
  { label: 'Write Off', all: 'write_off', shipped: 'write_off_shipped' },
];

/** What the chart compares: the period's sales, remitted, receivable and written off. */
export const CHART_ROWS = REPORT_ROWS.filter((r) =>
  ['total_sales', 'remitted', 'accounts_receivable', 'write_off'].includes(r.all),
);

/** A report figure in dollars: "$12,345.60" (the one money formatter). */
export function formatDollars(value: number | null | undefined): string {
  return formatMoney(value ?? 0);
}
