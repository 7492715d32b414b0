import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useNavigate } from 'react-router';
import { inventoryUnitCells, INVENTORY_UNIT_COLUMNS, MSG, type ProductListItem } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { useExportProducts } from './api/export-products.ts';
import { getProducts, productsKeys } from './api/get-products.ts';
import { QuantityOnHandCell } from './QuantityOnHandCell.tsx';
import { UnitMeasureDialog, type UnitProduct } from './UnitMeasureDialog.tsx';
import { RowLink } from '@/components/RowLink.tsx';

/** /products_inventory: stock by unit measure, the quantity on hand, and the inventory report. */
export function ProductInventory() {
  const navigate = useNavigate();
  const notify = useNotify();
  const report = useExportProducts();
  const [unitDialog, setUnitDialog] = useState<{ product: UnitProduct | null; open: boolean; session: number }>({
    product: null,
    open: false,
    session: 0,
  });
  const list = useServerList<ProductListItem>({
    queryKey: [...productsKeys.list(), 'inventory'],
    fetcher: getProducts,
    onLoadError: () => void navigate(paths.notFound, { replace: true }),
  });

  const downloadReport = async () => {
    try {
      await report.mutateAsync(list.search);
    } catch {
      notify.error(MSG.requestFailed);
    }
  };

  const unitColumns: Column<ProductListItem>[] = INVENTORY_UNIT_COLUMNS.map((unit) => ({
    id: unit,
    header: unit,
    align: 'right',
    width: 56,
    render: (product) => inventoryUnitCells(product.qty_unit_measures)[unit] ?? '',
  }));

  const columns: Column<ProductListItem>[] = [
    {
      id: 'internal_code',
      header: 'Reference Number',
      sortField: 'internal_code',
      width: 150,
      render: (product) => <RowLink to={paths.products.edit.url(product.id)}>{product.internal_code}</RowLink>,
    },
    {
      id: 'add',
      header: 'Add',
      align: 'center',
      width: 56,
      render: (product) => (
        <Tooltip title="Unit measures">
          <IconButton
            size="small"
            color="primary"
            aria-label={`Add unit measure to ${product.name}`}
            onClick={() => setUnitDialog((d) => ({ product, open: true, session: d.session + 1 }))}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    { id: 'name', header: 'Name', sortField: 'name', render: (product) => product.name },
    ...unitColumns,
    {
      id: 'quantity',
      header: 'Quantity on Hand',
      align: 'right',
      width: 150,
      render: (product) => <QuantityOnHandCell key={`${product.id}-${product.quantity}`} product={product} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Products Inventory"
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: 'Products Inventory' }]}
      />
      <ServerTable
        list={list}
        columns={columns}
        getRowId={(product) => product.id}
        emptyItems="PRODUCTS"
        label="Products Inventory"
        actions={
          <Button
            variant="contained"
            startIcon={<PdfIcon />}
            onClick={() => void downloadReport()}
            disabled={report.isPending}
          >
            Report PDF
          </Button>
        }
      />
      <UnitMeasureDialog
        key={unitDialog.session}
        open={unitDialog.open}
        product={unitDialog.product}
        onClose={() => setUnitDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
