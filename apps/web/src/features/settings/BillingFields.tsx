import type { ReactNode } from 'react';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormState } from 'react-hook-form';
import { FACILITY_PLACES_OF_SERVICE } from '@dme/shared';
import { PhoneField } from '@/components/PhoneField.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import { ToggleField } from '@/components/ToggleField.tsx';
import type { BillingForm, BillingFormValues } from './billing-form.ts';

type TextName = Exclude<keyof BillingFormValues, 'production' | 'phone' | 'submitter_contact_phone'>;

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      ) : null}
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}

const PLACES = FACILITY_PLACES_OF_SERVICE.map((p) => ({ value: p.code, label: `${p.code} — ${p.label}` }));

/** The sections of the Billing settings form: who bills, where, who sends the files, and how. */
export function BillingFields({ form }: { form: BillingForm }) {
  const { control, register } = form;
  const { errors } = useFormState({ control });

  const text = (name: TextName, label: string, size: number, options: { hint?: string; max?: number } = {}) => (
    <Grid size={{ xs: 12, sm: size }}>
      <TextField
        {...register(name)}
        label={label}
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? options.hint}
        slotProps={{ htmlInput: { maxLength: options.max } }}
      />
    </Grid>
  );

  return (
    <>
      <Section title="Organization" intro="The billing provider named on every claim (loop 2010AA).">
        {text('organization_name', 'Organization name', 8, { max: 60 })}
        <Grid size={{ xs: 12, sm: 4 }}>
          <PhoneField control={control} name="phone" label="Phone" />
        </Grid>
        {text('npi', 'NPI', 4, { hint: '10 digits', max: 12 })}
        {text('tax_id', 'Tax ID (EIN)', 4, { hint: '9 digits', max: 10 })}
        {text('taxonomy_code', 'Taxonomy code', 4, { hint: 'e.g. 332B00000X', max: 10 })}
      </Section>
      <Section title="Address" intro="A street address: payers refuse a post office box here.">
        {text('address_1', 'Address line 1', 6, { max: 55 })}
        {text('address_2', 'Address line 2', 6, { max: 55 })}
        {text('city', 'City', 5, { max: 30 })}
        {text('state', 'State', 3, { hint: 'Two letters, e.g. TX', max: 2 })}
        {text('zip', 'ZIP+4', 4, { hint: '9 digits, e.g. 78701-1234', max: 10 })}
      </Section>
      <Section
        title="Submitter and receiver (clearinghouse)"
        intro="As the clearinghouse gave them when the office enrolled."
      >
        {text('submitter_name', 'Submitter name', 6, { max: 60 })}
        {text('submitter_id', 'Submitter ID', 6, { max: 15 })}
        {text('submitter_contact_name', 'Submitter contact name', 6, { max: 60 })}
        <Grid size={{ xs: 12, sm: 6 }}>
          <PhoneField control={control} name="submitter_contact_phone" label="Submitter contact phone" />
        </Grid>
        {text('receiver_name', 'Receiver name', 6, { max: 60 })}
        {text('receiver_id', 'Receiver ID', 6, { max: 15 })}
      </Section>
      <Section title="Claim files">
        <Grid size={{ xs: 12, sm: 6 }}>
          <ToggleField control={control} name="production" label="Production (ISA15 P)" />
          <FormHelperText sx={{ mt: 0 }}>
            Off while the clearinghouse tests the office&apos;s files (marked T); turn it on once they are approved.
          </FormHelperText>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="facility_place_of_service"
            label="Place of service for facility patients"
            options={PLACES}
            helperText="Patients marked Facility are billed with it; others with 12 (Home)."
          />
        </Grid>
      </Section>
    </>
  );
}
