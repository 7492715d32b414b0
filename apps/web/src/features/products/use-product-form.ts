import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import {
  productCreateFormSchema,
  productEditFormSchema,
  type ProductFormBody,
  type ProductFormValues,
} from './product-form.ts';

/** Form state of Create Product / Edit Product with the shared schema's messages. */
export function useProductForm(mode: 'create' | 'edit', defaultValues: ProductFormValues) {
  // Both schemas read the same values; edit simply has no quantity (stock changes elsewhere).
  const resolver = (
    mode === 'create' ? zodResolver(productCreateFormSchema) : zodResolver(productEditFormSchema)
  ) as unknown as Resolver<ProductFormValues, unknown, ProductFormBody>;
  return useForm<ProductFormValues, unknown, ProductFormBody>({ resolver, defaultValues, mode: 'onTouched' });
}
