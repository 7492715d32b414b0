import { DOCUMENT_MESSAGES } from '@dme/shared';

/** What the delivery actions read of an occurrence (a Shipping Status row, an Orders tab occurrence). */
export interface DeliveryState {
  ticket_created: string | null;
  shipped: boolean;
  holds: string[];
  delivery_document_id: number | null;
}

export interface DeliveryAction {
  /** "record" until a delivery is recorded, then "view" (its proof). */
  kind: 'record' | 'view';
  allowed: boolean;
  /** The button's tooltip: what it does, or why it is disabled. */
  reason: string;
}

/**
 * Record delivery needs a printed ticket, an occurrence not shipped and nothing holding it (the
 * server checks the same); once a delivery is recorded its proof can be viewed at any time.
 */
export function deliveryAction(o: DeliveryState): DeliveryAction {
  if (o.delivery_document_id !== null) return { kind: 'view', allowed: true, reason: 'View proof of delivery' };
  if (o.shipped) return { kind: 'record', allowed: false, reason: DOCUMENT_MESSAGES.alreadyDelivered };
  if (o.ticket_created === null) return { kind: 'record', allowed: false, reason: DOCUMENT_MESSAGES.noTicket };
  if (o.holds.length > 0) return { kind: 'record', allowed: false, reason: `On hold: ${o.holds.join('; ')}` };
  return { kind: 'record', allowed: true, reason: 'Record delivery' };
}
