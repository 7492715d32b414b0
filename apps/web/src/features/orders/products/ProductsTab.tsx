import { useState } from 'react';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
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
import { emptyTableText, MSG, type Order, type OrderLookup, type OrderProductLine } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteProductLine } from '../api/delete-product-line.ts';
import { displayDate } from '../format.ts';
import { ProductLineDialog } from './ProductLineDialog.tsx';

const HEADERS = ['Product', 'Reference Number', 'Quantity', 'Unit of Measure', 'Service Date', 'End Date', 'Recurrence', 'Actions'];
/** Removing a line from an order (the spec names no text for it). */
export const LINE_REMOVED = 'The product has been deleted!';

type DialogState = { line: OrderProductLine | null } | null;

/** Products tab: the order's product lines; each line generates the order's services. */
export function ProductsTab({ order, recurrences }: { order: Order; recurrences: OrderLookup[] }) {
  const notify = useNotify();
  const remove = useDeleteProductLine(order.id);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pending, setPending] = useState<OrderProductLine | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(LINE_REMOVED);
    } catch (error) {
      notify.error((isApiError(error) && detailOf(error.body)) || MSG.requestFailed);
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      {/* Room below the last row, so the floating add button never covers its actions. */}
      <TableContainer sx={{ pb: 7 }}>
        <Table size="small" aria-label="Products">
          <TableHead>
            <TableRow>
              {HEADERS.map((header) => (
                // Long headers may wrap: the product name needs the room more.
                <TableCell
                  key={header}
                  align={header === 'Actions' || header === 'Quantity' ? 'right' : undefined}
                  sx={{ whiteSpace: 'normal' }}
                >
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.order_products.length === 0 ? (
              <TableRow>
                <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 5 }}>
                  <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
                    {emptyTableText('PRODUCTS')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              order.order_products.map((line) => (
                <TableRow key={line.id} hover>
                  <TableCell sx={{ fontWeight: 500, minWidth: 160 }}>{line.product.name}</TableCell>
                  <TableCell>{line.product.internal_code}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell>{line.unit_measure}</TableCell>
                  <TableCell>{displayDate(line.service_date)}</TableCell>
                  <TableCell>{displayDate(line.end_date)}</TableCell>
                  <TableCell>{line.recurrence.name}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${line.product.name}`} onClick={() => setDialog({ line })}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" color="error" aria-label={`Delete ${line.product.name}`} onClick={() => setPending(line)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Tooltip title="Add product" placement="left">
        <Fab
          color="primary"
          aria-label="Add product"
          onClick={() => setDialog({ line: null })}
          sx={{ position: 'fixed', right: { xs: 16, md: 32 }, bottom: { xs: 16, md: 32 } }}
        >
          <AddIcon />
        </Fab>
      </Tooltip>
      {dialog ? (
        <ProductLineDialog orderId={order.id} line={dialog.line} recurrences={recurrences} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={pending ? `${pending.product.name} and its services that are not shipped will be removed from the order.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
