import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { formatPrice, PRODUCT_MESSAGES } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { PriceVariantDialog } from './PriceVariantDialog.tsx';
import type { VariantRow } from './product-form.ts';

/** A row of the table: the variant and its place in the form's list. */
interface VariantEntry {
  id: number | string;
  row: VariantRow;
  index: number;
}

interface PriceVariantsTableProps {
  value: VariantRow[];
  onChange: (rows: VariantRow[]) => void;
  /** The form was touched and has no variant: the empty state reads as an error. */
  invalid?: boolean;
}

/** The product's price variants, edited in the form and saved with it. */
export function PriceVariantsTable({ value, onChange, invalid = false }: PriceVariantsTableProps) {
  // index null adds a row; `session` remounts the dialog so each opening starts afresh.
  const [editing, setEditing] = useState<{ index: number | null; session: number; open: boolean }>({
    index: null,
    session: 0,
    open: false,
  });
  const open = (index: number | null) => setEditing((e) => ({ index, session: e.session + 1, open: true }));
  const close = () => setEditing((e) => ({ ...e, open: false }));
  const current = editing.index === null ? null : (value[editing.index] ?? null);

  const save = (row: VariantRow) => {
    onChange(editing.index === null ? [...value, row] : value.map((r, i) => (i === editing.index ? row : r)));
    close();
  };
  // Unsaved rows have no id yet: each row is keyed by its place in the form.
  const entries: VariantEntry[] = value.map((row, index) => ({ id: row.id ?? `new-${index}`, row, index }));
  const columns: Column<VariantEntry>[] = [
    {
      id: 'price_variant',
      header: 'Price Variant',
      render: ({ row }) => row.price_variant,
      cellSx: { fontWeight: 500 },
    },
    { id: 'unit_measure', header: 'Unit Measure', render: ({ row }) => row.unit_measure },
    { id: 'sale_price', header: 'Sale Price', align: 'right', render: ({ row }) => formatPrice(row.sale_price) },
    { id: 'cost_price', header: 'Cost Price', align: 'right', render: ({ row }) => formatPrice(row.cost_price) },
    {
      id: 'description',
      header: 'Description',
      render: ({ row }) => row.description,
      cellSx: { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: ({ row, index }) => {
        const name = `${row.price_variant} ${row.unit_measure}`;
        return (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${name}`} onClick={() => open(index)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Remove">
              <IconButton
                size="small"
                color="error"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        );
      },
    },
  ];

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Price Variants
        </Typography>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => open(null)}>
          Add Price Variant
        </Button>
      </Stack>
      <DataTable
        rows={entries}
        columns={columns}
        emptyItems="PRICE VARIANTS"
        emptyText={
          <Typography color={invalid ? 'error' : 'text.secondary'} sx={{ fontWeight: 500 }}>
            {PRODUCT_MESSAGES.variantsRequired}
          </Typography>
        }
        label="Price Variants"
        framed={false}
        containerSx={{ border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 1 }}
      />
      <PriceVariantDialog key={editing.session} open={editing.open} variant={current} onSave={save} onClose={close} />
    </Box>
  );
}
