import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  BILLING_MESSAGES,
  MSG,
  VENDOR_DEFAULT_PAGE_SIZE,
  VENDOR_PAGE_SIZES,
  vendorMatches,
  type Vendor,
} from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { failureMessage } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteVendor } from './api/delete-vendor.ts';
import { useVendors } from '@/lib/api/vendors.ts';

/** Spec section 9: the vendors table's rows, and the rows that stand in for missing ones, are 49 px high. */
const ROW_HEIGHT = 49;

const columns = (onDelete: (vendor: Vendor) => void): Column<Vendor>[] => [
  { id: 'id', header: 'ID', width: 100, sortValue: (v) => v.id, render: (v) => v.id },
  {
    id: 'name',
    header: 'Name',
    sortValue: (v) => v.name.toLowerCase(),
    render: (v) => v.name,
    cellSx: { fontWeight: 500 },
  },
  { id: 'phone', header: 'Phone', sortValue: (v) => v.phone, render: (v) => v.phone },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    cellSx: { whiteSpace: 'nowrap' },
    render: (v) => (
      <>
        <Tooltip title="Edit">
          <IconButton
            component={RouterLink}
            to={paths.vendors.edit.url(v.id)}
            size="small"
            aria-label={`Edit ${v.name}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" color="error" aria-label={`Delete ${v.name}`} onClick={() => onDelete(v)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    ),
  },
];

/** /vendors: the payers, sorted, searched and paged on the client (spec 2.10). */
export function VendorList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const vendors = useVendors();
  const remove = useDeleteVendor();
  const [pending, setPending] = useState<Vendor | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (vendors.isError) void navigate(paths.notFound, { replace: true });
  }, [vendors.isError, navigate]);

  // Spec: the search box has the focus when the list opens.
  useEffect(() => {
    tableRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      const outcome = await remove.mutateAsync(pending.id);
      if (outcome === 'deleted') notify.success(BILLING_MESSAGES.vendorDeleted);
      else notify.error(BILLING_MESSAGES.vendorCannotDelete);
    } catch (error) {
      notify.error(failureMessage(error, MSG.requestFailed));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Vendors"
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: 'Vendors' }]}
        actions={
          <Button component={RouterLink} to={paths.vendors.create} variant="contained" startIcon={<AddIcon />}>
            New Vendor
          </Button>
        }
      />
      <Box ref={tableRef}>
        <DataTable
          rows={vendors.data}
          columns={columns(setPending)}
          emptyItems={BILLING_MESSAGES.emptyVendors}
          label="Vendors"
          search={{ matches: vendorMatches }}
          pageSizeOptions={VENDOR_PAGE_SIZES}
          defaultPageSize={VENDOR_DEFAULT_PAGE_SIZE}
          placeholderHeight={ROW_HEIGHT}
          rowHeight={ROW_HEIGHT}
        />
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={pending ? `The vendor "${pending.name}" will be deleted.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
