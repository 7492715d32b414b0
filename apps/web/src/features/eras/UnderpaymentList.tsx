import { useCallback, useMemo } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { UnderpaymentRow } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { getUnderpayments, type UnderpaymentFilters } from './api/get-underpayments.ts';
import { erasKeys } from './api/keys.ts';
import { money, postedDate } from './format.ts';
import { PayerFilter } from './PayerFilter.tsx';
import { itemColumns, whoColumns } from './remittance-columns.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Underpaid' }];

const columns: Column<UnderpaymentRow>[] = [
  ...whoColumns<UnderpaymentRow>(),
  {
    id: 'claim',
    header: 'Claim',
    cellSx: { whiteSpace: 'nowrap' },
    // The row names no claim id; its invoice holds the claim and the remittances posted on it.
    render: (row) => (
      <Link component={RouterLink} to={paths.invoices.edit.url(row.invoice_id)} underline="hover">
        {row.claim_number || `Invoice ${row.invoice_id}`}
      </Link>
    ),
  },
  ...itemColumns<UnderpaymentRow>(),
  { id: 'expected', header: 'Expected', align: 'right', render: (row) => money(row.expected) },
  { id: 'allowed', header: 'Allowed', align: 'right', render: (row) => money(row.allowed) },
  {
    id: 'difference',
    header: 'Difference',
    align: 'right',
    cellSx: { fontWeight: 600, color: 'error.main' },
    render: (row) => money(row.difference),
  },
  {
    id: 'posted',
    header: 'Posted',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) =>
      row.era_id === null ? (
        postedDate(row.posted)
      ) : (
        <Link component={RouterLink} to={paths.eras.detail.url(row.era_id)} underline="hover">
          {postedDate(row.posted)}
        </Link>
      ),
  },
];

/** /underpayments: remittance lines a payer allowed less than its fee schedule or price list, by payer. */
export function UnderpaymentList() {
  const navigate = useNavigate();
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const filters = useMemo<UnderpaymentFilters>(() => ({ payer: '' }), []);
  const list = useServerList<UnderpaymentRow, UnderpaymentFilters>({
    queryKey: erasKeys.underpayments(),
    fetcher: getUnderpayments,
    filters,
    onLoadError,
  });
  return (
    <>
      <PageHeader title="Underpaid" breadcrumbs={breadcrumbs} />
      <DenseServerTable
        list={list}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="UNDERPAYMENTS"
        label="Underpaid"
        hideSearch
        filters={<PayerFilter value={list.filters.payer} onChange={(payer) => list.setFilters({ payer })} />}
      />
    </>
  );
}
