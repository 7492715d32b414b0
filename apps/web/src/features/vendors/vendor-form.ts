import { useForm } from 'react-hook-form';
import {
  DOCUMENT_HCPCS_MAX,
  vendorClaimFieldsSchema,
  vendorCreateSchema,
  vendorEditSchema,
  vendorPricingIssue,
  type Vendor,
  type VendorPricing,
  type VendorClaimFields,
  type VendorClaimFieldsOut,
  type VendorCreateBody,
} from '@dme/shared';
import { listTypedAsText, schemaResolver } from '@/lib/form-resolver.ts';

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
  /** How the payer prices: Medicare's fee schedule, a percent of it, or its own price list. */
  pricing: VendorPricing;
  /** The percent of Medicare as typed ("80"), '' when none. */
  pricing_percent: string;
  /** The HCPCS codes the payer authorizes in advance, as typed ("K0856, E0193"). */
  prior_auth_hcpcs: string;
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
  'pricing',
  'pricing_percent',
  'prior_auth_hcpcs',
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
  pricing: 'medicare',
  pricing_percent: '',
  prior_auth_hcpcs: '',
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
  pricing: vendor.pricing ?? 'medicare',
  pricing_percent:
    vendor.pricing_percent === null || vendor.pricing_percent === undefined ? '' : String(vendor.pricing_percent),
  // A vendor answered before issue 34 has no list.
  prior_auth_hcpcs: (vendor.prior_auth_hcpcs ?? []).join(', '),
});

export type VendorFormMode = 'create' | 'edit';

/** The percent is required with percent_of_medicare: the server's rule, checked as the clerk types. */
const withPricingRule = <S extends typeof vendorCreateSchema | typeof vendorEditSchema>(schema: S) =>
  schema.extend(vendorClaimFieldsSchema.shape).superRefine((body, ctx) => {
    const issue = vendorPricingIssue(body.pricing ?? 'medicare', body.pricing_percent ?? null);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['pricing_percent'] });
  });

const createSchema = withPricingRule(vendorCreateSchema);
const editSchema = withPricingRule(vendorEditSchema);

/** Create Vendor and Edit Vendor's form: the shared schema of each screen (the phone message differs). */
export function useVendorForm(mode: VendorFormMode, defaultValues: VendorFormValues) {
  const resolver = schemaResolver<VendorFormValues, VendorBody>(
    mode === 'create' ? createSchema : editSchema,
    undefined,
    listTypedAsText('prior_auth_hcpcs', DOCUMENT_HCPCS_MAX),
  );
  return useForm<VendorFormValues, unknown, VendorBody>({ resolver, defaultValues, mode: 'onChange' });
}
