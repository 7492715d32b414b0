// The invoice factories serve other areas' tests too (a remittance line is matched to a service).
export { makeInvoice, makeService } from '@/test/factories.ts';
