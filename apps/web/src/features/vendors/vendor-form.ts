import { useForm } from 'react-hook-form';
import {
  vendorClaimFieldsSchema,
  vendorCreateSchema,
  vendorEditSchema,
  type Vendor,
  type VendorClaimFields,
  type VendorClaimFieldsOut,
  type VendorCreateBody,
} from '@dme/shared';
import { schemaResolver } from '@/lib/form-resolver.ts';

/** A vendor as its routes answer it: the spec's fields and the electronic-claims ones (issue 31). */
export type VendorRecord = Vendor & Partial<VendorClaimFieldsOut>;

export interface VendorFormValues {
  name: string;
  phone: string;
  /** Electronic claims: the payer's id at the clearinghouse, its SBR09 code and its address. */
  payer_id: string;
  claim_filing_indicator: string;
  address_1: string;
  city: string;
  state: string;
  zip: string;
}

/** What Create and Edit Vendor send: the spec's name and phone with the electronic-claims fields. */
export type VendorBody = VendorCreateBody & VendorClaimFields;

export const VENDOR_FORM_FIELDS = [
  'name',
  'phone',
  'payer_id',
  'claim_filing_indicator',
  'address_1',
  'city',
  'state',
  'zip',
] as const satisfies readonly (keyof VendorFormValues)[];

export const emptyVendorValues: VendorFormValues = {
  name: '',
  phone: '',
  payer_id: '',
  claim_filing_indicator: '',
  address_1: '',
  city: '',
  state: '',
  zip: '',
};

export const vendorToFormValues = (vendor: VendorRecord): VendorFormValues => ({
  name: vendor.name,
  phone: vendor.phone,
  payer_id: vendor.payer_id ?? '',
  claim_filing_indicator: vendor.claim_filing_indicator ?? '',
  address_1: vendor.address_1 ?? '',
  city: vendor.city ?? '',
  state: vendor.state ?? '',
  zip: vendor.zip ?? '',
});

export type VendorFormMode = 'create' | 'edit';

const createSchema = vendorCreateSchema.extend(vendorClaimFieldsSchema.shape);
const editSchema = vendorEditSchema.extend(vendorClaimFieldsSchema.shape);

/** Create Vendor and Edit Vendor's form: the shared schema of each screen (the phone message differs). */
export function useVendorForm(mode: VendorFormMode, defaultValues: VendorFormValues) {
  const resolver = schemaResolver<VendorFormValues, VendorBody>(mode === 'create' ? createSchema : editSchema);
  return useForm<VendorFormValues, unknown, VendorBody>({ resolver, defaultValues, mode: 'onChange' });
}
