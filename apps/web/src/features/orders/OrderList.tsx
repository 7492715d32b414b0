import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MSG, ORDER_MESSAGES, type OrderListItem } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteOrder } from './api/delete-order.ts';
import { getOrders } from './api/get-orders.ts';
import { ordersKeys } from './api/keys.ts';
import { patientLabel, refusalText } from './format.ts';
import { RowLink } from '@/components/RowLink.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Orders' }];

/** /orders: every order, searched and paged on the server. */
export function OrderList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const remove = useDeleteOrder();
  const [pending, setPending] = useState<OrderListItem | null>(null);
  const onLoadError = useCallback(() => void navigate(paths.notFound, { replace: true }), [navigate]);
  const list = useServerList<OrderListItem>({ queryKey: ordersKeys.list(), fetcher: getOrders, onLoadError });

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(ORDER_MESSAGES.orderDeleted);
    } catch (error) {
      const refusal = isApiError(error) ? refusalText(error.body) : undefined;
      notify.error(refusal ?? (isApiError(error, 400) ? ORDER_MESSAGES.orderDeleteFailed : MSG.requestFailed));
    } finally {
      setPending(null);
    }
  };

  const columns: Column<OrderListItem>[] = [
    {
      id: 'patient',
      header: 'Patient',
      sortField: 'patient',
      render: (order) => (
        <RowLink to={paths.patients.edit.url(order.patient_id)}>{patientLabel(order.patient)}</RowLink>
      ),
    },
    {
      id: 'name',
      header: 'Order name',
      sortField: 'name',
      render: (order) =>
        order.name || (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {ORDER_MESSAGES.noOrderName}
          </Typography>
        ),
    },
    { id: 'status', header: 'Status', sortField: 'status', render: (order) => order.status.name },
    { id: 'delivery', header: 'Delivery', sortField: 'delivery', render: (order) => order.delivery.name },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      render: (order) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tooltip title="Edit">
            <IconButton
              component={RouterLink}
              to={paths.orders.edit.url(order.id)}
              size="small"
              aria-label={`Edit order ${order.name || order.id}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete order ${order.name || order.id}`}
              onClick={() => setPending(order)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Orders"
        breadcrumbs={breadcrumbs}
        actions={
          <Button component={RouterLink} to={paths.orders.create} variant="contained" startIcon={<AddIcon />}>
            Create Order
          </Button>
        }
      />
      <ServerTable list={list} columns={columns} getRowId={(order) => order.id} emptyItems="ORDERS" label="Orders" />
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={
          pending ? `The order "${pending.name}" of ${patientLabel(pending.patient)} will be deleted.` : undefined
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
