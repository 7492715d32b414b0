import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES as M, deliveryBodySchema, signatureBytes } from './schemas.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
const body = {
  recipient_name: 'Jane Doe',
  relationship: 'spouse',
  delivered_at: '2026-11-27T10:30',
  address: '18 Walnut Street, Ames, IA 50010',
  signature: PNG,
};

/** The messages of each field a body fails with. */
function errors(overrides: Record<string, unknown>): Record<string, string[]> {
  const result = deliveryBodySchema.safeParse({ ...body, ...overrides });
  const found: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (found[String(issue.path[0])] ??= []).push(issue.message);
  return found;
}

describe('deliveryBodySchema', () => {
  it('takes a date and time with or without an offset, with a T or a space', () => {
    for (const delivered_at of [
      '2026-11-27T10:30',
      '2026-11-27 10:30',
      '2026-11-27T10:30:00-06:00',
      '2026-11-27T16:30Z',
    ]) {
      expect(deliveryBodySchema.safeParse({ ...body, delivered_at }).success, delivered_at).toBe(true);
    }
  });

  it('says one thing per field', () => {
    expect(errors({ delivered_at: '' })).toEqual({ delivered_at: [M.deliveredAtRequired] });
    expect(errors({ delivered_at: '11/27/2026' })).toEqual({ delivered_at: [M.deliveredAtInvalid] });
    expect(errors({ signature: '' })).toEqual({ signature: [M.signatureRequired] });
    expect(errors({ signature: 'data:image/gif;base64,R0lGOD==' })).toEqual({ signature: [M.signatureInvalid] });
    expect(errors({ recipient_name: ' ', relationship: 'friend', address: '' })).toEqual({
      recipient_name: [M.recipientRequired],
      relationship: [M.relationshipInvalid],
      address: [M.addressRequired],
    });
  });

  it('reads the PNG bytes of a data URL, and nothing else', () => {
    expect(signatureBytes(PNG)?.slice(0, 4)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]));
    expect(signatureBytes('data:image/png;base64,AAAAAAAAAAA=')).toBeNull();
    expect(signatureBytes('data:image/png;base64,not base64')).toBeNull();
  });
});
