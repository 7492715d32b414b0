import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Control, UseFormRegister } from 'react-hook-form';
import type { VendorCreateBody } from '@dme/shared';
import { PhoneField } from '@/components/PhoneField.tsx';
import type { VendorFormMode, VendorFormValues } from './vendor-form.ts';

interface VendorFieldsProps {
  mode: VendorFormMode;
  control: Control<VendorFormValues, unknown, VendorCreateBody>;
  register: UseFormRegister<VendorFormValues>;
  errors: { name?: string };
  disabled?: boolean;
}

/** The fields of Create Vendor and Edit Vendor: Name and Phone (labelled Phone Number on edit). */
export function VendorFields({ mode, control, register, errors, disabled }: VendorFieldsProps) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Name"
          required
          disabled={disabled}
          autoFocus={mode === 'create'}
          {...register('name')}
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <PhoneField
          control={control}
          name="phone"
          label={mode === 'create' ? 'Phone' : 'Phone Number'}
          required
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
