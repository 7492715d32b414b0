import { vendorKeys } from '@/lib/api/vendors.ts';

/** The list's key is the one the remittance check's Vendor select reads too. */
export const vendorsKeys = {
  ...vendorKeys,
  detail: (id: number) => [...vendorKeys.all, 'detail', id] as const,
};
