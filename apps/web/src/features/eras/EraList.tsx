import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { canSendClaims, type EraRow } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { DenseServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { getEras } from './api/get-eras.ts';
import { erasKeys } from './api/keys.ts';
import { EraStatusChip } from './EraStatusChip.tsx';
import { EraUploadDialog } from './EraUploadDialog.tsx';
import { displayDate, formatTimestamp, money } from './format.ts';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Remittance Files' }];

const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: Column<EraRow>[] = [
  { id: 'created', header: 'Received', cellSx: nowrap, render: (row) => formatTimestamp(row.created) },
  { id: 'payer', header: 'Payer', cellSx: { minWidth: 120 }, render: (row) => row.payer_name },
  {
    id: 'check',
    header: 'Check/EFT',
    render: (row) => (
      <Link
        component={RouterLink}
        to={paths.eras.detail.url(row.id)}
        underline="hover"
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
      >
        {row.check_number}
      </Link>
    ),
  },
  { id: 'check_date', header: 'Check date', cellSx: nowrap, render: (row) => displayDate(row.check_date) },
  { id: 'paid', header: 'Paid', align: 'right', render: (row) => money(row.total_paid) },
  { id: 'posted', header: 'Posted', align: 'right', render: (row) => money(row.posted_total) },
  { id: 'unmatched', header: 'Unmatched', align: 'right', render: (row) => money(row.unmatched_total) },
  { id: 'claims', header: 'Claims', align: 'right', render: (row) => row.claims },
  { id: 'denied', header: 'Denied', align: 'right', render: (row) => row.denied },
  { id: 'status', header: 'Status', render: (row) => <EraStatusChip status={row.status} /> },
];

/** /remittance-files: the imported 835 remittances, newest first, searched and paged on the server. */
export function EraList() {
  const navigate = useNavigate();
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const list = useServerList<EraRow>({ queryKey: erasKeys.list(), fetcher: getEras, onLoadError });
  const [uploading, setUploading] = useState(false);
  // Office staff see the list; importing a file posts money and is billing work (canSendClaims).
  const sender = canSendClaims(useSession().role_id);

  return (
    <>
      <PageHeader
        title="Remittance Files"
        breadcrumbs={breadcrumbs}
        actions={
          sender && (
            <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              Upload 835
            </Button>
          )
        }
      />
      <DenseServerTable
        list={list}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="REMITTANCE FILES"
        label="Remittance Files"
      />
      {uploading ? <EraUploadDialog onClose={() => setUploading(false)} /> : null}
    </>
  );
}
