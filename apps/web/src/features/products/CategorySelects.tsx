import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CATEGORY_LEVEL_LABELS } from '@dme/shared';
import { useCategories } from './api/get-categories.ts';

interface LevelProps {
  label: string;
  /** null asks for the top level (Product Group). */
  parentId: number | null;
  /** The level above has been chosen (always true for the top level). */
  ready: boolean;
  value: number | undefined;
  onSelect: (id: number | undefined) => void;
  onBlur?: () => void;
  error?: string;
}

function CategoryLevel({ label, parentId, ready, value, onSelect, onBlur, error }: LevelProps) {
  const options = useCategories(parentId, ready);
  const list = ready ? (options.data ?? []) : [];
  const empty = ready && options.isSuccess && list.length === 0;
  return (
    <TextField
      select
      label={label}
      value={value !== undefined && list.some((c) => c.id === value) ? value : ''}
      onChange={(event) => onSelect(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={onBlur}
      disabled={!ready || empty}
      error={Boolean(error)}
      helperText={error ?? (empty ? 'Nothing to choose at this level' : undefined)}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {list.map((category) => (
        <MenuItem key={category.id} value={category.id}>
          {category.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface CategorySelectsProps {
  /** The chosen id of each level, top down. */
  value: number[];
  onChange: (chain: number[]) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * Product Group > Product Category > Product Subcategory. Choosing a level drops the levels below
 * it and loads the next one; a level stays disabled until the one above is chosen.
 */
export function CategorySelects({ value, onChange, onBlur, error }: CategorySelectsProps) {
  return (
    <Grid container spacing={2}>
      {CATEGORY_LEVEL_LABELS.map((label, level) => {
        const parentId = level === 0 ? null : (value[level - 1] ?? null);
        return (
          <Grid key={label} size={{ xs: 12, md: 4 }}>
            <CategoryLevel
              label={label}
              parentId={parentId}
              ready={level === 0 || value[level - 1] !== undefined}
              value={value[level]}
              onSelect={(id) => onChange(id === undefined ? value.slice(0, level) : [...value.slice(0, level), id])}
              onBlur={onBlur}
              error={level === 0 ? error : undefined}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
