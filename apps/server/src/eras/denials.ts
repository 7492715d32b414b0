import { sql } from 'kysely';
import {
  sumAmounts,
  toMicro,
  type ClaimCreateResult,
  type WriteOffBody,
  type DenialQuery,
  type DenialRow,
  type Page,
} from '@dme/shared';
import type { Db, Executor, Trx } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound, validation } from '../lib/errors.ts';
import type { Adjustment } from '../lib/x12/remittance-file.ts';
import { adjustmentsOut, remarksOut } from '../lib/remittance-lines.ts';

/**
 * Denials: what payers refused, waiting for a person. Each is resubmitted (a replacement
 * claim), written off (the existing write-off of its service's balance), or appealed with a note.
 */

/**
 * What a denial's actions borrow from other areas (a replacement claim, the write-off), handed
 * in by app.ts: areas do not import each other.
 */
export interface DenialActions {
  replaceClaim(db: Db, userId: number, claimId: number): Promise<ClaimCreateResult['created'][number]>;
  writeOff(trx: Trx, userId: number, body: WriteOffBody): Promise<unknown>;
}

export const DENIAL_MESSAGES = {
  notOpen: (status: string) => `This denial is ${status.replace('_', ' ')}: only an open or appealed denial can change`,
  noClaim: 'This denial has no claim to resubmit: bill the invoice from Ready to Bill',
  nothingToWriteOff: 'The service owes nothing: there is nothing to write off',
  noService: 'The whole claim was denied: write off its lines from the invoice',
} as const;

function denialRows(db: Executor) {
  return db
    .selectFrom('denials as d')
    .innerJoin('patients as p', 'p.id', 'd.patient_id')
    .innerJoin('vendors as v', 'v.id', 'd.vendor_id')
    .leftJoin('claims as c', 'c.id', 'd.claim_id')
    .select([
      'd.id',
      'd.era_id',
      'd.claim_id',
      'c.claim_number',
      'd.invoice_id',
      'd.service_id',
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'v.id as vendor_id',
      'v.name as vendor_name',
      'd.service_date',
      'd.hcpcs',
      'd.amount',
      'd.adjustments',
      'd.remarks',
      'd.status',
      'd.note',
      sql<number>`(current_date - d.created_at::date)`.as('age_days'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof denialRows>['execute']>>[number];

function toRow(r: Row): DenialRow {
  return {
    id: r.id,
    era_id: r.era_id,
    claim_id: r.claim_id,
    claim_number: r.claim_number ?? '',
    invoice_id: r.invoice_id,
    service_id: r.service_id,
    patient: { id: r.patient_id, first_name: r.first_name, last_name: r.last_name },
    payer: { id: r.vendor_id, name: r.vendor_name },
    service_date: r.service_date,
    hcpcs: r.hcpcs,
    amount: Number(r.amount),
    adjustments: adjustmentsOut(r.adjustments as Adjustment[]),
    remarks: remarksOut(r.remarks as string[]),
    age_days: Number(r.age_days),
    status: r.status,
    note: r.note,
  };
}

/** GET /denials/: oldest first (the longest waiting), filtered by payer, reason, age and status. */
export async function listDenials(db: Executor, query: DenialQuery): Promise<Page<DenialRow>> {
  const filtered = () => {
    let q = db.selectFrom('denials as d');
    if (query.status !== 'all') q = q.where('d.status', '=', query.status);
    if (query.payer !== undefined) q = q.where('d.vendor_id', '=', query.payer);
    if (query.reason) q = q.where(sql<boolean>`d.reasons @> ARRAY[${query.reason.toUpperCase()}]::text[]`);
    if (query.min_age !== undefined)
      q = q.where(sql<boolean>`d.created_at < now() - make_interval(days => ${query.min_age})`);
    if (query.max_age !== undefined)
      q = q.where(sql<boolean>`d.created_at >= date_trunc('day', now()) - make_interval(days => ${query.max_age})`);
    return q;
  };
  const ids = filtered().select('d.id');
  const [{ count }, rows] = await Promise.all([
    filtered()
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
    denialRows(db)
      .where('d.id', 'in', ids)
      .orderBy('d.created_at')
      .orderBy('d.id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return { results: rows.map(toRow), count, page_size: query.page_size, current: query.page };
}

export async function getDenial(db: Executor, id: number): Promise<DenialRow> {
  const row = await denialRows(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toRow(row);
}

/** Locks a denial that a person may still act on. */
async function lockOpen(db: Executor, id: number) {
  const denial = await db.selectFrom('denials').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!denial) throw notFound();
  if (denial.status !== 'open' && denial.status !== 'appealed')
    throw validation({ denial: [DENIAL_MESSAGES.notOpen(denial.status)] });
  return denial;
}

async function setStatus(db: Executor, userId: number, id: number, status: DenialRow['status'], note?: string) {
  const after = await db
    .updateTable('denials')
    .set({ status, ...(note !== undefined && { note }), user_id: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(db, { userId, action: 'update', entity: 'denial', entityId: id, after: { status, note: after.note } });
}

export async function appealDenial(db: Db, userId: number, id: number, note: string): Promise<DenialRow> {
  return db.transaction().execute(async (trx) => {
    await lockOpen(trx, id);
    await setStatus(trx, userId, id, 'appealed', note);
    return getDenial(trx, id);
  });
}

/**
 * Fix and resubmit: a replacement claim (frequency 7, REF*F8 the payer's claim control number)
 * from the invoice as it stands now. Every open denial of that claim is resubmitted with it.
 */
export async function resubmitDenial(
  db: Db,
  actions: DenialActions,
  userId: number,
  id: number,
): Promise<ClaimCreateResult['created'][number]> {
  const denial = await db.selectFrom('denials').select(['claim_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!denial) throw notFound();
  if (denial.status !== 'open' && denial.status !== 'appealed')
    throw validation({ denial: [DENIAL_MESSAGES.notOpen(denial.status)] });
  if (denial.claim_id === null) throw validation({ denial: [DENIAL_MESSAGES.noClaim] });
  const created = await actions.replaceClaim(db, userId, denial.claim_id);
  await db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('denials')
      .select('id')
      .where('claim_id', '=', denial.claim_id)
      .where('status', 'in', ['open', 'appealed'])
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const d of open)
      await setStatus(trx, userId, d.id, 'resubmitted', `Resubmitted as claim ${created.claim_number}`);
  });
  return created;
}

/** Write off: the denied service's balance goes to its write-off, through the existing write-off. */
export async function writeOffDenial(db: Db, actions: DenialActions, userId: number, id: number): Promise<DenialRow> {
  return db.transaction().execute(async (trx) => {
    const denial = await lockOpen(trx, id);
    if (denial.service_id === null) throw validation({ denial: [DENIAL_MESSAGES.noService] });
    const service = await trx
      .selectFrom('services')
      .select(['outstanding', 'write_off', 'amount_ajusted'])
      .where('id', '=', denial.service_id)
      .executeTakeFirstOrThrow();
    if (toMicro(service.outstanding ?? 0) <= 0n) throw validation({ denial: [DENIAL_MESSAGES.nothingToWriteOff] });
    await actions.writeOff(trx, userId, {
      services: [
        {
          id: denial.service_id,
          outstanding: '0',
          amount_ajusted: service.amount_ajusted,
          write_off: sumAmounts([service.write_off, service.outstanding ?? 0]),
        },
      ],
    });
    await setStatus(trx, userId, id, 'written_off');
    return getDenial(trx, id);
  });
}
