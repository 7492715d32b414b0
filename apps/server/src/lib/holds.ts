import { sql } from 'kysely';
import type { HoldDocument, HoldFields, HoldPayer, RuleDocument } from '@dme/shared';
import { holdItems, holdsOf } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { validation, type AppError } from './errors.ts';

/**
 * Why occurrences are held, in words (the shared rule `holdsOf`), read for a page of them at
 * once: their billable services, their patients' primary payers and documents, what other
 * occurrences billed under each prior authorization, and any release. Six statements whatever the
 * page size. A released occurrence answers no holds and its release.
 */

/** The documents the rules read (every type but proofs of delivery), as RuleDocument. */
export function ruleDocuments(db: Executor, patientIds: number[]) {
  return db
    .selectFrom('documents as d')
    .leftJoin('vendors as v', 'v.id', 'd.vendor_id')
    .select([
      'd.id',
      'd.patient_id',
      'd.type',
      'd.date',
      'd.hcpcs',
      'd.length_of_need_months',
      'd.vendor_id',
      sql<string>`coalesce(v.name, '')`.as('vendor_name'),
      'd.number',
      'd.units',
      'd.start_date',
      'd.end_date',
    ])
    .where('d.patient_id', 'in', patientIds)
    .where('d.type', '<>', 'proof_of_delivery')
    .orderBy('d.id')
    .execute();
}

/** Per prior authorization, the units billed under it by each occurrence (shipped, billable, its codes, its dates). */
export async function authorizationUsage(db: Executor, ids: number[]): Promise<Map<number, Map<number, number>>> {
  const usage = new Map<number, Map<number, number>>();
  if (ids.length === 0) return usage;
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('ocurrences as uo', (j) =>
      j.onRef('uo.patient_id', '=', 'd.patient_id').on(sql<boolean>`uo.date BETWEEN d.start_date AND d.end_date`),
    )
    .innerJoin('services as us', 'us.ocurrence_id', 'uo.id')
    .innerJoin('products as up', 'up.id', 'us.product_id')
    .select(['d.id', 'uo.id as ocurrence_id', sql<number>`sum(us.quantity)::int`.as('units')])
    .where('d.id', 'in', ids)
    .where('us.shipped', '=', true)
    .where('us.billable', '=', true)
    .where(sql<boolean>`up.hcpcs_code = ANY (d.hcpcs)`)
    .groupBy(['d.id', 'uo.id'])
    .execute();
  for (const r of rows) {
    const byOccurrence = usage.get(r.id) ?? new Map<number, number>();
    byOccurrence.set(r.ocurrence_id, r.units);
    usage.set(r.id, byOccurrence);
  }
  return usage;
}

/** Units billed under an authorization, leaving out one occurrence's own. */
export function unitsUsed(usage: Map<number, Map<number, number>>, documentId: number, except?: number): number {
  let units = 0;
  for (const [occurrenceId, n] of usage.get(documentId) ?? []) if (occurrenceId !== except) units += n;
  return units;
}

/** Each patient's primary payer (the coverage of priority 1 with a payer), as the rules read it. */
async function primaryPayers(db: Executor, patientIds: number[]): Promise<Map<number, HoldPayer>> {
  const rows = await db
    .selectFrom('patient_insurances as pi')
    .innerJoin('vendors as v', 'v.id', 'pi.vendor_id')
    .select(['pi.patient_id', 'v.id', 'v.name', 'v.claim_filing_indicator', 'v.prior_auth_hcpcs'])
    .where('pi.patient_id', 'in', patientIds)
    .where('pi.priority', '=', 1)
    .execute();
  return new Map(
    rows.map((r) => [
      r.patient_id,
      { id: r.id, name: r.name, medicare: r.claim_filing_indicator === 'MB', prior_auth_hcpcs: r.prior_auth_hcpcs },
    ]),
  );
}

const iso = (d: Date) => d.toISOString();

/** The holds and release of each occurrence (absent ids are left out of the map). */
export async function holdsFor(db: Executor, occurrenceIds: readonly number[]): Promise<Map<number, HoldFields>> {
  const result = new Map<number, HoldFields>();
  const ids = [...new Set(occurrenceIds)];
  if (ids.length === 0) return result;
  const [occurrences, services, releases] = await Promise.all([
    db
      .selectFrom('ocurrences as oc')
      .innerJoin('orders as o', 'o.id', 'oc.order_id')
      .select(['oc.id', 'oc.date', 'o.patient_id'])
      .where('oc.id', 'in', ids)
      .execute(),
    db
      .selectFrom('services as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.ocurrence_id', 'p.hcpcs_code as hcpcs', 's.quantity', 'p.face_to_face'])
      .where('s.ocurrence_id', 'in', ids)
      .where('s.billable', '=', true)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('hold_releases as hr')
      .leftJoin('users as u', 'u.id', 'hr.user_id')
      .select([
        'hr.ocurrence_id',
        'hr.reason',
        'hr.holds',
        'hr.created_at',
        sql<string>`coalesce(u.username, '')`.as('user'),
      ])
      .where('hr.ocurrence_id', 'in', ids)
      .execute(),
  ]);
  if (occurrences.length === 0) return result;
  const patientIds = [...new Set(occurrences.map((o) => o.patient_id))];
  const [payers, documents] = await Promise.all([primaryPayers(db, patientIds), ruleDocuments(db, patientIds)]);
  const usage = await authorizationUsage(
    db,
    documents.filter((d) => d.type === 'prior_authorization').map((d) => d.id),
  );
  const released = new Map(releases.map((r) => [r.ocurrence_id, r]));
  for (const oc of occurrences) {
    const release = released.get(oc.id);
    if (release) {
      result.set(oc.id, {
        holds: [],
        hold_release: {
          reason: release.reason,
          holds: release.holds,
          user: release.user,
          created: iso(release.created_at),
        },
      });
      continue;
    }
    const own: HoldDocument[] = documents
      .filter((d) => d.patient_id === oc.patient_id)
      .map((d) => ({ ...(d as RuleDocument), units_used: unitsUsed(usage, d.id, oc.id) }));
    const holds = holdsOf({
      date: oc.date,
      items: holdItems(services.filter((s) => s.ocurrence_id === oc.id)),
      payer: payers.get(oc.patient_id) ?? null,
      documents: own,
    });
    result.set(oc.id, { holds, hold_release: null });
  }
  return result;
}

/** The holds of one occurrence, or null when it does not exist. */
export async function holdsOfOccurrence(db: Executor, id: number): Promise<HoldFields | null> {
  return (await holdsFor(db, [id])).get(id) ?? null;
}

/** Rows with their holds: `id` names the occurrence. */
export async function withHolds<T extends { id: number }>(db: Executor, rows: T[]): Promise<(T & HoldFields)[]> {
  const holds = await holdsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, ...(holds.get(r.id) ?? { holds: [], hold_release: null }) }));
}

/**
 * The refusal of what a held occurrence may not get (a ticket, a delivery): 422 with every reason
 * under `holds`, as field messages are answered.
 */
export function heldRefusal(holds: string[]): AppError {
  return validation({ holds });
}

/** Refuses (422) when the occurrence is on hold; run inside the transaction that holds its row lock. */
export async function refuseWhenHeld(db: Executor, id: number): Promise<void> {
  const fields = await holdsOfOccurrence(db, id);
  if (fields && fields.holds.length > 0) throw heldRefusal(fields.holds);
}
