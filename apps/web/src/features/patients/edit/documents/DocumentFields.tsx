import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import {
  DOCUMENT_NUMBER_MAX,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  PRACTITIONER_NAME_MAX,
  type DocumentCreateBody,
  type DocumentType,
  type PatientAttachment,
  type PatientOrder,
} from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import { useVendors } from '@/lib/api/vendors.ts';
import type { DocumentFormValues } from './document-form.ts';
import { ItemsField } from './ItemsField.tsx';

type FormControl = Control<DocumentFormValues, unknown, DocumentCreateBody>;

interface FieldsProps {
  control: FormControl;
  register: UseFormRegister<DocumentFormValues>;
}

export interface DocumentFieldsProps extends FieldsProps {
  /** The type of a saved document stays. */
  mode: 'create' | 'edit';
  orders: Pick<PatientOrder, 'id' | 'name'>[];
  attachments: PatientAttachment[];
}

const TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] }));

/** What the document's own date is, by type. */
const DATE_LABELS: Record<DocumentType, string> = {
  standard_written_order: 'Order date',
  prior_authorization: 'Date issued',
  face_to_face: 'Encounter date',
  proof_of_delivery: 'Delivery date',
};

/** Where the scanned paper comes from (a proof of delivery uploaded is the signed ticket). */
function attachmentHint(type: DocumentType, any: boolean): string {
  if (!any) return 'Upload the scanned paper in the Attachments tab first';
  return type === 'proof_of_delivery' ? 'The signed delivery ticket' : 'The scanned paper, if uploaded';
}

/** A text field bound to the form, with its message under it (else the hint). */
function Text({
  control,
  register,
  name,
  label,
  hint,
  max,
  numeric,
}: FieldsProps & {
  name: 'practitioner_name' | 'practitioner_npi' | 'number' | 'hcpcs' | 'units' | 'length_of_need_months';
  label: string;
  hint?: string;
  max: number;
  numeric?: boolean;
}) {
  const { errors } = useFormState({ control, name });
  const error = errors[name]?.message;
  return (
    <TextField
      {...register(name)}
      label={label}
      required
      autoComplete="off"
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { maxLength: max, inputMode: numeric ? 'numeric' : undefined } }}
    />
  );
}

function PractitionerFields(props: FieldsProps) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 7 }}>
        <Text {...props} name="practitioner_name" label="Practitioner" max={PRACTITIONER_NAME_MAX} />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <Text {...props} name="practitioner_npi" label="Practitioner NPI" hint="10 digits" max={10} numeric />
      </Grid>
    </>
  );
}

function AuthorizationFields(props: FieldsProps) {
  const vendors = useVendors();
  const payers = (vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }));
  return (
    <>
      <Grid size={{ xs: 12, sm: 7 }}>
        <SelectField control={props.control} name="vendor_id" label="Payer" required options={payers} />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <Text {...props} name="number" label="Authorization number" max={DOCUMENT_NUMBER_MAX} />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <Text {...props} name="hcpcs" label="HCPCS codes" hint="Separated by commas, e.g. E0193, K0856" max={400} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Text {...props} name="units" label="Units" max={6} numeric />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateField control={props.control} name="start_date" label="Start date" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateField control={props.control} name="end_date" label="End date" required />
      </Grid>
    </>
  );
}

/**
 * The one body of Add document and Edit document: the type, then its date and its own fields,
 * and the order and attachment any document may be tied to.
 */
export function DocumentFields({ mode, control, register, orders, attachments }: DocumentFieldsProps) {
  const type = useWatch({ control, name: 'type' });
  const orderOptions = orders.map((order) => ({
    value: order.id,
    label: order.name ? `#${order.id} ${order.name}` : `#${order.id}`,
  }));
  const attachmentOptions = attachments.map((attachment) => ({ value: attachment.id, label: attachment.name }));
  const fields = { control, register };
  return (
    // Room above the first field, whose label rises into the dialog's title padding.
    <Grid container spacing={2} sx={{ pt: 1 }}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <SelectField
          control={control}
          name="type"
          label="Type"
          required
          disabled={mode === 'edit'}
          options={TYPE_OPTIONS}
        />
      </Grid>
      {type === '' ? null : (
        <>
          <Grid size={{ xs: 12, sm: 5 }}>
            <DateField control={control} name="date" label={DATE_LABELS[type]} required />
          </Grid>
          {type === 'standard_written_order' ? (
            <>
              <PractitionerFields {...fields} />
              <Grid size={12}>
                <ItemsField {...fields} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Text
                  {...fields}
                  name="length_of_need_months"
                  label="Length of need (months)"
                  hint="99 = lifetime"
                  max={2}
                  numeric
                />
              </Grid>
            </>
          ) : null}
          {type === 'prior_authorization' ? <AuthorizationFields {...fields} /> : null}
          {type === 'face_to_face' ? <PractitionerFields {...fields} /> : null}
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="order_id" label="Order" emptyOption="None" options={orderOptions} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField
              control={control}
              name="attachment_id"
              label="Attachment"
              emptyOption="None"
              options={attachmentOptions}
              helperText={attachmentHint(type, attachments.length > 0)}
            />
          </Grid>
        </>
      )}
    </Grid>
  );
}
