/**
 * The root of the invoices area's query keys: the claims area refetches an invoice (its claim
 * and status) after it creates claims, sends a batch or reads an acknowledgement.
 */
export const INVOICES_KEY = ['invoices'] as const;
