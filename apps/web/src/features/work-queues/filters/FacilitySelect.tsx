import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FACILITY_OPTIONS, type FacilityFilter } from '@dme/shared';

interface FacilitySelectProps {
  value: FacilityFilter;
  onChange: (value: FacilityFilter) => void;
}

/** Facility filter of the work queues: All, Yes or No. */
export function FacilitySelect({ value, onChange }: FacilitySelectProps) {
  return (
    <TextField
      select
      label="Facility"
      value={value}
      onChange={(event) => onChange(event.target.value as FacilityFilter)}
      fullWidth={false}
      sx={{ width: 120 }}
    >
      {FACILITY_OPTIONS.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
