import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { MSG, ORDER_MESSAGES, type Order, type Service } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { denseCellsSx } from '@/components/server-table/index.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteService } from '@/lib/api/services.ts';
import { ordersKeys } from '../api/keys.ts';
import { displayDate, money } from '../format.ts';
import { expectedText, ProductWithBilling } from './ServiceBilling.tsx';
import { ServiceDialog, type ServiceDialogMode } from './ServiceDialog.tsx';

interface ServiceActionsProps {
  service: Service;
  onOpen: (dialog: { service: Service; mode: ServiceDialogMode }) => void;
  onDelete: (service: Service) => void;
}

function ServiceActions({ service, onOpen, onDelete }: ServiceActionsProps) {
  const name = `${service.product.name} ${displayDate(service.date)}`;
  return (
    <>
      <Tooltip title="Edit">
        <IconButton size="small" aria-label={`Edit service ${name}`} onClick={() => onOpen({ service, mode: 'edit' })}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={service.order_product_id === null ? 'Its product line was removed from the order' : 'Clone'}>
        <span>
          <IconButton
            size="small"
            aria-label={`Clone service ${name}`}
            disabled={service.order_product_id === null}
            onClick={() => onOpen({ service, mode: 'clone' })}
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
            onClick={() => onDelete(service)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}

/** Services tab: every service of the order by date; edit, clone and delete. */
export function ServicesTab({ order }: { order: Order }) {
  const notify = useNotify();
  const remove = useDeleteService(ordersKeys.detail(order.id));
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

  const columns: Column<Service>[] = [
    {
      id: 'date',
      header: 'Date',
      sortValue: (service) => service.date,
      render: (service) => displayDate(service.date),
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'product',
      header: 'Product',
      sortValue: (service) => service.product.name,
      render: (service) => <ProductWithBilling service={service} />,
      cellSx: { fontWeight: 500, minWidth: 200 },
    },
    {
      id: 'quantity',
      header: 'Quantity',
      align: 'right',
      sortValue: (service) => service.amount_remmited,
      render: (service) => service.amount_remmited,
    },
    {
      id: 'sale_price',
      header: 'Sale Price',
      align: 'right',
      sortValue: (service) => service.sale_price,
      render: (service) => money(service.sale_price),
    },
    {
      id: 'adjusted_price',
      header: 'Adjusted Price',
      align: 'right',
      render: (service) => (service.added_percentage ? money(service.adjusted_sale_price) : '-'),
    },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      sortValue: (service) => Number(service.total),
      render: (service) => money(service.total),
    },
    {
      id: 'expected',
      header: 'Expected',
      align: 'right',
      sortValue: (service) => service.expected_allowed,
      render: expectedText,
    },
    {
      id: 'shipped',
      header: 'Shipped',
      render: (service) => (
        <Chip
          size="small"
          label={service.shipped ? 'Shipped' : 'Not shipped'}
          color={service.shipped ? 'success' : 'default'}
          variant={service.shipped ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (service) => <ServiceActions service={service} onOpen={setDialog} onDelete={setPending} />,
    },
  ];

  return (
    <>
      {/* Nine columns: the dense cells of the work queues keep the row in view at 1024 px. */}
      <Box sx={denseCellsSx(1)}>
        <DataTable rows={rows} columns={columns} emptyItems="SERVICES" label="Services" framed={false} />
      </Box>
      {dialog ? (
        <ServiceDialog orderId={order.id} service={dialog.service} mode={dialog.mode} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={
          pending
            ? `The service of ${pending.product.name} on ${displayDate(pending.date)} will be deleted.`
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
