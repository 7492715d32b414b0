import Checkbox from '@mui/material/Checkbox';
import type { Column } from '@/components/server-table/index.ts';
import type { Selection } from './use-selection.ts';

/** The "Select" column of a claims list: a checkbox per row, enabled where the row can be sent. */
export function selectColumn<T>(
  selection: Selection,
  row: { id: (row: T) => number; selectable: (row: T) => boolean; label: (row: T) => string },
): Column<T> {
  return {
    id: 'select',
    header: 'Select',
    width: 56,
    render: (item) => (
      <Checkbox
        size="small"
        checked={selection.ids.has(row.id(item))}
        disabled={!row.selectable(item)}
        onChange={(_event, on) => selection.toggle(row.id(item), on)}
        slotProps={{ input: { 'aria-label': row.label(item) } }}
      />
    ),
  };
}
