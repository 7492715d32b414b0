import TextField from '@mui/material/TextField';
import { useFormState, useWatch } from 'react-hook-form';
import { useProductCodes } from '../api/get-product-codes.ts';
import type { ProductLineForm } from './product-line-form.ts';

/** What an empty override bills: the product's own modifiers, said in words. */
function defaultsHint(defaults: string[] | undefined): string {
  if (defaults === undefined) return "Empty: the product's modifiers";
  if (defaults.length === 0) return 'Empty: none (the product has no modifiers)';
  return `Empty: the product's ${defaults.join(', ')}`;
}

/** The line's modifiers: empty bills the product's own (shown as the placeholder), else these. */
export function LineModifiersField({ form }: { form: ProductLineForm }) {
  const { control, register } = form;
  const { errors } = useFormState({ control, name: 'modifiers' });
  const product = useWatch({ control, name: 'product' });
  const defaults = useProductCodes(product?.id ?? null).data?.modifiers;
  return (
    <TextField
      {...register('modifiers')}
      label="Modifiers"
      placeholder={defaults?.length ? defaults.join(',') : undefined}
      autoComplete="off"
      error={Boolean(errors.modifiers)}
      helperText={errors.modifiers?.message ?? (product ? defaultsHint(defaults) : "Empty: the product's modifiers")}
      slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters' }, inputLabel: { shrink: true } }}
    />
  );
}
