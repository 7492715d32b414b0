import Box from '@mui/material/Box';
import { DateInput } from '@/components/DateField.tsx';
import type { DateFilters } from './use-date-gate.ts';

interface DateRangeFieldsProps extends DateFilters {
  onChange: (range: Partial<DateFilters>) => void;
  /** Which field holds a half-typed or impossible date (the list waits until both are valid). */
  onInvalidChange: (field: keyof DateFilters, invalid: boolean) => void;
  /** Marks End Date when the start is after the end (the list's hint says so). */
  orderError?: string;
}

/** Start Date and End Date of a work-queue list, as MM/DD/YYYY pickers sending YYYY-MM-DD. */
export function DateRangeFields({ start_date, end_date, onChange, onInvalidChange, orderError }: DateRangeFieldsProps) {
  return (
    <>
      <Box sx={{ width: 205 }}>
        <DateInput
          label="Start Date"
          name="start_date"
          value={start_date}
          onChange={(value) => onChange({ start_date: value })}
          onInvalidChange={(invalid) => onInvalidChange('start_date', invalid)}
        />
      </Box>
      <Box sx={{ width: 205 }}>
        <DateInput
          label="End Date"
          name="end_date"
          value={end_date}
          onChange={(value) => onChange({ end_date: value })}
          onInvalidChange={(invalid) => onInvalidChange('end_date', invalid)}
          error={Boolean(orderError)}
        />
      </Box>
    </>
  );
}
