import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { CLAIM_MESSAGES, HCPCS_FORMAT, normalizeHcpcs } from '@dme/shared';
import { useHcpcsCode } from './api/get-hcpcs-code.ts';
import type { ProductFormBody, ProductFormValues } from './product-form.ts';

interface HcpcsFieldsProps {
  control: Control<ProductFormValues, unknown, ProductFormBody>;
  register: UseFormRegister<ProductFormValues>;
}

/** What shows under the HCPCS code: the form's message, the CMS description, or why the code is unknown. */
function useCodeHelp(control: HcpcsFieldsProps['control']): { text: string; error: boolean } {
  const { errors } = useFormState({ control, name: 'hcpcs_code' });
  const typed = normalizeHcpcs(useWatch({ control, name: 'hcpcs_code' }));
  const complete = HCPCS_FORMAT.test(typed) ? typed : null;
  const lookup = useHcpcsCode(complete);
  const message = errors.hcpcs_code?.message;
  if (message) return { text: message, error: true };
  if (complete === null) return { text: 'The code claims bill this product under, e.g. E0601', error: false };
  if (lookup.data === null) return { text: CLAIM_MESSAGES.hcpcsUnknown(complete), error: true };
  if (lookup.data) return { text: `${lookup.data.code} — ${lookup.data.long_description}`, error: false };
  return { text: lookup.isError ? '' : `Looking up ${complete}…`, error: false };
}

/** The product's billing codes: its HCPCS code (looked up in the CMS list as typed) and default modifiers. */
export function HcpcsFields({ control, register }: HcpcsFieldsProps) {
  const { errors } = useFormState({ control, name: 'modifiers' });
  const help = useCodeHelp(control);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          {...register('hcpcs_code')}
          label="HCPCS code"
          autoComplete="off"
          error={help.error}
          helperText={help.text}
          slotProps={{ htmlInput: { maxLength: 5, autoCapitalize: 'characters' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextField
          {...register('modifiers')}
          label="Modifiers"
          placeholder="RR,KH"
          autoComplete="off"
          error={Boolean(errors.modifiers)}
          helperText={errors.modifiers?.message ?? 'Up to four, separated by commas'}
          slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters' } }}
        />
      </Grid>
    </Grid>
  );
}
