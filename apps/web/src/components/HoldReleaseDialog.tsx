import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { DOCUMENT_MESSAGES, holdReleaseSchema, RELEASE_REASON_MAX, type HoldReleaseBody } from '@dme/shared';
import { FormDialog } from '@/components/FormDialog.tsx';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useReleaseHold } from '@/lib/api/hold-release.ts';
import { schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';

interface HoldReleaseDialogProps {
  occurrenceId: number;
  /** The reasons it is held for, listed so the administrator sees what is released. */
  holds: readonly string[];
  onClose: () => void;
}

/** Release hold (administrators): the reason is required and kept with the release. Render it only while open. */
export function HoldReleaseDialog({ occurrenceId, holds, onClose }: HoldReleaseDialogProps) {
  const release = useReleaseHold(occurrenceId);
  const form = useForm<{ reason: string }, unknown, HoldReleaseBody>({
    resolver: schemaResolver(holdReleaseSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const { control, register, formState } = form;
  const onSubmit = useSubmitForm({
    form,
    submit: (body) => release.mutateAsync(body),
    successMessage: DOCUMENT_MESSAGES.released,
    // Already released, or nothing holds it any more: the server says which.
    errorText: (error) => (isApiError(error) ? detailOf(error.body) : undefined),
    fields: ['reason'],
    close: onClose,
  });

  return (
    <FormDialog title="Release hold" onSubmit={onSubmit} onClose={onClose} control={control} submitLabel="Release hold">
      <Typography variant="body2" color="text.secondary">
        The occurrence can be ticketed and billed without these documents:
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3, typography: 'body2' }}>
        {holds.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </Box>
      <TextField
        {...register('reason')}
        label="Reason"
        required
        multiline
        minRows={3}
        error={Boolean(formState.errors.reason)}
        helperText={formState.errors.reason?.message ?? 'Kept with the release, with your name and the time'}
        slotProps={{ htmlInput: { maxLength: RELEASE_REASON_MAX } }}
      />
    </FormDialog>
  );
}
