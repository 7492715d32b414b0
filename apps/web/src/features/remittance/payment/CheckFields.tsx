import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAYMENT_METHODS } from '@dme/shared';
import { DateInput } from '@/components/DateField.tsx';
import type { VendorOption } from '../api/get-vendors.ts';
import type { CheckDraft, CheckErrors } from './check-draft.ts';

interface CheckFieldsProps {
  draft: CheckDraft;
  errors: CheckErrors;
  /** The saved check is prefilled and locked until Next Check. */
  locked: boolean;
  vendors: VendorOption[];
  onChange: (patch: Partial<CheckDraft>) => void;
}

/** Check number, date, total, payment method, vendor and memo of a posting. */
export function CheckFields({ draft, errors, locked, vendors, onChange }: CheckFieldsProps) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
        <TextField
          label="Check Number"
          value={draft.check_number}
          onChange={(e) => onChange({ check_number: e.target.value })}
          disabled={locked}
          error={Boolean(errors.check_number)}
          helperText={errors.check_number}
          required
          fullWidth
          size="small"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
        <DateInput
          label="Check Date"
          value={draft.check_date}
          onChange={(value) => onChange({ check_date: value })}
          disabled={locked}
          error={Boolean(errors.check_date)}
          helperText={errors.check_date}
          required
          fullWidth
          size="small"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
        <TextField
          label="Total Amount"
          value={draft.total_amount}
          onChange={(e) => onChange({ total_amount: e.target.value })}
          disabled={locked}
          error={Boolean(errors.total_amount)}
          helperText={errors.total_amount}
          required
          fullWidth
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
        <TextField
          select
          label="Payment Method"
          value={draft.payment_method}
          onChange={(e) => onChange({ payment_method: e.target.value })}
          disabled={locked}
          error={Boolean(errors.payment_method)}
          helperText={errors.payment_method}
          required
          fullWidth
          size="small"
        >
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
        <TextField
          select
          label="Vendor"
          value={draft.vendor_id}
          onChange={(e) => onChange({ vendor_id: e.target.value === '' ? '' : Number(e.target.value) })}
          disabled={locked}
          error={Boolean(errors.vendor_id)}
          helperText={errors.vendor_id}
          required
          fullWidth
          size="small"
        >
          {vendors.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
        <TextField
          label="Memo Notes"
          value={draft.memo_notes}
          onChange={(e) => onChange({ memo_notes: e.target.value })}
          disabled={locked}
          fullWidth
          size="small"
        />
      </Grid>
    </Grid>
  );
}
