import { DELIVERY_RELATIONSHIP_LABELS, LIFETIME_MONTHS, type PatientDocument } from '@dme/shared';

/** "12 months", "1 month" or "Lifetime" (99 months, as CMS writes a lifetime need). */
export function lengthOfNeedText(months: number | null): string {
  if (months === null) return '';
  if (months >= LIFETIME_MONTHS) return 'Lifetime';
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** An order's items as "E0601 ×1, A7030 ×2". */
export const itemsText = (items: PatientDocument['items']) =>
  items.map((item) => `${item.hcpcs} ×${item.quantity}`).join(', ');

/**
 * What the Documents tab says of a document, by type: an order's practitioner, items and length
 * of need; an authorization's payer, number, codes and units used; an encounter's practitioner;
 * a proof's recipient, or the uploaded file.
 */
export function documentDetails(document: PatientDocument): string[] {
  switch (document.type) {
    case 'standard_written_order':
      return [
        document.practitioner_name,
        itemsText(document.items),
        lengthOfNeedText(document.length_of_need_months),
      ].filter(Boolean);
    case 'prior_authorization':
      return [
        [document.vendor_name, document.number ? `#${document.number}` : ''].filter(Boolean).join(' '),
        document.hcpcs.join(', '),
        document.units === null ? '' : `${document.units_used} of ${document.units} units used`,
      ].filter(Boolean);
    case 'face_to_face':
      return [document.practitioner_name].filter(Boolean);
    case 'proof_of_delivery': {
      const { delivery } = document;
      if (delivery) {
        return [`${delivery.recipient_name} (${DELIVERY_RELATIONSHIP_LABELS[delivery.relationship]})`];
      }
      return [document.attachment_name ?? ''].filter(Boolean);
    }
  }
}
