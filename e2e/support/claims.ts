import type { Page } from '@playwright/test';
import { api, isoDay, shippedOccurrences } from './api.ts';

/** Billing settings a clearinghouse would accept (the demo office's are like them). */
export const SETTINGS = {
  organization_name: 'Prairie Home Medical',
  npi: '1234567893',
  tax_id: '421234567',
  taxonomy_code: '332B00000X',
  address_1: '100 Main St',
  address_2: '',
  city: 'Des Moines',
  state: 'IA',
  zip: '503091234',
  phone: '5155550100',
  submitter_name: 'Prairie Home Medical',
  submitter_id: 'PHM001',
  submitter_contact_name: 'Ada Admin',
  submitter_contact_phone: '5155550101',
  receiver_name: 'Noridian DME',
  receiver_id: 'NORIDIAN',
  production: false,
};

/**
 * Complete billing settings, a Medicare payer, and a patient with a shipped, invoiced occurrence
 * (one product without a HCPCS code), a primary insurance with that payer and a coded diagnosis:
 * and a standard written order for the codes the journeys give it: the scrubber's one problem is
 * the product's code.
 */
export async function billablePatient(
  page: Page,
  lastName: string,
): Promise<{ patientId: number; payer: { id: number; name: string }; occurrenceIds: number[] }> {
  await api(page, 'PUT', '/settings/billing/', SETTINGS);
  const payer = await api<{ id: number; name: string }>(page, 'POST', '/vendors/', {
    name: `Medicare DME ${lastName}`,
    phone: '701-555-0100',
    payer_id: 'DMEJD',
    claim_filing_indicator: 'MB',
  });
  const { patientId, occurrenceIds } = await shippedOccurrences(page, {
    lastName,
    dates: [isoDay(-2)],
    price: '42.50',
  });
  await api(page, 'PATCH', `/patients/${patientId}/`, {
    birthdate: '1948-03-12',
    gender: 'Female',
    address_1: '1420 Grand Ave',
    city: 'Des Moines',
    zip: '50309',
    physician_name: 'Dr. Alan Brooks',
    physician_npi: '1234567893',
  });
  await api(page, 'POST', `/patients/${patientId}/insurances/`, {
    name: '',
    policy_number: '1EG4TE5MK72',
    vendor_id: payer.id,
    priority: 1,
  });
  await api(page, 'POST', `/patients/${patientId}/diagnostics/`, { text: 'COPD', code: 'J44.9' });
  // Medicare pays only with a standard written order on file (issue 34): one for the codes the journeys bill.
  await api(page, 'POST', `/patients/${patientId}/documents/`, {
    type: 'standard_written_order',
    date: isoDay(-30),
    practitioner_name: 'Dr. Alan Brooks',
    practitioner_npi: '1234567893',
    items: [
      { hcpcs: 'E0570', quantity: 1 },
      { hcpcs: 'E0601', quantity: 1 },
    ],
    length_of_need_months: 99,
  });
  return { patientId, payer, occurrenceIds };
}
