import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { invoiceAmount, serviceBalance, type InvoiceService } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { money } from './format.ts';

const columns: Column<InvoiceService>[] = [
  {
    id: 'product',
    header: 'Product',
    cellSx: { minWidth: 160 },
    render: (s) => s.order_product.order_product_name,
  },
  { id: 'code', header: 'Code', render: (s) => s.order_product.order_product_reference_code || '-' },
  { id: 'quantity', header: 'Qty', align: 'right', render: (s) => s.amount_remmited },
  { id: 'amount', header: 'Amount', align: 'right', render: (s) => money(invoiceAmount(s)) },
  { id: 'paid', header: 'Paid', align: 'right', render: (s) => money(s.remitted) },
  { id: 'adjusted', header: 'Adjusted', align: 'right', render: (s) => money(s.amount_ajusted) },
  { id: 'write_off', header: 'Written off', align: 'right', render: (s) => money(s.write_off) },
  { id: 'patient', header: 'Patient resp.', align: 'right', render: (s) => money(s.patient_responsibility) },
  { id: 'balance', header: 'Balance', align: 'right', render: (s) => money(serviceBalance(s)) },
];

/** The invoice's services with what was paid, adjusted and written off, and what the patient owes on each. */
export function InvoiceServices({ services }: { services: InvoiceService[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Services
      </Typography>
      <DataTable rows={services} columns={columns} emptyItems="SERVICES" label="Invoice services" />
    </Box>
  );
}
