import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { formatDisplayDate, formatMoney, type VendorPrice } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { FileUploadDialog } from '@/components/FileUploadDialog.tsx';
import { useImportPriceList, usePriceList } from './api/price-list.ts';

const columns: Column<VendorPrice>[] = [
  { id: 'hcpcs', header: 'HCPCS', sortValue: (row) => row.hcpcs, render: (row) => row.hcpcs },
  { id: 'modifiers', header: 'Modifiers', render: (row) => row.modifiers.join(', ') },
  {
    id: 'price',
    header: 'Price',
    align: 'right',
    sortValue: (row) => row.price,
    render: (row) => formatMoney(row.price),
  },
  {
    id: 'effective_date',
    header: 'Effective',
    sortValue: (row) => row.effective_date,
    render: (row) => formatDisplayDate(row.effective_date),
  },
];

/** Edit Vendor's "Price list": the payer's own prices and the CSV upload that replaces them. */
export function VendorPriceList({ vendorId }: { vendorId: number }) {
  const prices = usePriceList(vendorId);
  const upload = useImportPriceList(vendorId);
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-label="Price list" sx={{ p: 3, mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Price list
        </Typography>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
          Upload price list
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The payer&apos;s own prices, used when its pricing is &quot;Own price list&quot;.
      </Typography>
      {prices.isError ? (
        <Alert severity="error">The price list could not be loaded.</Alert>
      ) : (
        <DataTable
          rows={prices.data}
          columns={columns}
          loading={prices.isLoading}
          emptyItems="PRICES"
          label="Price list"
          defaultPageSize={10}
          pageSizeOptions={[10, 25, 100]}
        />
      )}
      {open ? (
        <FileUploadDialog
          title="Upload price list"
          intro="A CSV with the header hcpcs,modifiers,price,effective_date (modifiers separated by spaces or colons; dates YYYY-MM-DD or MM/DD/YYYY). It replaces the payer's whole price list."
          accept=".csv,text/csv,text/plain"
          fileLabel="Price list file"
          upload={(file) => upload.mutateAsync(file)}
          busy={upload.isPending}
          renderResult={(result) => (
            <Alert severity="success" role="status">
              {`The price list now holds ${result.count.toLocaleString('en-US')} price${result.count === 1 ? '' : 's'}.`}
            </Alert>
          )}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Paper>
  );
}
