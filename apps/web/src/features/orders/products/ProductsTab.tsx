import { useState } from 'react';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { MSG, type Order, type OrderLookup, type OrderProductLine } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteProductLine } from '../api/delete-product-line.ts';
import { displayDate } from '../format.ts';
import { LineBillingText } from './LineBillingText.tsx';
import { ProductLineDialog } from './ProductLineDialog.tsx';

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

  const columns: Column<OrderProductLine>[] = [
    {
      id: 'product',
      header: 'Product',
      sortValue: (line) => line.product.name,
      render: (line) => line.product.name,
      cellSx: { fontWeight: 500, minWidth: 150 },
    },
    { id: 'reference', header: 'Reference Number', render: (line) => line.product.internal_code },
    { id: 'quantity', header: 'Quantity', align: 'right', render: (line) => line.quantity },
    { id: 'unit_measure', header: 'Unit of Measure', render: (line) => line.unit_measure },
    {
      id: 'service_date',
      header: 'Service Date',
      sortValue: (line) => line.service_date,
      render: (line) => displayDate(line.service_date),
    },
    {
      id: 'end_date',
      header: 'End Date',
      sortValue: (line) => line.end_date,
      render: (line) => displayDate(line.end_date),
    },
    { id: 'recurrence', header: 'Recurrence', render: (line) => line.recurrence.name },
    {
      id: 'billing',
      header: 'Billing',
      sortValue: (line) => (line.rental ? 'Rental' : 'Purchase'),
      render: (line) => <LineBillingText line={line} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (line) => (
        <>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${line.product.name}`} onClick={() => setDialog({ line })}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete ${line.product.name}`}
              onClick={() => setPending(line)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <>
      <DataTable
        rows={order.order_products}
        columns={columns}
        emptyItems="PRODUCTS"
        label="Products"
        framed={false}
        // Room below the last row, so the floating add button never covers its actions.
        containerSx={{ pb: 7 }}
      />
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
        <ProductLineDialog
          orderId={order.id}
          line={dialog.line}
          recurrences={recurrences}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={
          pending
            ? `${pending.product.name} and its services that are not shipped will be removed from the order.`
            : undefined
        }
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
