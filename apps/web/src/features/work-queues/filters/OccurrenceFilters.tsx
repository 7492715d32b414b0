import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { StatePicker } from '@/components/StatePicker.tsx';
import { DateRangeFields } from './DateRangeFields.tsx';
import { FilterHint } from './FilterHint.tsx';
import type { DateFilters, DateGate } from './use-date-gate.ts';

interface OccurrenceFiltersProps extends DateFilters {
  state: number | null;
  gate: DateGate;
  onChange: (patch: Partial<DateFilters & { state: number | null }>) => void;
  /** Further filters after State (Facility, Hide Completed ...). */
  children?: ReactNode;
}

/** Start Date, End Date and State of a work-queue list, with the reason when nothing is listed yet. */
export function OccurrenceFilterFields({
  start_date,
  end_date,
  state,
  gate,
  onChange,
  children,
}: OccurrenceFiltersProps) {
  return (
    <>
      <DateRangeFields
        start_date={start_date}
        end_date={end_date}
        onChange={onChange}
        onInvalidChange={gate.setInvalid}
        orderError={gate.orderError}
      />
      <Box sx={{ width: { xs: '100%', sm: 200 } }}>
        <StatePicker label="State" value={state} onChange={(value) => onChange({ state: value })} />
      </Box>
      {children}
      <FilterHint text={gate.hint} />
    </>
  );
}
