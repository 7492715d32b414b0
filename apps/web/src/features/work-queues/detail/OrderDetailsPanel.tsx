import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { formatPrice, MSG, OPERATIONS_MESSAGES, type CallOccurrence, type CallService } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { paths, type PatientLinkState } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteService } from '@/lib/api/services.ts';
import { workQueuesKeys } from '../api/keys.ts';
import { EditServiceDialog } from './EditServiceDialog.tsx';
import { Panel } from './Panel.tsx';
import { serviceProductName, unitPrice } from './service-format.ts';

const money = { align: 'right' } as const;

/** Order Details: Go to Patient and the occurrence's services, each editable (quantity) and deletable. */
export function OrderDetailsPanel({ occurrence }: { occurrence: CallOccurrence }) {
  const notify = useNotify();
  const location = useLocation();
  const remove = useDeleteService(workQueuesKeys.details());
  const [editing, setEditing] = useState<CallService | null>(null);
  const [deleting, setDeleting] = useState<CallService | null>(null);
  const linkState: PatientLinkState = { callDetail: location.pathname };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(OPERATIONS_MESSAGES.serviceDeleted);
    } catch {
      notify.error(OPERATIONS_MESSAGES.serviceDeleteFailed);
    } finally {
      setDeleting(null);
    }
  };

  const columns: Column<CallService>[] = [
    { id: 'variant', header: 'Variant', render: (s) => s.variant?.price_variant ?? '-' },
    {
      id: 'code',
      header: 'Product #',
      render: (s) => s.order_product.order_product_reference_code || s.product.internal_code || '-',
    },
    { id: 'name', header: 'Product Name', render: (s) => serviceProductName(s) },
    { id: 'qty', header: 'Qty', ...money, render: (s) => s.amount_remmited },
    { id: 'uom', header: 'UOM', render: (s) => s.unit_measure || '-' },
    { id: 'price', header: '$', ...money, render: (s) => unitPrice(s) },
    { id: 'tax', header: 'Tax', ...money, render: (s) => formatPrice(s.tax_amount) },
    { id: 'total', header: 'Total', ...money, render: (s) => formatPrice(s.total) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      render: (s) => {
        const name = serviceProductName(s);
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit service ${name}`} onClick={() => setEditing(s)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={s.shipped ? 'A shipped service cannot be deleted' : 'Delete'}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`Delete service ${name}`}
                  disabled={s.shipped}
                  onClick={() => setDeleting(s)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </span>
        );
      },
    },
  ];

  const footer = (
    <TableRow>
      <TableCell colSpan={6} align="right" sx={{ fontWeight: 600 }}>
        Total
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: 600 }}>
        {formatPrice(occurrence.tax)}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: 600 }}>
        {formatPrice(occurrence.total)}
      </TableCell>
      <TableCell />
    </TableRow>
  );

  return (
    <Panel
      title="Order Details"
      action={
        <Button
          size="small"
          component={RouterLink}
          to={paths.patients.edit.url(occurrence.order.patient_id)}
          state={linkState}
          startIcon={<PersonIcon />}
        >
          Go to Patient
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Order #{occurrence.order.id}
        {occurrence.order.name ? ` · ${occurrence.order.name}` : ''}
        {occurrence.shipped ? ' · Shipped' : ''}
      </Typography>
      <DataTable
        rows={occurrence.services}
        columns={columns}
        emptyItems="SERVICES"
        label="Services"
        framed={false}
        footer={footer}
      />
      {editing ? <EditServiceDialog service={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={MSG.deleteConfirm}
        message={deleting ? `The service "${serviceProductName(deleting)}" will be deleted.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
