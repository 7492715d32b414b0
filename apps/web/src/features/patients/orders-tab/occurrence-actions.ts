import type { PatientOrder } from '@dme/shared';

export type PatientOccurrence = PatientOrder['ocurrences'][number];

export interface PrintAction {
  /** The spec's rule allows it for this occurrence. */
  allowed: boolean;
  /** Why the button is (still) disabled, shown as its tooltip. */
  reason: string;
}

/** Spec: a shipping ticket only when none has been created and eligibility is on. */
export function shippingTicketAction(o: PatientOccurrence): PrintAction {
  if (o.ticket_created !== null) return { allowed: false, reason: 'The shipping ticket has already been created' };
  if (!o.eligibility_toggle) return { allowed: false, reason: 'Eligibility is not on for this occurrence' };
  return { allowed: true, reason: 'Print shipping ticket' };
}

/** Spec: an invoice only once the occurrence is shipped. */
export function invoiceAction(o: PatientOccurrence): PrintAction {
  if (!o.shipped) return { allowed: false, reason: 'The occurrence is not shipped yet' };
  return { allowed: true, reason: 'Print invoice' };
}
