import { useCallback, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDisplayDate, MSG, type InvoiceListRow } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { failureMessage } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { getInvoices } from './api/get-invoices.ts';
import { downloadInvoicePdf } from './api/invoice-pdf.ts';
import { invoicesKeys } from './api/keys.ts';
import { money, patientName } from './format.ts';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Invoices' }];

/** /invoices/: every invoice, searched, sorted and paged on the server (spec 2.11). */
export function InvoiceList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [downloading, setDownloading] = useState<number | null>(null);
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const list = useServerList<InvoiceListRow>({ queryKey: invoicesKeys.list(), fetcher: getInvoices, onLoadError });

  const downloadPdf = async (id: number) => {
    setDownloading(id);
    try {
      await downloadInvoicePdf(id);
    } catch (error) {
      notify.error(failureMessage(error, MSG.requestFailed));
    } finally {
      setDownloading(null);
    }
  };

  const columns: Column<InvoiceListRow>[] = [
    {
      id: 'patient',
      header: 'Patient',
      sortField: 'patient',
      render: (row) => <RowLink to={paths.patients.edit.url(row.patient.id)}>{patientName(row.patient)}</RowLink>,
    },
    { id: 'order', header: 'Order Number', sortField: 'order', render: (row) => row.order.id },
    { id: 'id', header: 'Invoice Number', sortField: 'id', render: (row) => row.id },
    { id: 'date', header: 'Invoice Date', sortField: 'date', render: (row) => formatDisplayDate(row.date) },
    { id: 'balance', header: 'Balance Due', align: 'right', render: (row) => money(row.balance) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => (
        <>
          <Tooltip title="Edit">
            <IconButton
              component={RouterLink}
              to={paths.invoices.edit.url(row.id)}
              size="small"
              aria-label={`Edit invoice ${row.id}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Download PDF">
            <span>
              <IconButton
                size="small"
                aria-label={`Download invoice ${row.id}`}
                disabled={downloading === row.id}
                onClick={() => void downloadPdf(row.id)}
              >
                {downloading === row.id ? <CircularProgress size={18} /> : <DownloadIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Invoices" breadcrumbs={breadcrumbs} />
      <ServerTable list={list} columns={columns} getRowId={(row) => row.id} emptyItems="INVOICES" label="Invoices" />
    </>
  );
}
