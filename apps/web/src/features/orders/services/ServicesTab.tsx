import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { emptyTableText, MSG, ORDER_MESSAGES, type Order, type Service } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { displayDate, money } from '../format.ts';
import { ServiceDialog, type ServiceDialogMode } from './ServiceDialog.tsx';

const HEADERS = ['Date', 'Product', 'Quantity', 'Sale Price', 'Adjusted Price', 'Total', 'Shipped', 'Actions'];
const RIGHT = new Set(['Quantity', 'Sale Price', 'Adjusted Price', 'Total', 'Actions']);

/** Services tab: every service of the order by date; edit, clone and delete. */
export function ServicesTab({ order }: { order: Order }) {
  const notify = useNotify();
  const remove = useDeleteService(order.id);
  const [dialog, setDialog] = useState<{ service: Service; mode: ServiceDialogMode } | null>(null);
  const [pending, setPending] = useState<Service | null>(null);
  const rows = useMemo(
    () =>
      [...order.services].sort(
        (a, b) => a.date.localeCompare(b.date) || a.product.name.localeCompare(b.product.name) || a.id - b.id,
      ),
    [order.services],
  );

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(ORDER_MESSAGES.serviceDeleted);
    } catch {
      notify.error(ORDER_MESSAGES.serviceDeleteFailed);
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Services">
          <TableHead>
            <TableRow>
              {HEADERS.map((header) => (
                <TableCell key={header} align={RIGHT.has(header) ? 'right' : undefined}>
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
                    {emptyTableText('SERVICES')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((service) => {
                const name = `${service.product.name} ${displayDate(service.date)}`;
                return (
                  <TableRow key={service.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(service.date)}</TableCell>
                    <TableCell sx={{ fontWeight: 500, minWidth: 200 }}>{service.product.name}</TableCell>
                    <TableCell align="right">{service.amount_remmited}</TableCell>
                    <TableCell align="right">{money(service.sale_price)}</TableCell>
                    <TableCell align="right">{service.added_percentage ? money(service.adjusted_sale_price) : '-'}</TableCell>
                    <TableCell align="right">{money(service.total)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={service.shipped ? 'Shipped' : 'Not shipped'}
                        color={service.shipped ? 'success' : 'default'}
                        variant={service.shipped ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Edit">
                        <IconButton size="small" aria-label={`Edit service ${name}`} onClick={() => setDialog({ service, mode: 'edit' })}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={service.order_product_id === null ? 'Its product line was removed from the order' : 'Clone'}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Clone service ${name}`}
                            disabled={service.order_product_id === null}
                            onClick={() => setDialog({ service, mode: 'clone' })}
                          >
                            <ContentCopyIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={service.shipped ? 'A shipped service cannot be deleted' : 'Delete'}>
                        <span>
                          <IconButton
                            size="small"
                            color="error"
                            aria-label={`Delete service ${name}`}
                            disabled={service.shipped}
                            onClick={() => setPending(service)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog ? <ServiceDialog orderId={order.id} service={dialog.service} mode={dialog.mode} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={pending ? `The service of ${pending.product.name} on ${displayDate(pending.date)} will be deleted.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
