import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import type { Control } from 'react-hook-form';
import type { CreatePatientBody } from '@dme/shared';
import { FormActions } from '@/components/FormActions.tsx';
import type { PatientFormValues } from './patient-form.ts';

interface FormBarProps {
  control: Control<PatientFormValues, unknown, CreatePatientBody>;
  submitLabel: string;
  loading?: boolean;
  extraDisabled?: boolean[];
  children?: ReactNode;
}

/** The form's buttons, kept in view at the bottom of the page while the tabs scroll. */
export function FormBar({ children, ...props }: FormBarProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        px: 2,
        py: 1.25,
        mt: 2,
        boxShadow: '0 -2px 8px rgba(29, 42, 51, 0.06)',
      }}
    >
      <FormActions {...props}>{children}</FormActions>
    </Paper>
  );
}
