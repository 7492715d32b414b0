import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
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
import { formatPrice, PRODUCT_MESSAGES } from '@dme/shared';
import { PriceVariantDialog } from './PriceVariantDialog.tsx';
import type { VariantRow } from './product-form.ts';

const HEADERS = ['Price Variant', 'Unit Measure', 'Sale Price', 'Cost Price', 'Description', 'Actions'];
const RIGHT = new Set(['Sale Price', 'Cost Price', 'Actions']);

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
      <TableContainer sx={{ border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Price Variants">
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
            {value.length === 0 ? (
              <TableRow>
                <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 3 }}>
                  <Typography color={invalid ? 'error' : 'text.secondary'} sx={{ fontWeight: 500 }}>
                    {PRODUCT_MESSAGES.variantsRequired}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              value.map((row, index) => {
                const name = `${row.price_variant} ${row.unit_measure}`;
                return (
                  <TableRow key={row.id ?? `new-${index}`} hover>
                    <TableCell sx={{ fontWeight: 500 }}>{row.price_variant}</TableCell>
                    <TableCell>{row.unit_measure}</TableCell>
                    <TableCell align="right">{formatPrice(row.sale_price)}</TableCell>
                    <TableCell align="right">{formatPrice(row.cost_price)}</TableCell>
                    <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {row.description}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <PriceVariantDialog key={editing.session} open={editing.open} variant={current} onSave={save} onClose={close} />
    </Box>
  );
}
