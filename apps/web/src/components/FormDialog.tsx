import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormState, type FieldValues } from 'react-hook-form';
import { DialogFormActions, type DialogFormActionsProps } from './FormActions.tsx';

interface FormDialogProps<T extends FieldValues, TOut extends FieldValues = T> extends Omit<
  DialogFormActionsProps<T, TOut>,
  'onCancel'
> {
  title: ReactNode;
  /** A line under the title naming what the dialog is about. */
  subtitle?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** useSubmitForm's submit. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A form in a dialog: its title (and a subtitle), its fields, and the footer of every form dialog.
 * It cannot be closed while the form is being sent.
 */
export function FormDialog<T extends FieldValues, TOut extends FieldValues = T>({
  title,
  subtitle,
  maxWidth = 'sm',
  onSubmit,
  onClose,
  children,
  ...actions
}: FormDialogProps<T, TOut>) {
  const titleId = useId();
  const { isSubmitting } = useFormState({ control: actions.control });
  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId} sx={subtitle ? { pb: 0.5 } : undefined}>
          {title}
        </DialogTitle>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        <DialogContent>{children}</DialogContent>
        <DialogFormActions {...actions} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
