import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { Selection } from './use-selection.ts';

/** "Select all … on this page": the rows of the page that may be chosen, on or off together. */
export function SelectAll({ selection, ids, label }: { selection: Selection; ids: number[]; label: string }) {
  const chosen = ids.filter((id) => selection.ids.has(id)).length;
  const all = ids.length > 0 && chosen === ids.length;
  return (
    <FormControlLabel
      label={label}
      disabled={ids.length === 0}
      control={
        <Checkbox
          size="small"
          checked={all}
          indeterminate={chosen > 0 && !all}
          onChange={(_event, on) => selection.setAll(ids, on)}
        />
      }
    />
  );
}
