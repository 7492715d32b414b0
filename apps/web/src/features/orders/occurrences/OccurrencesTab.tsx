import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { sumDecimals, type Occurrence, type Order } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { denseCellsSx } from '@/components/server-table/index.ts';
import { displayDate, money } from '../format.ts';
import { expectedText, ProductWithBilling } from '../services/ServiceBilling.tsx';
import {
  DEFAULT_OCCURRENCE_SORT,
  OCCURRENCE_SORT_KEYS,
  SORT_LABELS,
  sortOccurrences,
  toggleSort,
  type OccurrenceSort,
  type OccurrenceSortKey,
} from './occurrence-sort.ts';
import { OccurrencePoField } from './OccurrencePoField.tsx';

/** An amount with its tax below it, when there is tax. */
function MoneyWithTax({ total, tax }: { total: number | string; tax: number | string }) {
  return (
    <>
      {money(total)}
      {Number(tax) > 0 ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          + tax {money(tax)}
        </Typography>
      ) : null}
    </>
  );
}

function SortHeader({
  sort,
  field,
  onSort,
  align,
}: {
  sort: OccurrenceSort;
  field: OccurrenceSortKey;
  onSort: (key: OccurrenceSortKey) => void;
  align?: 'right';
}) {
  const active = sort.key === field;
  return (
    <TableCell align={align} sortDirection={active ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel active={active} direction={active && sort.desc ? 'desc' : 'asc'} onClick={() => onSort(field)}>
        {SORT_LABELS[field]}
      </TableSortLabel>
    </TableCell>
  );
}

function ServicesOfOccurrence({
  occurrence,
  sort,
  onSort,
}: {
  occurrence: Occurrence;
  sort: OccurrenceSort;
  onSort: (key: OccurrenceSortKey) => void;
}) {
  return (
    <Table size="small" aria-label={`Services of ${displayDate(occurrence.date)}`} sx={denseCellsSx(1)}>
      <TableHead>
        <TableRow>
          <SortHeader sort={sort} field="product" onSort={onSort} />
          <TableCell>Reference Number</TableCell>
          <SortHeader sort={sort} field="quantity" onSort={onSort} align="right" />
          <TableCell>Unit of Measure</TableCell>
          <SortHeader sort={sort} field="sale_price" onSort={onSort} align="right" />
          <TableCell align="right">Adjusted Price</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell align="right">Expected</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {occurrence.services.map((service) => (
          <TableRow key={service.id}>
            <TableCell sx={{ minWidth: 200 }}>
              <ProductWithBilling service={service} />
            </TableCell>
            <TableCell>{service.product.internal_code}</TableCell>
            <TableCell align="right">{service.amount_remmited}</TableCell>
            <TableCell>{service.unit_measure}</TableCell>
            <TableCell align="right">{money(service.sale_price)}</TableCell>
            <TableCell align="right">{service.added_percentage ? money(service.adjusted_sale_price) : '-'}</TableCell>
            <TableCell align="right">{money(service.total)}</TableCell>
            <TableCell align="right">{expectedText(service)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Services w Totals tab: one row per occurrence with its total, shipped flag and PO number. */
export function OccurrencesTab({ order }: { order: Order }) {
  const [sort, setSort] = useState<OccurrenceSort>(DEFAULT_OCCURRENCE_SORT);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => sortOccurrences(order.ocurrences, sort), [order.ocurrences, sort]);
  const total = sumDecimals(order.ocurrences.map((o) => o.total));
  const tax = sumDecimals(order.ocurrences.map((o) => o.tax));
  const allExpanded = rows.length > 0 && rows.every((o) => expanded.has(o.id));

  const applySort = (next: OccurrenceSort) => {
    setSort(next);
    // A sort on the services inside the occurrences is seen only when they are open.
    if (next.key !== 'date') setExpanded(new Set(order.ocurrences.map((o) => o.id)));
  };
  const onSort = (key: OccurrenceSortKey) => applySort(toggleSort(sort, key));
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<Occurrence>[] = [
    {
      id: 'date',
      header: 'Date',
      sortValue: (occurrence) => occurrence.date,
      render: (occurrence) => displayDate(occurrence.date),
      cellSx: { fontWeight: 500 },
    },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      render: (occurrence) => <MoneyWithTax total={occurrence.total} tax={occurrence.tax} />,
    },
    {
      id: 'shipped',
      header: 'Shipped',
      render: (occurrence) => (
        <Chip
          size="small"
          label={occurrence.shipped ? 'Shipped' : 'Not shipped'}
          color={occurrence.shipped ? 'success' : 'default'}
          variant={occurrence.shipped ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      id: 'po',
      header: 'Ocurrence PO',
      render: (occurrence) => <OccurrencePoField orderId={order.id} occurrence={occurrence} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      render: (occurrence) => {
        const open = expanded.has(occurrence.id);
        const date = displayDate(occurrence.date);
        return (
          <Tooltip title={open ? 'Hide services' : 'Show services'}>
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} services of ${date}`}
              onClick={() => toggle(occurrence.id)}
            >
              {open ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Sort by"
          value={sort.key}
          onChange={(event) => applySort({ ...sort, key: event.target.value as OccurrenceSortKey })}
          sx={{ width: { sm: 180 } }}
        >
          {OCCURRENCE_SORT_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {SORT_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Direction"
          value={sort.desc ? 'desc' : 'asc'}
          onChange={(event) => applySort({ ...sort, desc: event.target.value === 'desc' })}
          sx={{ width: { sm: 160 } }}
        >
          <MenuItem value="asc">Ascending</MenuItem>
          <MenuItem value="desc">Descending</MenuItem>
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          onClick={() => setExpanded(allExpanded ? new Set() : new Set(rows.map((o) => o.id)))}
          disabled={rows.length === 0}
          color="inherit"
        >
          {allExpanded ? 'Collapse all' : 'Expand all'}
        </Button>
      </Stack>
      <DataTable
        rows={rows}
        columns={columns}
        emptyItems="OCURRENCES"
        label="Services w Totals"
        framed={false}
        sort={sort.key === 'date' ? { columnId: 'date', desc: sort.desc } : null}
        onSortChange={() => onSort('date')}
        rowSx={(occurrence) => ({ '& > td': { borderBottom: expanded.has(occurrence.id) ? 0 : undefined } })}
        renderDetail={(occurrence) => (
          <Collapse in={expanded.has(occurrence.id)} unmountOnExit>
            <Box sx={{ py: 1.5, px: { xs: 0, sm: 2 } }}>
              <ServicesOfOccurrence occurrence={occurrence} sort={sort} onSort={onSort} />
            </Box>
          </Collapse>
        )}
        detailSx={(occurrence) => {
          const open = expanded.has(occurrence.id);
          return { py: 0, borderBottom: open ? undefined : 0, bgcolor: open ? 'rgba(23, 96, 122, 0.03)' : undefined };
        }}
        footer={
          <TableRow sx={{ '& > td': { fontWeight: 700, borderTop: 2, borderColor: 'divider' } }}>
            <TableCell>Total</TableCell>
            <TableCell align="right">
              <MoneyWithTax total={total} tax={tax} />
            </TableCell>
            <TableCell colSpan={3} />
          </TableRow>
        }
      />
    </Stack>
  );
}
