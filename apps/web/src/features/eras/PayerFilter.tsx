import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useVendors } from '@/lib/api/vendors.ts';

/** A payer (vendor) to filter a remittance list by; '' for any payer. */
export function PayerFilter({ value, onChange }: { value: number | ''; onChange: (payer: number | '') => void }) {
  const vendors = useVendors();
  return (
    <TextField
      select
      label="Payer"
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      sx={{ width: { xs: '100%', sm: 170 } }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">
        <em>Any payer</em>
      </MenuItem>
      {(vendors.data ?? []).map((v) => (
        <MenuItem key={v.id} value={v.id}>
          {v.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
