import { describe, expect, it } from 'vitest';
import { patientActivitySchema, type PatientActivity } from './responses.ts';
import { activitySentence, actorName, readableValue } from './activity.ts';

const garcia = { id: 2, username: 'mgarcia', full_name: 'Maria Garcia' };
const wilson = { id: 3, username: 'jwilson', full_name: 'James Wilson' };
const admin = { id: 1, username: 'admin', full_name: 'Ada Admin' };

let nextId = 1;
function entry(overrides: Partial<PatientActivity>): PatientActivity {
  // Every fixture is a valid answer of the contract.
  return patientActivitySchema.parse({
    id: nextId++,
    at: '2026-03-04T15:07:00Z',
    action: 'read',
    entity: 'patient',
    entity_id: '7',
    user: garcia,
    changes: [],
    details: {},
    ...overrides,
  });
}

describe('activitySentence', () => {
  it('says who viewed the record, its orders and its attachments', () => {
    expect(activitySentence(entry({}))).toBe('M. Garcia viewed the record');
    expect(activitySentence(entry({ entity: 'orders' }))).toBe('M. Garcia viewed the orders');
    expect(activitySentence(entry({ entity: 'patient_attachment', details: { name: 'rx.pdf' } }))).toBe(
      'M. Garcia opened attachment rx.pdf',
    );
    expect(activitySentence(entry({ entity: 'patient_attachment' }))).toBe('M. Garcia opened attachment');
  });

  it('says which detail screen was viewed, by its number or its occurrence', () => {
    const read = (entity: string, entity_id: string, details: Record<string, string> = {}) =>
      activitySentence(entry({ entity, entity_id, details }));
    expect(read('order', '55')).toBe('M. Garcia viewed order #55');
    expect(read('order_products', '55')).toBe('M. Garcia viewed products of order #55');
    expect(read('invoice', '123')).toBe('M. Garcia viewed invoice #123');
    const day = { date: '2026-10-02' };
    expect(read('call_detail', '4567', day)).toBe('M. Garcia viewed call detail for occurrence 4567 (10/02/2026)');
    expect(read('call_notes', '4567', day)).toBe('M. Garcia viewed call notes for occurrence 4567 (10/02/2026)');
    expect(read('remittance', '4567', day)).toBe('M. Garcia viewed remittance for occurrence 4567 (10/02/2026)');
    expect(read('occurrence_payments', '4567', day)).toBe('M. Garcia viewed payments for occurrence 4567 (10/02/2026)');
    // A row without its date still names the occurrence.
    expect(read('remittance', '4567')).toBe('M. Garcia viewed remittance for occurrence 4567');
  });

  it('says which document was printed or downloaded, and how many patients a batch holds', () => {
    const read = (entity: string, entity_id: string, details: Record<string, string> = {}) =>
      activitySentence(entry({ entity, entity_id, details }));
    expect(read('invoice_pdf', '123')).toBe('M. Garcia printed invoice #123');
    expect(read('delivery_ticket', '4567', { date: '2026-10-02' })).toBe(
      'M. Garcia printed delivery ticket for occurrence 4567 (10/02/2026)',
    );
    expect(read('delivery_ticket', '4567', { date: '2026-10-02', reprint: 'true' })).toBe(
      'M. Garcia reprinted delivery ticket for occurrence 4567 (10/02/2026)',
    );
    expect(read('proof_of_delivery', '4567', { date: '2026-10-02' })).toBe(
      'M. Garcia viewed proof of delivery for occurrence 4567 (10/02/2026)',
    );
    expect(read('shipping_batch', '12', { patients: '12' })).toBe('M. Garcia printed shipping batch #12 (12 patients)');
    expect(read('large_batch', '9', { patients: '1' })).toBe('M. Garcia downloaded large batch #9 (1 patient)');
    expect(
      read('expirations_pdf', '2026-10-01/2026-10-31', {
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        patients: '40',
      }),
    ).toBe('M. Garcia printed expirations 10/01/2026 to 10/31/2026 (40 patients)');
  });

  it('says what an update changed, from and to', () => {
    expect(
      activitySentence(
        entry({
          action: 'update',
          user: wilson,
          changes: [{ field: 'phone', from: '515-555-0100', to: '515-555-0199' }],
        }),
      ),
    ).toBe('J. Wilson changed phone from 515-555-0100 to 515-555-0199');
    expect(
      activitySentence(
        entry({
          action: 'update',
          user: wilson,
          changes: [
            { field: 'birthdate', from: '1948-03-12', to: '1948-03-21' },
            { field: 'email', from: '', to: 'rose@example.com' },
            { field: 'mobile', from: '515-555-0142', to: '' },
            { field: 'call_before_delivery', from: 'false', to: 'true' },
          ],
        }),
      ),
    ).toBe(
      'J. Wilson changed date of birth from 03/12/1948 to 03/21/1948, set email to rose@example.com, ' +
        'cleared secondary phone (was 515-555-0142) and changed contact prior to delivery from no to yes',
    );
    expect(activitySentence(entry({ action: 'update', changes: [] }))).toBe('M. Garcia updated the record');
  });

  it('names the child an entry is about', () => {
    expect(
      activitySentence(
        entry({
          action: 'create',
          user: admin,
          entity: 'insurance',
          changes: [
            { field: 'name', from: '', to: 'Medicare' },
            { field: 'policy_number', from: '', to: '1EG4TE5MK72' },
          ],
        }),
      ),
    ).toBe('A. Admin added insurance Medicare (policy 1EG4TE5MK72)');
    expect(activitySentence(entry({ action: 'create', user: admin, entity: 'patient_insurance' }))).toBe(
      'A. Admin added insurance',
    );
    expect(
      activitySentence(
        entry({
          action: 'update',
          entity: 'patient_insurance',
          changes: [{ field: 'policy_number', from: 'A1', to: 'B2' }],
        }),
      ),
    ).toBe('M. Garcia changed insurance policy number from A1 to B2');
    expect(activitySentence(entry({ action: 'delete', entity: 'patient_tag' }))).toBe('M. Garcia removed tag');
    expect(activitySentence(entry({ action: 'create', entity: 'hcps_modifier' }))).toBe('M. Garcia added modifier');
    expect(activitySentence(entry({ action: 'create', entity: 'patient' }))).toBe('M. Garcia created the record');
    expect(activitySentence(entry({ action: 'delete', entity: 'patient' }))).toBe('M. Garcia deleted the record');
    expect(activitySentence(entry({ action: 'create', entity: 'call_note' }))).toBe('M. Garcia added call note');
  });

  it('names the actor by initial and last name, else the username, else the system', () => {
    expect(actorName(garcia)).toBe('M. Garcia');
    expect(actorName({ id: 4, username: 'ana', full_name: 'Ana María de la Cruz' })).toBe('A. María de la Cruz');
    expect(actorName({ id: 5, username: 'cher', full_name: 'Cher' })).toBe('Cher');
    expect(actorName({ id: 6, username: 'svc', full_name: '  ' })).toBe('svc');
    expect(actorName(null)).toBe('The system');
  });

  it('shows values as a person reads them', () => {
    expect(readableValue('true')).toBe('yes');
    expect(readableValue('2026-01-05')).toBe('01/05/2026');
    const notes = 'Prefers morning deliveries; ring twice and wait, the patient uses a walker at home.';
    expect(readableValue(notes)).toHaveLength(60);
    expect(readableValue(notes).endsWith('…')).toBe(true);
  });
});
