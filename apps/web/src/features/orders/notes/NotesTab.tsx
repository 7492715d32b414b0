import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { ORDER_MESSAGES, orderUpdateSchema, type Order, type OrderUpdateBody } from '@dme/shared';
import { LeaveGuard } from '@/components/LeaveGuard.tsx';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useUpdateOrder } from '../api/update-order.ts';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { NotesFields, type NotesValues } from '../NotesFields.tsx';

const notesSchema = orderUpdateSchema.pick({ office_notes: true, patient_notes: true });

const notesOf = (order: Order): NotesValues => ({
  office_notes: order.office_notes,
  patient_notes: order.patient_notes,
});

/** Notes tab: Office Notes and Patients Notes, saved together; leaving with changes asks first. */
export function NotesTab({ order }: { order: Order }) {
  const update = useUpdateOrder(order.id);
  const form = useForm<NotesValues, unknown, Pick<OrderUpdateBody, 'office_notes' | 'patient_notes'>>({
    resolver: schemaResolver(notesSchema, (values: NotesValues) => values),
    defaultValues: notesOf(order),
  });
  const { register, reset, formState } = form;

  const onSubmit = useSubmitForm({
    form,
    submit: (body) => update.mutateAsync(body),
    successMessage: ORDER_MESSAGES.orderUpdated,
    fields: ['office_notes', 'patient_notes'],
    onSuccess: (saved) => reset(notesOf(saved)),
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Notes">
      <NotesFields register={register} errors={formState.errors} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isDirty || formState.isSubmitting}
          startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save Notes
        </Button>
      </Stack>
      <LeaveGuard when={formState.isDirty} />
    </Stack>
  );
}
