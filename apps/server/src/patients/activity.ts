import { sql } from 'kysely';
import type { Page, PatientActivity } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';

/**
 * What a patient's activity lists: the record, its children and its orders, and who read them
 * ("orders" is the read of the patient's order list). Services, occurrences and the money rows
 * of the orders are the orders screens' business and stay out of this trail; who read them is in
 * it (READ_ENTITIES).
 */
export const ACTIVITY_ENTITIES = [
  'patient',
  'patient_insurance',
  'patient_diagnosis',
  'patient_hcps',
  'patient_hcps_modifier',
  'patient_attachment',
  'patient_tag',
  'order',
  'orders',
  'document',
  'hold_release',
] as const;

/**
 * Reads of the patient's data beyond the record: detail screens and documents, each row naming
 * the reader and the patient. Only their reads are listed: an invoice's edits stay with billing.
 */
export const READ_ENTITIES = [
  'order_products',
  'invoice',
  'invoice_pdf',
  'call_detail',
  'call_notes',
  'remittance',
  'occurrence_payments',
  'delivery_ticket',
  'proof_of_delivery',
  'shipping_batch',
  'large_batch',
  'expirations_pdf',
  'claim',
  'claim_batch',
] as const;

/** Columns that say nothing to a person reading the trail: keys, stamps, internals. */
const SKIPPED = /^(?:id|.*_id|created_at|updated_at|created|search_text|storage_key|uploaded_by|full)$/;

/** A stored value as text: a state by its name, contacts one by one, yes/no as true/false. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join('; ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name;
    if ('contact_name' in o) {
      return [o.contact_name, o.contact_relation, o.contact_number].map(valueText).filter(Boolean).join(', ');
    }
    return JSON.stringify(value);
  }
  return String(value);
}

const asObject = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** What a read names beside its id (a date, a patient count, an attachment's name), as text. */
export function readDetails(action: string, after: unknown): PatientActivity['details'] {
  if (action !== 'read') return {};
  return Object.fromEntries(
    Object.entries(asObject(after))
      .filter(([, v]) => v !== null && typeof v !== 'object')
      .map(([k, v]) => [k, valueText(v)]),
  );
}

/**
 * The fields a row changed, as text. An update lists each field whose value differs; a create
 * lists what was filled in; reads and deletes list nothing.
 */
export function auditChanges(action: string, before: unknown, after: unknown): PatientActivity['changes'] {
  if (action !== 'update' && action !== 'create') return [];
  const b = asObject(before);
  const a = asObject(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !SKIPPED.test(f));
  const changes: PatientActivity['changes'] = [];
  for (const field of fields) {
    const from = action === 'create' ? '' : valueText(b[field]);
    const to = valueText(a[field]);
    if (from === to) continue;
    if (action === 'create' && (to === '' || to === 'false')) continue;
    changes.push({ field, from, to });
  }
  return changes;
}

function isAction(value: string): value is PatientActivity['action'] {
  return value === 'read' || value === 'create' || value === 'update' || value === 'delete';
}

/** GET /patients/{id}/audit/: newest first, paged; 404 when the patient does not exist. */
export async function patientActivity(
  db: Executor,
  patientId: number,
  paging: { page: number; page_size: number },
): Promise<Page<PatientActivity>> {
  const patient = await db.selectFrom('patients').select('id').where('id', '=', patientId).executeTakeFirst();
  if (!patient) throw notFound();
  const base = db
    .selectFrom('audit_log as a')
    .where('a.patient_id', '=', patientId)
    .where((eb) =>
      eb.or([
        eb('a.entity', 'in', ACTIVITY_ENTITIES),
        eb.and([eb('a.action', '=', 'read'), eb('a.entity', 'in', READ_ENTITIES)]),
      ]),
    );
  const [{ count }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        sql<Date>`a.created_at`.as('created_at'),
        'a.action',
        'a.entity',
        'a.entity_id',
        'a.before',
        'a.after',
        'u.id as user_id',
        'u.username',
        'u.first_name',
        'u.last_name',
      ])
      .orderBy('a.id', 'desc')
      .limit(paging.page_size)
      .offset((paging.page - 1) * paging.page_size)
      .execute(),
  ]);
  return {
    results: rows.flatMap((r) =>
      isAction(r.action)
        ? [
            {
              id: r.id,
              at: r.created_at.toISOString(),
              action: r.action,
              entity: r.entity,
              entity_id: r.entity_id,
              user:
                r.user_id !== null && r.username !== null
                  ? {
                      id: r.user_id,
                      username: r.username,
                      full_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
                    }
                  : null,
              changes: auditChanges(r.action, r.before, r.after),
              details: readDetails(r.action, r.after),
            },
          ]
        : [],
    ),
    count,
    page_size: paging.page_size,
    current: paging.page,
  };
}
