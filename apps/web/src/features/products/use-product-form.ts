import { useForm } from 'react-hook-form';
import { schemaResolver } from '@/lib/form-resolver.ts';
import {
  productCreateFormSchema,
  productEditFormSchema,
  type ProductFormBody,
  type ProductFormValues,
} from './product-form.ts';

/** Form state of Create Product / Edit Product with the shared schema's messages. */
export function useProductForm(mode: 'create' | 'edit', defaultValues: ProductFormValues) {
  // Both schemas read the same values; edit simply has no quantity (stock changes elsewhere).
  const resolver = schemaResolver<ProductFormValues, ProductFormBody>(
    mode === 'create' ? productCreateFormSchema : productEditFormSchema,
  );
  return useForm<ProductFormValues, unknown, ProductFormBody>({ resolver, defaultValues, mode: 'onTouched' });
}
