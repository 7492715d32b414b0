import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFormState, type FieldArrayWithId, type UseFormRegister } from 'react-hook-form';
import { PhoneField } from '@/components/PhoneField.tsx';
import type { PatientFormValues } from './patient-form.ts';
import type { PatientFormControl } from './use-patient-form.ts';

interface Props {
  control: PatientFormControl;
  register: UseFormRegister<PatientFormValues>;
  fields: FieldArrayWithId<PatientFormValues, 'contact_person'>[];
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** Rows of contact name, phone (000-000-0000) and relation; the last row cannot be removed. */
export function ContactPersonEditor({ control, register, fields, onAdd, onRemove }: Props) {
  const { errors } = useFormState({ control });
  const only = fields.length <= 1;
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pt: 0.5, pb: 1.5, m: 0 }}
    >
      <Typography component="legend" variant="caption" sx={{ px: 0.5, color: 'text.secondary', fontWeight: 600 }}>
        Contact Person
      </Typography>
      <Stack spacing={2} divider={<Divider flexItem />} sx={{ mt: 1 }}>
        {fields.map((row, index) => {
          const rowErrors = errors.contact_person?.[index];
          return (
            <Box
              key={row.id}
              role="group"
              aria-label={`Contact ${index + 1}`}
              sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 1, alignItems: 'start' }}
            >
              <TextField
                {...register(`contact_person.${index}.contact_name`)}
                label="Contact Name"
                required
                error={Boolean(rowErrors?.contact_name)}
                helperText={rowErrors?.contact_name?.message}
                sx={{ gridColumn: '1 / 3' }}
              />
              <Tooltip title={only ? 'At least one contact is needed' : 'Remove contact'}>
                <span>
                  <IconButton
                    aria-label={`Remove contact ${index + 1}`}
                    color="error"
                    size="small"
                    disabled={only}
                    onClick={() => onRemove(index)}
                    sx={{ mt: 0.5 }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <PhoneField control={control} name={`contact_person.${index}.contact_number`} label="Contact Phone" />
              <TextField
                {...register(`contact_person.${index}.contact_relation`)}
                label="Relation"
                error={Boolean(rowErrors?.contact_relation)}
                helperText={rowErrors?.contact_relation?.message}
              />
            </Box>
          );
        })}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>
        Add Contact
      </Button>
    </Box>
  );
}
