import type { CallCustomerRow, CallEligibilityRow, CheckEligibilityRow, DateRange, HoldFields } from '@dme/shared';
import { alertColor } from '@dme/shared';
import type { BaseRow } from './occurrence-lists.ts';

/** The work queues' rows as each screen's answer shows them (operations/occurrence-lists.ts reads them). */

const stateOf = (r: BaseRow) =>
  r.state_id !== null && r.state_name !== null
    ? { id: r.state_id, name: r.state_name, abbreviation: r.state_abbreviation ?? '' }
    : null;

/** The order of a row, with its patient's name and state and what the screen adds to them. */
function orderOf<P extends object>(r: BaseRow, patient: P) {
  return {
    id: r.order_id,
    name: r.order_name,
    patient: { id: r.patient_id, first_name: r.first_name, last_name: r.last_name, state: stateOf(r), ...patient },
  };
}

export function toCallCustomerRow(r: BaseRow): CallCustomerRow {
  return {
    id: r.id,
    date: r.date,
    customer_approved: r.customer_approved,
    eligibility_toggle: r.eligibility_toggle,
    shipped: r.shipped,
    order: orderOf(r, {
      phone: r.phone,
      mobile: r.mobile,
      call_before_delivery: r.call_before_delivery,
      contact_person: r.contacts,
    }),
  };
}

export function toCheckEligibilityRow(r: BaseRow): CheckEligibilityRow {
  return {
    id: r.id,
    date: r.date,
    eligibility_toggle: r.eligibility_toggle,
    order: orderOf(r, { birthdate: r.birthdate, insurances: r.insurances }),
  };
}

export function toCallEligibilityRow(r: BaseRow, range: DateRange | null): Omit<CallEligibilityRow, keyof HoldFields> {
  const alertInput = { has_expirations: r.expirations.length > 0, expirations: r.expirations };
  return {
    id: r.id,
    date: r.date,
    eligibility_toggle: r.eligibility_toggle,
    customer_approved: r.customer_approved,
    shipped: r.shipped,
    order: orderOf(r, {
      birthdate: r.birthdate,
      facility: r.facility,
      call_before_delivery: r.call_before_delivery,
      insurances: r.insurances,
    }),
    ...alertInput,
    alert: alertColor(alertInput, r.date, range),
  };
}
