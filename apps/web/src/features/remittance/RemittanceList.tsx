import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { formatDisplayDate, formatMoney, type RemittanceRow } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { getRemittances } from './api/get-remittances.ts';
import { remittanceKeys } from './api/keys.ts';
import { RemittanceDialog } from './payment/RemittanceDialog.tsx';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Remittance' }];
const money = formatMoney;

/** /remittance/: invoiced occurrences with a balance; the action opens the Remittance Payment dialog. */
export function RemittanceList() {
  const list = useServerList<RemittanceRow>({
    queryKey: remittanceKeys.list(),
    fetcher: getRemittances,
    ordering: 'patient_name',
  });
  const [paying, setPaying] = useState<number | null>(null);
  const columns: Column<RemittanceRow>[] = [
    {
      id: 'patient',
      header: 'Patient Name',
      sortField: 'patient_name',
      render: (r) => (
        <RowLink to={paths.patients.edit.url(r.patient.id)}>
          {r.patient.first_name} {r.patient.last_name}
        </RowLink>
      ),
    },
    { id: 'invoice', header: 'Invoice Number', sortField: 'invoice', render: (r) => r.invoice },
    { id: 'date', header: 'DOS', sortField: 'date', render: (r) => formatDisplayDate(r.date) },
    {
      id: 'remitted',
      header: 'Amount Remitted',
      sortField: 'amount_remitted',
      align: 'right',
      render: (r) => money(r.amount_remitted),
    },
    {
      id: 'amount',
      header: 'Invoice Amount',
      sortField: 'invoice_amount',
      align: 'right',
      render: (r) => money(r.invoice_amount),
    },
    {
      id: 'balance',
      header: 'Balance',
      sortField: 'balance',
      align: 'right',
      cellSx: { fontWeight: 600 },
      render: (r) => money(r.balance),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      render: (r) => (
        <Tooltip title="Remittance Payment">
          <IconButton
            size="small"
            color="primary"
            aria-label={`Remittance payment for invoice ${r.invoice}`}
            onClick={() => setPaying(r.id)}
          >
            <PaymentsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Remittance" breadcrumbs={breadcrumbs} />
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(r) => r.id}
        emptyItems="REMITTANCES"
        label="Remittance"
        searchLabel="Search patient or invoice"
      />
      <RemittanceDialog occurrenceId={paying} onClose={() => setPaying(null)} />
    </>
  );
}
