import { CLAIM_MESSAGES, type AcknowledgementResult } from '@dme/shared';
import { audit } from '../lib/audit.ts';
import { validation } from '../lib/errors.ts';
import type { Db, Trx } from '../db/database.ts';
import { readAcknowledgement } from '../lib/x12/read-ack.ts';

/**
 * Acknowledgements: a 999 accepts or rejects a whole batch (by its transaction control number),
 * a 277CA each claim (by its claim number, CLM01). Claims move from submitted (or accepted, for a
 * 277CA's later rejection) to accepted or rejected, with the reason in plain words; a rejected
 * claim's invoice returns to Ready to Bill. A reference the office never sent is reported back
 * and changes nothing.
 */

/** One verdict of a file: a batch's transaction (999) or one claim (277CA). */
interface Verdict {
  reference: string;
  accepted: boolean;
  reason: string;
  /** The payer's number for the claim, when a 277CA gives one (REF*1K). */
  payerClaimNumber?: string;
}

/** The statuses a verdict may move a claim from. */
const MOVABLE = { accepted: ['submitted'], rejected: ['submitted', 'accepted'] } as const;

export async function applyAcknowledgement(
  db: Db,
  userId: number,
  fileName: string,
  text: string,
): Promise<AcknowledgementResult> {
  let ack: ReturnType<typeof readAcknowledgement>;
  try {
    ack = readAcknowledgement(text);
  } catch (err) {
    const detail = err instanceof Error && err.message ? err.message : CLAIM_MESSAGES.ackUnknownFile;
    throw validation({ file: [detail] });
  }
  const verdicts: Verdict[] =
    ack.kind === '999'
      ? ack.groups.flatMap((g) =>
          // A group answered without its transactions stands for them: its GS06 is the batch's control number too.
          g.transactions.length > 0
            ? g.transactions.map((t) => ({
                reference: t.controlNumber,
                accepted: t.status === 'accepted',
                reason: t.reasons.join('; '),
              }))
            : [{ reference: g.controlNumber, accepted: g.status === 'accepted', reason: g.reasons.join('; ') }],
        )
      : ack.claims.map((c) => ({
          reference: c.claimNumber,
          accepted: c.status === 'accepted',
          reason: c.reason,
          payerClaimNumber: c.payerClaimNumber,
        }));

  return db.transaction().execute(async (trx) => {
    const result: AcknowledgementResult = { id: 0, kind: ack.kind, accepted: [], rejected: [], unknown: [] };
    for (const v of verdicts) {
      const claims =
        ack.kind === '999' ? await claimsOfBatch(trx, v.reference) : await claimsNumbered(trx, v.reference);
      if (claims === null) {
        result.unknown.push(ack.kind === '999' ? `Transaction ${v.reference}` : `Claim ${v.reference}`);
        continue;
      }
      const to = v.accepted ? 'accepted' : 'rejected';
      const movable = claims.filter((c) => (MOVABLE[to] as readonly string[]).includes(c.status));
      const reason = v.accepted
        ? ack.kind === '999'
          ? `Batch accepted (999): ${v.reason || 'no errors'}`
          : `Accepted by the payer's front end (277CA): ${v.reason || 'accepted'}`
        : ack.kind === '999'
          ? `Batch rejected (999): ${v.reason || 'rejected'}`
          : `Rejected by the payer's front end (277CA): ${v.reason || 'rejected'}`;
      if (movable.length > 0) {
        const ids = movable.map((c) => c.id);
        await trx
          .updateTable('claims')
          .set({
            status: to,
            updated_at: new Date(),
            ...(v.payerClaimNumber ? { payer_claim_number: v.payerClaimNumber } : {}),
          })
          .where('id', 'in', ids)
          .execute();
        // A rejected claim's invoice waits in Ready to Bill again.
        if (!v.accepted)
          await trx
            .updateTable('invoices')
            .set({ claim_open: false })
            .where('id', 'in', trx.selectFrom('claims').select('invoice_id').where('id', 'in', ids))
            .execute();
        await trx
          .insertInto('claim_events')
          .values(ids.map((id) => ({ claim_id: id, status: to, reason, user_id: userId })))
          .execute();
      }
      for (const c of movable) {
        if (v.accepted) result.accepted.push({ claim_number: c.claim_number, claim_id: c.id });
        else result.rejected.push({ claim_number: c.claim_number, claim_id: c.id, reason });
      }
      if (ack.kind === '999')
        await trx
          .updateTable('claim_batches')
          .set({ status: to })
          .where('control_number', '=', Number(v.reference))
          .execute();
    }
    const row = await trx
      .insertInto('claim_acknowledgements')
      .values({
        kind: ack.kind,
        file_name: fileName,
        content: text,
        summary: JSON.stringify({ accepted: result.accepted, rejected: result.rejected, unknown: result.unknown }),
        user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    result.id = row.id;
    await audit(trx, {
      userId,
      action: 'create',
      entity: 'claim_acknowledgement',
      entityId: row.id,
      after: {
        kind: ack.kind,
        file_name: fileName,
        accepted: result.accepted.length,
        rejected: result.rejected.length,
      },
    });
    return result;
  });
}

type LockedClaim = { id: number; claim_number: string; status: string };

/** The claims of the batch whose control number the 999 names, locked; null when no batch has it. */
async function claimsOfBatch(trx: Trx, controlNumber: string): Promise<LockedClaim[] | null> {
  if (!/^[0-9]{1,9}$/.test(controlNumber)) return null;
  const batch = await trx
    .selectFrom('claim_batches')
    .select('id')
    .where('control_number', '=', Number(controlNumber))
    .forUpdate()
    .executeTakeFirst();
  if (!batch) return null;
  return trx
    .selectFrom('claims')
    .select(['id', 'claim_number', 'status'])
    .where('batch_id', '=', batch.id)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The claim with that number, locked; null when there is none. */
async function claimsNumbered(trx: Trx, claimNumber: string): Promise<LockedClaim[] | null> {
  const claim = await trx
    .selectFrom('claims')
    .select(['id', 'claim_number', 'status'])
    .where('claim_number', '=', claimNumber)
    .forUpdate()
    .executeTakeFirst();
  return claim ? [claim] : null;
}
