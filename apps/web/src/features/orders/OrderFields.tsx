import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import type { OrderCreateBody, OrderLookup } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import type { OrderFormValues, OrderHeaderField } from './order-form.ts';
import { PatientSelect } from './PatientSelect.tsx';

interface OrderFieldsProps {
  control: Control<OrderFormValues, unknown, OrderCreateBody>;
  statuses: OrderLookup[];
  deliveries: OrderLookup[];
  /** The order was started from (or opened from) a patient: that patient stays. */
  patientLocked?: boolean;
  /** Create only: the expiration date of the order (empty means today). */
  showExpiredAt?: boolean;
  /** Edit: called once a field's change is final (a select picked, a text field left). */
  onCommit?: (field: OrderHeaderField) => void;
}

/** The header fields of an order: one body for Create Order and Edit Order. */
export function OrderFields({
  control,
  statuses,
  deliveries,
  patientLocked = false,
  showExpiredAt = false,
  onCommit,
}: OrderFieldsProps) {
  const lookupSelect = (
    name: 'delivery_id' | 'status_id',
    label: string,
    options: OrderLookup[],
    required: boolean,
  ) => (
    <SelectField
      control={control}
      name={name}
      label={label}
      required={required}
      options={options.map((o) => ({ value: o.id, label: o.name }))}
      onChanged={() => onCommit?.(name)}
    />
  );

  const textField = (name: 'name' | 'po_number', label: string, required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          required={required}
          onBlur={() => {
            field.onBlur();
            onCommit?.(name);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Controller
          control={control}
          name="patient"
          render={({ field, fieldState }) => (
            <PatientSelect
              name={field.name}
              value={field.value}
              onChange={(patient) => {
                field.onChange(patient);
                onCommit?.('patient');
              }}
              onBlur={field.onBlur}
              disabled={patientLocked}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (patientLocked ? 'Opened from this patient' : undefined)}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>{textField('name', 'Order Name', true)}</Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>{lookupSelect('delivery_id', 'Delivery', deliveries, true)}</Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>{textField('po_number', 'PO Number', false)}</Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>{lookupSelect('status_id', 'Status', statuses, false)}</Grid>
      {showExpiredAt ? (
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <DateField control={control} name="expired_at" label="Expired At" helperText="Empty means today" />
        </Grid>
      ) : null}
    </Grid>
  );
}
