import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MSG, PRODUCT_MESSAGES, type ProductListItem } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteProduct } from './api/delete-product.ts';
import { getProducts, productsKeys } from './api/get-products.ts';

/** /products: the catalogue, searched and paged on the server. */
export function ProductList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const remove = useDeleteProduct();
  const [pending, setPending] = useState<ProductListItem | null>(null);
  const list = useServerList<ProductListItem>({
    queryKey: productsKeys.list(),
    fetcher: getProducts,
    onLoadError: () => void navigate(paths.notFound, { replace: true }),
  });

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      const outcome = await remove.mutateAsync(pending.id);
      if (outcome === 'deleted') notify.success(PRODUCT_MESSAGES.deleted);
      else notify.error(PRODUCT_MESSAGES.cannotDelete);
    } catch {
      notify.error(MSG.requestFailed);
    } finally {
      setPending(null);
    }
  };

  const columns: Column<ProductListItem>[] = [
    {
      id: 'internal_code',
      header: 'Reference Number',
      sortField: 'internal_code',
      render: (p) => p.internal_code,
      width: 220,
    },
    { id: 'name', header: 'Name', sortField: 'name', render: (p) => p.name },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 120,
      render: (p) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tooltip title="Edit">
            <IconButton
              component={RouterLink}
              to={paths.products.edit.url(p.id)}
              size="small"
              aria-label={`Edit ${p.name}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton size="small" color="error" aria-label={`Delete ${p.name}`} onClick={() => setPending(p)}>
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
        title="Products"
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: 'Products' }]}
        actions={
          <Button component={RouterLink} to={paths.products.create} variant="contained" startIcon={<AddIcon />}>
            Create Product
          </Button>
        }
      />
      <ServerTable list={list} columns={columns} getRowId={(p) => p.id} emptyItems="PRODUCTS" label="Products" />
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={pending ? `${pending.internal_code} · ${pending.name}` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
