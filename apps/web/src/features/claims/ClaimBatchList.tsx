import { useCallback, useState } from 'react';
import { canSendClaims } from '@dme/shared';
import { useSession } from '@/lib/auth.ts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useNavigate } from 'react-router';
import { MSG, type ClaimBatchRow } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { downloadBatchFile } from './api/batch-file.ts';
import { getBatches } from './api/get-batches.ts';
import { claimsKeys } from './api/keys.ts';
import { ClaimsTabs } from './ClaimsTabs.tsx';
import { formatTimestamp, refusalText } from './format.ts';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Claims', to: paths.claims.list },
  { label: 'Claim Batches' },
];

const BATCH_LOOK: Record<ClaimBatchRow['status'], { label: string; color: 'secondary' | 'primary' | 'error' }> = {
  submitted: { label: 'Submitted', color: 'secondary' },
  accepted: { label: 'Accepted', color: 'primary' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** /claim-batches: the 837P files made so far, each to download again. */
export function ClaimBatchList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const list = useServerList<ClaimBatchRow>({ queryKey: claimsKeys.batches(), fetcher: getBatches, onLoadError });
  const [downloading, setDownloading] = useState<number | null>(null);

  const save = async (row: ClaimBatchRow) => {
    setDownloading(row.id);
    try {
      await downloadBatchFile(row);
    } catch (error) {
      notify.error(refusalText(error, MSG.requestFailed));
    } finally {
      setDownloading(null);
    }
  };

  // Office staff see the list; a file holds patients' data and is billing work (canSendClaims).
  const sender = canSendClaims(useSession().role_id);
  const allColumns: Column<ClaimBatchRow>[] = [
    { id: 'file_name', header: 'File name', cellSx: { fontWeight: 500 }, render: (row) => row.file_name },
    { id: 'claims', header: 'Claims', align: 'right', render: (row) => row.claims },
    { id: 'control_number', header: 'Control number', align: 'right', render: (row) => row.control_number },
    {
      id: 'status',
      header: 'Status',
      render: (row) => (
        <Chip
          size="small"
          variant="outlined"
          label={BATCH_LOOK[row.status].label}
          color={BATCH_LOOK[row.status].color}
        />
      ),
    },
    { id: 'created', header: 'Created', render: (row) => formatTimestamp(row.created) },
    { id: 'user', header: 'By', render: (row) => row.user ?? '-' },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => (
        <Button
          size="small"
          disabled={downloading === row.id}
          onClick={() => void save(row)}
          aria-label={`Download ${row.file_name}`}
          startIcon={downloading === row.id ? <CircularProgress size={14} /> : <DownloadIcon />}
        >
          Download
        </Button>
      ),
    },
  ];

  const columns = sender ? allColumns : allColumns.filter((c) => c.id !== 'actions');
  return (
    <>
      <PageHeader title="Claim Batches" breadcrumbs={breadcrumbs} />
      <ClaimsTabs current={paths.claims.batches} />
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(row) => row.id}
        emptyItems="CLAIM BATCHES"
        label="Claim Batches"
        hideSearch
      />
    </>
  );
}
