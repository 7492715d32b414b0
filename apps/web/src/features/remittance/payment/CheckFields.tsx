import type { ChangeEvent } from 'react';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAYMENT_METHODS, type VendorRef } from '@dme/shared';
import { DateInput } from '@/components/DateField.tsx';
import type { CheckDraft, CheckErrors } from './check-draft.ts';

interface CheckFieldsProps {
  draft: CheckDraft;
  errors: CheckErrors;
  /** The saved check is prefilled and locked until Next Check. */
  locked: boolean;
  vendors: VendorRef[];
  onChange: (patch: Partial<CheckDraft>) => void;
}

const CELL = { xs: 12, sm: 6, md: 4, xl: 2 } as const;

/** Check number, date, total, payment method, vendor and memo of a posting. */
export function CheckFields({ draft, errors, locked, vendors, onChange }: CheckFieldsProps) {
  // What every field shares: locked with the saved check, its message, the row's size.
  const common = (field: keyof CheckDraft, required = true) => ({
    disabled: locked,
    error: Boolean(errors[field]),
    helperText: errors[field],
    required,
    fullWidth: true,
    size: 'small' as const,
  });
  const text = (field: 'check_number' | 'total_amount' | 'payment_method' | 'memo_notes') => ({
    ...common(field, field !== 'memo_notes'),
    value: draft[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.target.value }),
  });
  return (
    <Grid container spacing={2}>
      <Grid size={CELL}>
        <TextField label="Check Number" {...text('check_number')} />
      </Grid>
      <Grid size={CELL}>
        <DateInput
          label="Check Date"
          name="check_date"
          value={draft.check_date}
          onChange={(value) => onChange({ check_date: value })}
          {...common('check_date')}
        />
      </Grid>
      <Grid size={CELL}>
        <TextField label="Total Amount" {...text('total_amount')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Grid>
      <Grid size={CELL}>
        <TextField select label="Payment Method" {...text('payment_method')}>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={CELL}>
        <TextField
          select
          label="Vendor"
          value={draft.vendor_id}
          onChange={(e) => onChange({ vendor_id: e.target.value === '' ? '' : Number(e.target.value) })}
          {...common('vendor_id')}
        >
          {vendors.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={CELL}>
        <TextField label="Memo Notes" {...text('memo_notes')} />
      </Grid>
    </Grid>
  );
}
