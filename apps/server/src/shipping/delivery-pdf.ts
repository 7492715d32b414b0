import { buffer } from 'node:stream/consumers';
import { DELIVERY_RELATIONSHIP_LABELS, type DeliveryRelationship } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { auditRead } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import { INK, MUTED, RULE } from '../lib/pdf/paged-document.ts';
import type { Storage } from '../plugins/storage.ts';
import { officeDateTime } from './delivery-time.ts';
import { renderTicket, type TicketFoot, type TicketPdfOptions } from './pdf.ts';
import { ticketOf } from './tickets.ts';

/** What a signed proof of delivery shows under its ticket. */
export interface Proof {
  recipient: string;
  relationship: DeliveryRelationship;
  /** As the office's clock showed it: "11/27/2026 10:30 AM". */
  deliveredAt: string;
  address: string;
  /** The drawn signature (a PNG checked when it was received). */
  signature: Buffer;
  recordedBy: string;
}

const BOLD = 'Helvetica-Bold';
/** The box the signature is fitted in, at the right of the block. */
const SIGNATURE_BOX = { width: 250, height: 90 };

/** The proof of delivery block: who received it, when and where, the signature, who recorded it. */
export function proofFoot(proof: Proof): TicketFoot {
  return {
    height: 124,
    draw(pdf, top) {
      const { doc, left } = pdf;
      const textWidth = pdf.contentWidth - SIGNATURE_BOX.width - 20;
      const boxX = pdf.right - SIGNATURE_BOX.width;
      const boxY = top + 16;
      pdf.textLine('Proof of delivery', left, top, { font: BOLD, size: 11 });
      const relationship = DELIVERY_RELATIONSHIP_LABELS[proof.relationship] ?? proof.relationship;
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(`Received by ${proof.recipient} (${relationship})`, left, boxY, {
          width: textWidth,
          height: 26,
          ellipsis: true,
        });
      doc.text(`Delivered ${proof.deliveredAt} at ${proof.address}`, left, doc.y + 4, {
        width: textWidth,
        height: 52,
        ellipsis: true,
      });
      pdf.textLine(`Recorded by ${proof.recordedBy}`, left, boxY + SIGNATURE_BOX.height - 10, {
        size: 9,
        color: MUTED,
        width: textWidth,
      });
      doc.rect(boxX, boxY, SIGNATURE_BOX.width, SIGNATURE_BOX.height).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.image(proof.signature, boxX + 4, boxY + 4, {
        fit: [SIGNATURE_BOX.width - 8, SIGNATURE_BOX.height - 8],
        align: 'center',
        valign: 'center',
      });
      pdf.textLine('Signature', boxX, boxY + SIGNATURE_BOX.height + 4, { size: 8, color: MUTED });
    },
  };
}

/**
 * GET /ocurrences/{id}/delivery/proof/: the occurrence's ticket with the recorded delivery and its
 * signature; 404 when no delivery was recorded. The read is audited once the PDF exists.
 */
export async function proofPdf(
  db: Executor,
  storage: Storage,
  opts: TicketPdfOptions & { timeZone: string },
  userId: number,
  id: number,
): Promise<Buffer> {
  const row = await db
    .selectFrom('documents as d')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.date', 'd.recipient_name', 'd.relationship', 'd.delivered_at', 'd.address', 'd.signature_key'])
    .select((eb) => eb.fn.coalesce('u.username', eb.val('')).as('username'))
    .where('d.ocurrence_id', '=', id)
    .where('d.delivered_at', 'is not', null)
    .executeTakeFirst();
  if (!row || !row.delivered_at) throw notFound();
  const ticket = await ticketOf(db, id);
  if (!ticket) throw notFound();
  if (!row.signature_key || !(await storage.exists(row.signature_key))) {
    throw notFound('The signature is no longer stored.');
  }
  const signature = await buffer(storage.read(row.signature_key));
  const pdf = await renderTicket(ticket, {
    ...opts,
    printedAt: new Date(),
    title: `Proof of delivery ${id}`,
    foot: proofFoot({
      recipient: row.recipient_name,
      relationship: row.relationship as DeliveryRelationship,
      deliveredAt: officeDateTime(row.delivered_at, opts.timeZone),
      address: row.address,
      signature,
      recordedBy: row.username,
    }),
  });
  await auditRead(db, {
    userId,
    entity: 'proof_of_delivery',
    entityId: id,
    patientId: ticket.patient.id,
    details: { date: row.date },
  });
  return pdf;
}
