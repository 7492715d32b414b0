import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  batchFileName,
  canPrintTicket,
  canReprint,
  canToggleShipped,
  isAvailableForBatch,
  largeBatchReviewText,
  reprintRefusal,
  SHIPPING_MESSAGES,
  ticketFileName,
  ticketPrintRefusal,
  type ShippingState,
} from './rules.ts';

const base: ShippingState = {
  ticket_created: null,
  eligibility_toggle: true,
  customer_approved: false,
  shipped: false,
  shipped_date: null,
  call_before_delivery: false,
};

const stateArb = fc.record({
  ticket_created: fc.option(fc.constant('2026-05-01T10:00:00.000Z'), { nil: null }),
  eligibility_toggle: fc.boolean(),
  customer_approved: fc.boolean(),
  shipped: fc.boolean(),
  shipped_date: fc.option(fc.constant('2026-05-02'), { nil: null }),
  call_before_delivery: fc.boolean(),
  printed: fc.boolean(),
});

describe('printing the first ticket', () => {
  it('is allowed with no ticket and eligibility on, approval not needed without call before delivery', () => {
    expect(ticketPrintRefusal(base)).toBeNull();
    expect(canPrintTicket(base)).toBe(true);
  });

  it('is refused once a ticket exists', () => {
    expect(ticketPrintRefusal({ ...base, ticket_created: '2026-05-01T10:00:00Z' })).toBe(
      SHIPPING_MESSAGES.ticketExists,
    );
  });

  it('is refused while eligibility is off', () => {
    expect(ticketPrintRefusal({ ...base, eligibility_toggle: false })).toBe(SHIPPING_MESSAGES.eligibilityOff);
  });

  it('waits for the approval of a call-before-delivery patient', () => {
    const cbd = { ...base, call_before_delivery: true };
    expect(ticketPrintRefusal(cbd)).toBe(SHIPPING_MESSAGES.notApproved);
    expect(ticketPrintRefusal({ ...cbd, customer_approved: true })).toBeNull();
  });

  it('holds exactly the three conditions (property)', () => {
    fc.assert(
      fc.property(stateArb, (o) => {
        const expected =
          o.ticket_created === null && o.eligibility_toggle && (!o.call_before_delivery || o.customer_approved);
        expect(canPrintTicket(o)).toBe(expected);
      }),
    );
  });
});

describe('reprint and the Shipped switch', () => {
  it('reprints only with a ticket and nothing shipped', () => {
    expect(reprintRefusal(base)).toBe(SHIPPING_MESSAGES.noTicket);
    const ticketed = { ...base, ticket_created: '2026-05-01T10:00:00Z' };
    expect(canReprint(ticketed)).toBe(true);
    expect(reprintRefusal({ ...ticketed, shipped: true, shipped_date: '2026-05-02' })).toBe(
      SHIPPING_MESSAGES.alreadyShipped,
    );
    expect(canReprint({ ...ticketed, shipped_date: '2026-05-02' })).toBe(false);
  });

  it('enables the Shipped switch only with a ticket', () => {
    expect(canToggleShipped(base)).toBe(false);
    expect(canToggleShipped({ ticket_created: '2026-05-01T10:00:00Z' })).toBe(true);
  });
});

describe('batch availability', () => {
  it('is a printable first ticket, not yet in a batch, not shipped (property)', () => {
    fc.assert(
      fc.property(stateArb, (o) => {
        expect(isAvailableForBatch(o)).toBe(canPrintTicket(o) && !o.printed && !o.shipped);
        // Something available for a batch can always be printed on its own too.
        if (isAvailableForBatch(o)) expect(canPrintTicket(o)).toBe(true);
      }),
    );
  });
});

describe('file names and texts', () => {
  it('names tickets and batches as the spec does', () => {
    expect(ticketFileName(42)).toBe('shipping-status-42.pdf');
    expect(batchFileName('2026-05-01', '2026-05-07')).toBe('shipping-status-2026-05-01-2026-05-07.pdf');
  });

  it('keeps the notifications exactly as the spec writes them', () => {
    expect(SHIPPING_MESSAGES.shipped).toBe('Shipped successfully ');
    expect(SHIPPING_MESSAGES.shippedFailed).toBe('Shipped failed ');
    expect(SHIPPING_MESSAGES.downloadError).toBe('Download error');
    expect(largeBatchReviewText(120)).toBe('Review the Large Batch Print screen in about 120 seconds.');
    expect(largeBatchReviewText(1)).toBe('Review the Large Batch Print screen in about 1 second.');
  });
});
