import { sql } from 'kysely';
import type { CallOccurrence, CallService, OperationsExpiration } from '@dme/shared';
import { occurrenceTotal, sumDecimals } from '@dme/shared';
import { notFound } from '../lib/errors.ts';
import { serviceQuery, toService } from '../lib/order-views.ts';
import type { Executor } from '../db/database.ts';
import { PATIENT_CONTACTS, PATIENT_INSURANCES } from '../lib/patient-json.ts';
import { holdsOfOccurrence } from '../lib/holds.ts';

/**
 * The call/eligibility occurrence of the call detail (GET /call-customers/{id} and GET
 * /call-patient-eligibility/{id}/): the occurrence, its services (with the variant for the
 * Variant column), the patient's insurances, the order with its office and patient notes and
 * expirations, and the patient's general notes and contacts. `whenFound` (the read's audit row)
 * runs once the occurrence is known to exist, while its services may still be read.
 */
export async function callOccurrence(
  db: Executor,
  id: number,
  whenFound?: (occurrence: { patientId: number; date: string }) => Promise<void>,
): Promise<CallOccurrence> {
  const rowRead = db
    .selectFrom('ocurrences as oc')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .leftJoin('usa_states as st', 'st.id', 'p.state_id')
    .select([
      'oc.id',
      'oc.date',
      'oc.eligibility_toggle',
      'oc.customer_approved',
      'oc.shipped',
      'oc.po_number',
      'o.id as order_id',
      'o.name as order_name',
      'o.user_creator_id',
      'o.office_notes',
      'o.patient_notes',
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'p.notes',
      'p.birthdate',
      'p.call_before_delivery',
      'p.facility',
      'p.phone',
      'p.mobile',
      'p.state_id',
      'st.name as state_name',
      'st.abbreviation as state_abbreviation',
      PATIENT_CONTACTS.as('contacts'),
      PATIENT_INSURANCES.as('insurances'),
      sql<OperationsExpiration[]>`(SELECT coalesce(json_agg(json_build_object('id', e.id, 'order_id', e.order_id,
          'date', e.date, 'note', e.note, 'yellow', e.yellow, 'yellow_date', e.yellow_date, 'waiver', e.waiver,
          'solved', e.solved, 'red_solved_date', e.red_solved_date, 'yellow_solved_date', e.yellow_solved_date)
          ORDER BY e.date, e.id), '[]'::json)
        FROM expirations e WHERE e.order_id = o.id)`.as('expirations'),
    ])
    .where('oc.id', '=', id)
    .executeTakeFirst();
  const servicesRead = serviceQuery(db)
    .leftJoin('price_variants as v', 'v.id', 's.variant_id')
    .select(['v.id as v_id', 'v.price_variant as v_name', 'v.unit_measure as v_unit'])
    .where('s.ocurrence_id', '=', id)
    .orderBy('s.id')
    .execute();
  // The occurrence with its order, patient and children, its services and its holds, side by side.
  const [row, serviceRows, holds] = await Promise.all([
    rowRead.then(async (found) => {
      if (found) await whenFound?.({ patientId: found.patient_id, date: found.date });
      return found;
    }),
    servicesRead,
    holdsOfOccurrence(db, id),
  ]);
  if (!row || !holds) throw notFound();

  const services: CallService[] = serviceRows.map(({ v_id, v_name, v_unit, ...r }) => {
    const { locked_price: _locked, ...s } = toService(r);
    return {
      ...s,
      variant:
        v_id !== null && v_name !== null ? { id: v_id, price_variant: v_name, unit_measure: v_unit ?? '' } : null,
    };
  });
  const patientInsurances = row.insurances;
  return {
    ...holds,
    id: row.id,
    date: row.date,
    eligibility_toggle: row.eligibility_toggle,
    customer_approved: row.customer_approved,
    shipped: row.shipped,
    po_number: row.po_number,
    insurances: patientInsurances,
    services,
    total: Number(occurrenceTotal(services.map((s) => ({ ...s, quantity: s.amount_remmited })))),
    tax: Number(sumDecimals(services.map((s) => s.tax_amount))),
    order: {
      id: row.order_id,
      name: row.order_name,
      patient_id: row.patient_id,
      patient: {
        id: row.patient_id,
        patient_id: row.patient_id,
        first_name: row.first_name,
        last_name: row.last_name,
        notes: row.notes,
        birthdate: row.birthdate,
        call_before_delivery: row.call_before_delivery,
        facility: row.facility,
        phone: row.phone,
        mobile: row.mobile,
        state:
          row.state_id !== null && row.state_name !== null
            ? { id: row.state_id, name: row.state_name, abbreviation: row.state_abbreviation ?? '' }
            : null,
        insurances: patientInsurances,
        contact_person: row.contacts,
      },
      user_creator_id: row.user_creator_id,
      office_notes: row.office_notes,
      patient_notes: row.patient_notes,
      expirations: row.expirations,
    },
  };
}
