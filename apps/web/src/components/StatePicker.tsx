import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { UsaState } from '@dme/shared';
import { usaStatesQueryOptions } from '@/lib/lookups/usa-states.ts';

export interface StatePickerProps {
  /** The selected state's id. */
  value: number | null;
  onChange: (stateId: number | null) => void;
  label?: string;
  /** A narrower list (e.g. states used by patients); all US states by default. */
  options?: UsaState[];
  required?: boolean;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  name?: string;
  onBlur?: () => void;
  fullWidth?: boolean;
}

/** Searchable US state select over GET /api/usa_states/. */
export function StatePicker({
  value,
  onChange,
  label = 'State',
  options,
  required,
  error,
  helperText,
  disabled,
  size,
  name,
  onBlur,
  fullWidth = true,
}: StatePickerProps) {
  const query = useQuery({ ...usaStatesQueryOptions(), enabled: !options });
  const states = options ?? query.data ?? [];
  const selected = states.find((s) => s.id === value) ?? null;
  return (
    <Autocomplete
      options={states}
      value={selected}
      onChange={(_event, state) => onChange(state?.id ?? null)}
      onBlur={onBlur}
      getOptionLabel={(state) => state.name}
      getOptionKey={(state) => state.id}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={!options && query.isLoading}
      disabled={disabled}
      autoHighlight
      fullWidth={fullWidth}
      size={size}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
