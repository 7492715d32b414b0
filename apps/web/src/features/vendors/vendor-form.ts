import { useForm } from 'react-hook-form';
import { vendorCreateSchema, vendorEditSchema, type Vendor, type VendorCreateBody } from '@dme/shared';
import { schemaResolver } from '@/lib/form-resolver.ts';

export interface VendorFormValues {
  name: string;
  phone: string;
}

export const VENDOR_FORM_FIELDS = ['name', 'phone'] as const;

export const emptyVendorValues: VendorFormValues = { name: '', phone: '' };

export const vendorToFormValues = (vendor: Vendor): VendorFormValues => ({ name: vendor.name, phone: vendor.phone });

export type VendorFormMode = 'create' | 'edit';

/** Create Vendor and Edit Vendor's form: the shared schema of each screen (the phone message differs). */
export function useVendorForm(mode: VendorFormMode, defaultValues: VendorFormValues) {
  const resolver = schemaResolver<VendorFormValues, VendorCreateBody>(
    mode === 'create' ? vendorCreateSchema : vendorEditSchema,
  );
  return useForm<VendorFormValues, unknown, VendorCreateBody>({ resolver, defaultValues, mode: 'onChange' });
}
