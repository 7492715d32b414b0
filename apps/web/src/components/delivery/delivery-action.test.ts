import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES as M } from '@dme/shared';
import { deliveryAction } from './delivery-action.ts';

const ticketed = { ticket_created: '2026-05-01T15:00:00.000Z', shipped: false, holds: [], delivery_document_id: null };

describe('deliveryAction', () => {
  it('records a delivery of a printed ticket that is not shipped nor held, then views its proof', () => {
    expect(deliveryAction(ticketed)).toEqual({ kind: 'record', allowed: true, reason: 'Record delivery' });
    expect(deliveryAction({ ...ticketed, shipped: true, delivery_document_id: 9 })).toEqual({
      kind: 'view',
      allowed: true,
      reason: 'View proof of delivery',
    });
  });

  it('says why a delivery cannot be recorded', () => {
    expect(deliveryAction({ ...ticketed, ticket_created: null }).reason).toBe(M.noTicket);
    expect(deliveryAction({ ...ticketed, shipped: true }).reason).toBe(M.alreadyDelivered);
    const held = deliveryAction({ ...ticketed, holds: ['No standard written order for E0601', 'No face-to-face'] });
    expect(held).toEqual({
      kind: 'record',
      allowed: false,
      reason: 'On hold: No standard written order for E0601; No face-to-face',
    });
  });
});
