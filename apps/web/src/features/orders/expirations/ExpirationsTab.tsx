import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { emptyTableText, MSG, ORDER_MESSAGES, type Expiration, type Order } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteExpiration } from '../api/delete-expiration.ts';
import { displayDate } from '../format.ts';
import { ExpirationDialog } from './ExpirationDialog.tsx';

const HEADERS = ['Date', 'Note', 'Yellow', 'Yellow Date', 'Waiver', 'Solved', 'Actions'];

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
  const remove = useDeleteExpiration(order.id);
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

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ expiration: null })}>
          Add Expiration
        </Button>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label="Expirations">
          <TableHead>
            <TableRow>
              {HEADERS.map((header) => (
                <TableCell key={header} align={header === 'Actions' ? 'right' : undefined}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 5 }}>
                  <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
                    {emptyTableText('EXPIRATIONS')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((expiration) => {
                const date = displayDate(expiration.date);
                return (
                  <TableRow key={expiration.id} hover>
                    <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{date}</TableCell>
                    <TableCell sx={{ maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{expiration.note}</TableCell>
                    <TableCell>
                      <YesNo value={expiration.yellow} label="Yellow" />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(expiration.yellow_date) || '-'}</TableCell>
                    <TableCell>
                      <YesNo value={expiration.waiver} label="Waiver" />
                    </TableCell>
                    <TableCell>
                      <YesNo value={expiration.solved} label="Solved" />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Edit">
                        <IconButton size="small" aria-label={`Edit expiration ${date}`} onClick={() => setDialog({ expiration })}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton size="small" color="error" aria-label={`Delete expiration ${date}`} onClick={() => setPending(expiration)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog ? <ExpirationDialog orderId={order.id} expiration={dialog.expiration} onClose={() => setDialog(null)} /> : null}
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
