import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { MSG, ORDER_MESSAGES, type Expiration, type Order } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteExpiration } from '@/lib/api/expirations.ts';
import { ordersKeys } from '../api/keys.ts';
import { displayDate } from '../format.ts';
import { ExpirationDialog } from './ExpirationDialog.tsx';

function YesNo({ value, label }: { value: boolean; label: string }) {
  return (
    <Chip
      size="small"
      label={value ? 'Yes' : 'No'}
      color={value ? (label === 'Yellow' ? 'warning' : 'success') : 'default'}
      variant={value ? 'filled' : 'outlined'}
      aria-label={`${label}: ${value ? 'Yes' : 'No'}`}
    />
  );
}

/** Expirations tab: the order's expirations, with the create/update dialog and delete. */
export function ExpirationsTab({ order }: { order: Order }) {
  const notify = useNotify();
  const remove = useDeleteExpiration(ordersKeys.detail(order.id));
  const [dialog, setDialog] = useState<{ expiration: Expiration | null } | null>(null);
  const [pending, setPending] = useState<Expiration | null>(null);
  const rows = [...order.expirations].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(ORDER_MESSAGES.expirationDeleted);
    } catch {
      notify.error(MSG.requestFailed);
    } finally {
      setPending(null);
    }
  };

  const columns: Column<Expiration>[] = [
    {
      id: 'date',
      header: 'Date',
      sortValue: (expiration) => expiration.date,
      render: (expiration) => displayDate(expiration.date),
      cellSx: { fontWeight: 500, whiteSpace: 'nowrap' },
    },
    {
      id: 'note',
      header: 'Note',
      render: (expiration) => expiration.note,
      cellSx: { maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
    },
    { id: 'yellow', header: 'Yellow', render: (expiration) => <YesNo value={expiration.yellow} label="Yellow" /> },
    {
      id: 'yellow_date',
      header: 'Yellow Date',
      sortValue: (expiration) => expiration.yellow_date,
      render: (expiration) => displayDate(expiration.yellow_date) || '-',
      cellSx: { whiteSpace: 'nowrap' },
    },
    { id: 'waiver', header: 'Waiver', render: (expiration) => <YesNo value={expiration.waiver} label="Waiver" /> },
    { id: 'solved', header: 'Solved', render: (expiration) => <YesNo value={expiration.solved} label="Solved" /> },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (expiration) => {
        const date = displayDate(expiration.date);
        return (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit expiration ${date}`} onClick={() => setDialog({ expiration })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton
                size="small"
                color="error"
                aria-label={`Delete expiration ${date}`}
                onClick={() => setPending(expiration)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        );
      },
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ expiration: null })}>
          Add Expiration
        </Button>
      </Stack>
      <DataTable rows={rows} columns={columns} emptyItems="EXPIRATIONS" label="Expirations" framed={false} />
      {dialog ? (
        <ExpirationDialog orderId={order.id} expiration={dialog.expiration} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={pending ? `The expiration of ${displayDate(pending.date)} will be deleted.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
