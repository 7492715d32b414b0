import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Navigate, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import {
  BILLING_MESSAGES,
  formatDisplayDate,
  invoiceFormSchema,
  type Invoice,
  type InvoiceFormBody,
} from '@dme/shared';
import { DateField, isInvalidDateValue } from '@/components/DateField.tsx';
import { FormActions } from '@/components/FormActions.tsx';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { PdfPreview } from '@/components/pdf-preview/index.ts';
import { RemittanceLinesTable } from '@/components/remittance-lines/index.ts';
import { paths } from '@/config/paths.ts';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useInvoice } from './api/get-invoice.ts';
import { fetchInvoicePdf, invoiceFileName } from './api/invoice-pdf.ts';
import { useUpdateInvoice } from './api/update-invoice.ts';
import { patientName } from './format.ts';
import { InvoiceBalances } from './InvoiceBalances.tsx';
import { InvoiceClaim } from './InvoiceClaim.tsx';
import { InvoiceServices } from './InvoiceServices.tsx';
import { WriteOffDialog } from './WriteOffDialog.tsx';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Invoices', to: paths.invoices.list },
  { label: 'Edit Invoice' },
];

interface InvoiceFormValues {
  date: string | null;
  notes: string;
}

const FIELDS = ['date', 'notes'] as const;
const toFormValues = (invoice: Invoice): InvoiceFormValues => ({ date: invoice.date, notes: invoice.notes });

/** Read-only facts of the invoice, shown as disabled fields. */
function ReadOnly({ label, value }: { label: string; value: string | number }) {
  return <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} fullWidth />;
}

function EditInvoiceForm({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const update = useUpdateInvoice(invoice.id);
  const [writingOff, setWritingOff] = useState(false);
  // The preview is fetched once per mount: a new key loads the document again after a write-off.
  const [previewVersion, setPreviewVersion] = useState(0);
  const form = useForm<InvoiceFormValues, unknown, InvoiceFormBody>({
    resolver: schemaResolver(invoiceFormSchema),
    defaultValues: toFormValues(invoice),
    mode: 'onChange',
  });
  const { control, register, formState } = form;
  const date = useWatch({ control, name: 'date' });
  const guard = useLeaveGuard(formState.isDirty);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    return idx > 0 ? navigate(-1) : navigate(paths.invoices.list, { replace: true });
  };

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(body),
    successMessage: BILLING_MESSAGES.invoiceUpdated,
    fields: FIELDS,
    onSuccess: async () => {
      guard.release();
      form.reset(form.getValues());
      await goBack();
    },
  });

  const order = invoice.order;
  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Edit Invoice">
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <ReadOnly label="Patient" value={patientName(order.patient)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <ReadOnly label="Invoice Number" value={invoice.id} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <ReadOnly label="Order" value={order.name ? `${order.id} - ${order.name}` : order.id} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <DateField control={control} name="date" label="Invoice Date" required fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <ReadOnly label="Date of Service" value={formatDisplayDate(invoice.service_date)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <InvoiceBalances invoice={invoice} />
            </Grid>
            <Grid size={12}>
              <InvoiceClaim claim={invoice.claim ?? null} />
            </Grid>
            <Grid size={12}>
              <TextField label="Invoice Notes" multiline minRows={4} maxRows={15} fullWidth {...register('notes')} />
            </Grid>
          </Grid>
        </Paper>
        <FormActions control={control} submitLabel="Update" extraDisabled={[isInvalidDateValue(date)]}>
          <Button variant="outlined" onClick={() => setWritingOff(true)}>
            Write Off
          </Button>
        </FormActions>
      </Stack>
      <Stack spacing={3} sx={{ mt: 3 }}>
        <InvoiceServices services={invoice.services} />
        <RemittanceLinesTable lines={invoice.remittance_lines} />
      </Stack>
      <Box sx={{ mt: 3 }}>
        <PdfPreview
          key={previewVersion}
          source={() => fetchInvoicePdf(invoice.id)}
          fileName={invoiceFileName(invoice.id)}
          title={`Invoice ${invoice.id}`}
        />
      </Box>
      {writingOff ? (
        <WriteOffDialog
          invoice={invoice}
          onClose={() => setWritingOff(false)}
          onDone={() => setPreviewVersion((v) => v + 1)}
        />
      ) : null}
      {guard.dialog}
    </>
  );
}

function EditInvoiceLoader({ id }: { id: number }) {
  const navigate = useNavigate();
  const invoice = useInvoice(id);
  useEffect(() => {
    if (invoice.isError) void navigate(paths.notFound, { replace: true });
  }, [invoice.isError, navigate]);
  if (!invoice.data) return <PageLoading />;
  return <EditInvoiceForm key={invoice.data.id} invoice={invoice.data} />;
}

/** /invoices/:id */
export function InvoiceEdit() {
  const id = useIdParam();
  return (
    <>
      <PageHeader title="Edit Invoice" breadcrumbs={breadcrumbs} />
      {id !== null ? <EditInvoiceLoader id={id} /> : <Navigate to={paths.notFound} replace />}
    </>
  );
}
