import { sql } from 'kysely';
import { unique, type TestContext } from './helper.ts';
import { invoiced, type InvoicedFixture } from './billing.ts';

/**
 * Test data of electronic claims: complete billing settings, a payer with its electronic fields,
 * and an invoiced occurrence whose patient has a primary coverage, a coded diagnosis and
 * products with HCPCS codes, written directly to the database. `ready: false` parts leave the
 * named data out, so the scrubber has something to say.
 */

export const BILLING_SETTINGS = {
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
} as const;

export async function completeSettings(t: TestContext): Promise<void> {
  await t.db.updateTable('billing_settings').set(BILLING_SETTINGS).where('id', '=', 1).execute();
}

export async function createPayer(
  t: TestContext,
  fields: { payer_id?: string; claim_filing_indicator?: string; name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = fields.name ?? unique('Payer ');
  const { id } = await t.db
    .insertInto('vendors')
    .values({
      name,
      phone: '515-555-0100',
      payer_id: fields.payer_id ?? 'DMEJD',
      claim_filing_indicator: fields.claim_filing_indicator ?? 'MB',
      address_1: 'PO Box 6727',
      city: 'Fargo',
      state: 'ND',
      zip: '58108',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

export interface ClaimFixture extends InvoicedFixture {
  payer: { id: number; name: string };
  insuranceId: number;
  firstName: string;
}

/**
 * A shipped, invoiced occurrence ready to bill (one line per price, HCPCS E0601, or the given
 * codes). `insured` makes the patient a dependant of another insured person (relationship 19).
 */
export async function readyInvoice(
  t: TestContext,
  opts: {
    prices?: string[];
    date?: string;
    payer?: { id: number; name: string };
    hcpcs?: string;
    modifiers?: string[];
    policyNumber?: string;
    diagnoses?: string[];
    insured?: boolean;
    patient?: Record<string, unknown>;
    /** False leaves out the standard written order a Medicare claim needs (issue 34): the occurrence is held. */
    writtenOrder?: boolean;
  } = {},
): Promise<ClaimFixture> {
  const firstName = 'Rose';
  const fixture = await invoiced(t, {
    prices: opts.prices ?? ['120.00'],
    date: opts.date ?? '2026-03-02',
    patient: {
      first_name: firstName,
      address_1: '1420 Grand Ave',
      zip: '50309',
      gender: 'Female',
      physician_name: 'Dr. Alan Brooks',
      physician_npi: '1234567893',
      ...opts.patient,
    },
  });
  const payer = opts.payer ?? (await createPayer(t));
  const { id: insuranceId } = await t.db
    .insertInto('patient_insurances')
    .values({
      patient_id: fixture.patientId,
      name: payer.name,
      policy_number: opts.policyNumber ?? '1EG4TE5MK72',
      vendor_id: payer.id,
      priority: 1,
      ...(opts.insured
        ? {
            relationship: '19',
            subscriber_first_name: 'Walter',
            subscriber_last_name: 'Parker',
            subscriber_birthdate: '1950-07-04',
            subscriber_gender: 'Male',
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const codes = opts.diagnoses ?? ['J449'];
  if (codes.length > 0)
    await t.db
      .insertInto('patient_diagnoses')
      .values(codes.map((code) => ({ patient_id: fixture.patientId, text: `Diagnosis ${code}`, code })))
      .execute();
  await t.db
    .updateTable('products')
    .set({ hcpcs_code: opts.hcpcs ?? 'E0601', modifiers: opts.modifiers ?? ['NU'] })
    .where('id', 'in', sql<number>`(SELECT product_id FROM services WHERE ocurrence_id = ${fixture.occurrenceId})`)
    .execute();
  if (opts.writtenOrder !== false) {
    const code = opts.hcpcs ?? 'E0601';
    await t.db
      .insertInto('documents')
      .values({
        patient_id: fixture.patientId,
        type: 'standard_written_order',
        date: '2000-01-03',
        practitioner_name: 'Dr. Alan Brooks',
        practitioner_npi: '1234567893',
        items: JSON.stringify([{ hcpcs: code, quantity: 1 }]),
        hcpcs: [code],
        length_of_need_months: 99,
      })
      .execute();
  }
  return { ...fixture, payer, insuranceId, firstName };
}
