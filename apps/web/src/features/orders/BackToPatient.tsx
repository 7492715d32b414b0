import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Shown on the order screens when they were opened from a patient's Orders tab. */
export function BackToPatient({ patientId }: { patientId: number }) {
  return (
    <Button
      component={RouterLink}
      to={paths.patients.edit.url(patientId)}
      variant="outlined"
      startIcon={<ArrowBackIcon />}
    >
      Back to patient
    </Button>
  );
}
