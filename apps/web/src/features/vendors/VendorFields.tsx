import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { CLAIM_FILING_INDICATORS } from '@dme/shared';
import { PhoneField } from '@/components/PhoneField.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import type { VendorBody, VendorFormMode, VendorFormValues } from './vendor-form.ts';

interface VendorFieldsProps {
  mode: VendorFormMode;
  control: Control<VendorFormValues, unknown, VendorBody>;
  register: UseFormRegister<VendorFormValues>;
  errors: { name?: string };
  disabled?: boolean;
}

const INDICATORS = CLAIM_FILING_INDICATORS.map((i) => ({ value: i.code, label: `${i.code} — ${i.label}` }));

type ClaimTextField = 'payer_id' | 'address_1' | 'city' | 'state' | 'zip';

/** The "Electronic claims" section: what an 837P names the payer by (loop 2010BB) and its SBR09 code. */
function ElectronicClaimsFields({ control, register, disabled }: Omit<VendorFieldsProps, 'mode' | 'errors'>) {
  const { errors } = useFormState({ control });
  const text = (name: ClaimTextField, label: string, size: number, hint?: string, max?: number) => (
    <Grid size={{ xs: 12, sm: size }}>
      <TextField
        {...register(name)}
        label={label}
        disabled={disabled}
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? hint}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    </Grid>
  );
  return (
    <Paper variant="outlined" component="section" aria-label="Electronic claims" sx={{ p: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Electronic claims
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        How claims name this payer: its payer ID at the clearinghouse and the kind of plan it is.
      </Typography>
      <Grid container spacing={2}>
        {text('payer_id', 'Payer ID', 4, 'As the clearinghouse lists it', 80)}
        <Grid size={{ xs: 12, sm: 8 }}>
          <SelectField
            control={control}
            name="claim_filing_indicator"
            label="Claim filing indicator"
            disabled={disabled}
            emptyOption="None"
            options={INDICATORS}
          />
        </Grid>
        {text('address_1', 'Address', 12, undefined, 55)}
        {text('city', 'City', 5, undefined, 30)}
        {text('state', 'State', 3, 'Two letters, e.g. TX', 2)}
        {text('zip', 'ZIP', 4, '5 or 9 digits', 10)}
      </Grid>
    </Paper>
  );
}

const PRICINGS = [
  { value: 'medicare', label: 'Medicare fee schedule' },
  { value: 'percent_of_medicare', label: 'Percent of Medicare' },
  { value: 'price_list', label: 'Own price list' },
];

/** The "Pricing" section: what the payer is expected to allow for a service. */
function PricingFields({ control, register, disabled }: Omit<VendorFieldsProps, 'mode' | 'errors'>) {
  const { errors } = useFormState({ control, name: 'pricing_percent' });
  const pricing = useWatch({ control, name: 'pricing' });
  const percent = pricing === 'percent_of_medicare';
  return (
    <Paper variant="outlined" component="section" aria-label="Pricing" sx={{ p: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Pricing
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What this payer allows: the Medicare fee schedule, a percent of it, or its own price list.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <SelectField control={control} name="pricing" label="Pricing" disabled={disabled} options={PRICINGS} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('pricing_percent')}
            label="Percent"
            disabled={disabled || !percent}
            required={percent}
            error={Boolean(errors.pricing_percent)}
            // No hint under the disabled field: its faded text would not be readable.
            helperText={errors.pricing_percent?.message ?? (percent ? 'Of the Medicare fee, e.g. 80' : undefined)}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 7 } }}
          />
        </Grid>
      </Grid>
    </Paper>
  );
}

/**
 * The "Documents" section (issue 34): the codes this payer authorizes in advance, and Medicare's
 * rule that every item needs a standard written order, shown when the payer is Medicare.
 */
function DocumentRulesFields({ control, register, disabled }: Omit<VendorFieldsProps, 'mode' | 'errors'>) {
  const { errors } = useFormState({ control, name: 'prior_auth_hcpcs' });
  const medicare = useWatch({ control, name: 'claim_filing_indicator' }) === 'MB';
  return (
    <Paper variant="outlined" component="section" aria-label="Documents" sx={{ p: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Documents
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What this payer needs on file before an item is delivered and billed; an occurrence without it is on hold.
      </Typography>
      <TextField
        {...register('prior_auth_hcpcs')}
        label="Prior authorization HCPCS codes"
        disabled={disabled}
        autoComplete="off"
        error={Boolean(errors.prior_auth_hcpcs)}
        helperText={errors.prior_auth_hcpcs?.message ?? 'Codes this payer authorizes in advance, e.g. K0856, E0193'}
        slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
      />
      {medicare ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Medicare: every item needs a standard written order on file.
        </Alert>
      ) : null}
    </Paper>
  );
}

/**
 * The fields of Create Vendor and Edit Vendor: the spec's Name and Phone (labelled Phone Number on
 * edit), then the payer's electronic-claims fields, its pricing and the documents it requires.
 */
export function VendorFields({ mode, control, register, errors, disabled }: VendorFieldsProps) {
  return (
    <>
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
      <ElectronicClaimsFields control={control} register={register} disabled={disabled} />
      <PricingFields control={control} register={register} disabled={disabled} />
      <DocumentRulesFields control={control} register={register} disabled={disabled} />
    </>
  );
}
