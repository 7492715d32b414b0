import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHIPPING_FACILITY_OPTIONS, type ShippingFacility } from '@dme/shared';
import { DateInput } from '@/components/DateField.tsx';
import { StatePicker } from '@/components/StatePicker.tsx';
import { dateRangeSent, type ShippingFilterState } from './api/filters.ts';

interface ShippingFiltersProps {
  filters: ShippingFilterState;
  onChange: (patch: Partial<ShippingFilterState>) => void;
}

/** The hint under the dates when one is missing or they are out of order (they are then not applied). */
function datesHint(f: ShippingFilterState): string | null {
  if (!f.start_date && !f.end_date) return null;
  if (f.start_date && f.end_date && !dateRangeSent(f))
    return 'The start date is after the end date: dates not applied.';
  if (!f.start_date || !f.end_date) return 'Choose both dates to filter by date.';
  return null;
}

/** Start Date, End Date, State, Facility and Hide Shipped of the Shipping Status list. */
export function ShippingFilters({ filters, onChange }: ShippingFiltersProps) {
  const hint = datesHint(filters);
  return (
    <>
      <Box sx={{ width: 205 }}>
        <DateInput
          label="Start Date"
          name="start_date"
          value={filters.start_date}
          onChange={(value) => onChange({ start_date: value })}
        />
      </Box>
      <Box sx={{ width: 205 }}>
        <DateInput
          label="End Date"
          name="end_date"
          value={filters.end_date}
          onChange={(value) => onChange({ end_date: value })}
          error={Boolean(filters.start_date && filters.end_date && !dateRangeSent(filters))}
        />
      </Box>
      <Box sx={{ width: { xs: '100%', sm: 190 } }}>
        <StatePicker label="State" value={filters.state} onChange={(value) => onChange({ state: value })} />
      </Box>
      <TextField
        select
        label="Facility"
        size="small"
        value={filters.facility}
        onChange={(event) => onChange({ facility: event.target.value as ShippingFacility })}
        sx={{ width: 110 }}
      >
        {SHIPPING_FACILITY_OPTIONS.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={filters.hidden_shipped}
            onChange={(_event, checked) => onChange({ hidden_shipped: checked })}
          />
        }
        label="Hide Shipped"
        sx={{ mr: 0 }}
      />
      {hint ? (
        <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }} role="status">
          {hint}
        </Typography>
      ) : null}
    </>
  );
}
