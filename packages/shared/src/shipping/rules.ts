/**
 * Shipping rules (spec part 3 section 4.4; where it is silent, each rule says what we chose),
 * written once for the server, which enforces them, and the screens, which enable their buttons
 * with them.
 */

/** Texts of the shipping area: the spec's notifications and the server's refusals. */
export const SHIPPING_MESSAGES = {
  // Notifications of the screens (spec part 3 section 8), trailing spaces included.
  shipped: 'Shipped successfully ',
  shippedFailed: 'Shipped failed ',
  downloadError: 'Download error',
  // Refusals answered by the server ({detail}).
  ticketExists: 'A shipping ticket has already been created for this occurrence.',
  eligibilityOff: 'Eligibility is not on for this occurrence.',
  notApproved: 'The patient must approve the delivery before the ticket is printed (call before delivery).',
  noTicket: 'No shipping ticket has been created for this occurrence.',
  alreadyShipped: 'The occurrence is already shipped: the ticket cannot be reprinted.',
  paymentExists: 'The occurrence cannot be unshipped: its invoice already has payments.',
  nothingToPrint: 'There are no occurrences available for print.',
  batchNotReady: 'The batch file is not ready yet.',
  // Why a large batch is being rendered again (or failed): shown on the Large Batch View.
  batchInterrupted: 'The rendering stopped: the process doing it stopped answering.',
  shippedRequired: 'Send shipped or eligibility_toggle.',
  endBeforeStart: 'The start date cannot be after the end date',
} as const;

/** What the rules read of an occurrence (the shipping record carries all of it). */
export interface ShippingState {
  ticket_created: string | null;
  eligibility_toggle: boolean;
  customer_approved: boolean;
  shipped: boolean;
  shipped_date: string | null;
  /** The patient is called before each delivery: the ticket waits for the approval. */
  call_before_delivery: boolean;
}

/**
 * Why the first ticket cannot be printed, or null when it can: no ticket yet, eligibility on,
 * and, for a call-before-delivery patient, the delivery approved.
 */
export function ticketPrintRefusal(o: ShippingState): string | null {
  if (o.ticket_created !== null) return SHIPPING_MESSAGES.ticketExists;
  if (!o.eligibility_toggle) return SHIPPING_MESSAGES.eligibilityOff;
  if (o.call_before_delivery && !o.customer_approved) return SHIPPING_MESSAGES.notApproved;
  return null;
}

export const canPrintTicket = (o: ShippingState): boolean => ticketPrintRefusal(o) === null;

/** A reprint needs a ticket and nothing shipped yet. */
export function reprintRefusal(o: Pick<ShippingState, 'ticket_created' | 'shipped' | 'shipped_date'>): string | null {
  if (o.ticket_created === null) return SHIPPING_MESSAGES.noTicket;
  if (o.shipped || o.shipped_date !== null) return SHIPPING_MESSAGES.alreadyShipped;
  return null;
}

export const canReprint = (o: Pick<ShippingState, 'ticket_created' | 'shipped' | 'shipped_date'>): boolean =>
  reprintRefusal(o) === null;

/** The Shipped switch works only once a ticket exists. */
export function shippedToggleRefusal(o: Pick<ShippingState, 'ticket_created'>): string | null {
  return o.ticket_created === null ? SHIPPING_MESSAGES.noTicket : null;
}

export const canToggleShipped = (o: Pick<ShippingState, 'ticket_created'>): boolean => shippedToggleRefusal(o) === null;

/**
 * What a batch prints: the occurrences (within the filters) whose first ticket could be printed
 * now, not yet in a batch and not shipped. Printing them in a batch stamps their ticket, so no
 * occurrence is ever in two batches.
 */
export function isAvailableForBatch(o: ShippingState & { printed: boolean }): boolean {
  return canPrintTicket(o) && !o.printed && !o.shipped;
}

/** Spec part 3 section 9: the ticket's download name. */
export function ticketFileName(occurrenceId: number): string {
  return `shipping-status-${occurrenceId}.pdf`;
}

/** Spec part 3 section 9: the batch's download name (dates YYYY-MM-DD). */
export function batchFileName(start: string, end: string): string {
  return `shipping-status-${start}-${end}.pdf`;
}

/** Spec 4.4: the large batch dialog's advice, N being the number of records available. */
export function largeBatchReviewText(count: number): string {
  return `Review the Large Batch Print screen in about ${count} ${count === 1 ? 'second' : 'seconds'}.`;
}
