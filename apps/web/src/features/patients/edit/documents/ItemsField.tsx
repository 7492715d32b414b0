import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import type { DocumentCreateBody } from '@dme/shared';
import { emptyItem, type DocumentFormValues } from './document-form.ts';

interface ItemsFieldProps {
  control: Control<DocumentFormValues, unknown, DocumentCreateBody>;
  register: UseFormRegister<DocumentFormValues>;
}

/** A standard written order's items: rows of HCPCS code and quantity, added and removed (one at least). */
export function ItemsField({ control, register }: ItemsFieldProps) {
  const items = useFieldArray({ control, name: 'items' });
  const { errors } = useFormState({ control, name: 'items' });
  const listError = errors.items?.message ?? errors.items?.root?.message;
  const only = items.fields.length <= 1;
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: listError ? 'error.main' : 'divider', borderRadius: 1, px: 1.5, pb: 1, m: 0 }}
    >
      <Typography component="legend" variant="caption" sx={{ px: 0.5, color: 'text.secondary', fontWeight: 600 }}>
        Items *
      </Typography>
      {items.fields.map((row, index) => {
        const rowErrors = errors.items?.[index];
        return (
          <Box
            key={row.id}
            role="group"
            aria-label={`Item ${index + 1}`}
            sx={{ display: 'grid', gridTemplateColumns: '1fr 110px auto', gap: 1, alignItems: 'start', mt: 1 }}
          >
            <TextField
              {...register(`items.${index}.hcpcs`)}
              label="HCPCS"
              required
              autoComplete="off"
              error={Boolean(rowErrors?.hcpcs)}
              helperText={rowErrors?.hcpcs?.message}
              slotProps={{ htmlInput: { maxLength: 5, autoCapitalize: 'characters' } }}
            />
            <TextField
              {...register(`items.${index}.quantity`)}
              label="Quantity"
              required
              error={Boolean(rowErrors?.quantity)}
              helperText={rowErrors?.quantity?.message}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <Tooltip title={only ? 'An order has at least one item' : 'Remove item'}>
              <span>
                <IconButton
                  aria-label={`Remove item ${index + 1}`}
                  color="error"
                  size="small"
                  disabled={only}
                  onClick={() => items.remove(index)}
                  sx={{ mt: 0.5 }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      })}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button size="small" startIcon={<AddIcon />} onClick={() => items.append(emptyItem())} sx={{ mt: 1 }}>
        Add item
      </Button>
    </Box>
  );
}
