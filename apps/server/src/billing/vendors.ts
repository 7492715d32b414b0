import { sql } from 'kysely';
import {
  BILLING_MESSAGES,
  vendorPricingIssue,
  type Vendor,
  type VendorCreateBody,
  type VendorUpdateBody,
} from '@dme/shared';
import { audit } from '../lib/audit.ts';
import { isForeignKeyViolation, isUniqueViolation, notFound, validation } from '../lib/errors.ts';
import type { Db, Executor } from '../db/database.ts';

/** Vendors (the payers): the full list, one vendor, create, update, delete. */

const COLUMNS = [
  'id',
  'name',
  'phone',
  'payer_id',
  'claim_filing_indicator',
  'address_1',
  'city',
  'state',
  'zip',
  'pricing',
  'pricing_percent',
  'prior_auth_hcpcs',
] as const;

/** The fields of a body that a vendor row stores (a PATCH sends only some). */
const FIELDS = COLUMNS.filter((c) => c !== 'id');

type VendorRow = Omit<Vendor, 'pricing_percent'> & { pricing_percent: string | null };

/** numeric(6,2) arrives as text. */
const toVendor = (row: VendorRow): Vendor => ({
  ...row,
  pricing_percent: row.pricing_percent === null ? null : Number(row.pricing_percent),
});

/**
 * The pricing a body leaves the vendor with (a field not sent keeps its value): the percent is
 * kept only for percent_of_medicare, and required there (422 on pricing_percent).
 */
function pricingOf(
  body: Pick<VendorUpdateBody, 'pricing' | 'pricing_percent'>,
  before: Pick<Vendor, 'pricing' | 'pricing_percent'>,
): Pick<Vendor, 'pricing' | 'pricing_percent'> {
  const pricing = body.pricing ?? before.pricing;
  const percent = body.pricing_percent !== undefined ? body.pricing_percent : before.pricing_percent;
  const issue = vendorPricingIssue(pricing, percent);
  if (issue) throw validation({ pricing_percent: [issue] });
  return { pricing, pricing_percent: pricing === 'percent_of_medicare' ? percent : null };
}

function duplicateNameAsValidation(err: unknown): never {
  if (isUniqueViolation(err, 'vendors_name_key')) throw validation({ name: [BILLING_MESSAGES.duplicateName] });
  throw err;
}

/** Every vendor, by name: the screen sorts, searches and pages on the client (spec 2.10). */
export async function listVendors(db: Executor): Promise<Vendor[]> {
  const rows = await db
    .selectFrom('vendors')
    .select(COLUMNS)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toVendor);
}

export async function getVendor(db: Executor, id: number, opts: { lock?: boolean } = {}): Promise<Vendor> {
  const row = await db
    .selectFrom('vendors')
    .select(COLUMNS)
    .where('id', '=', id)
    .$if(opts.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound();
  return toVendor(row);
}

export function createVendor(db: Db, actorId: number, body: VendorCreateBody): Promise<Vendor> {
  return db.transaction().execute(async (trx) => {
    const pricing = pricingOf(body, { pricing: 'medicare', pricing_percent: null });
    const vendor = await trx
      .insertInto('vendors')
      .values({ ...body, ...pricing })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
      .then(toVendor, duplicateNameAsValidation);
    await audit(trx, { userId: actorId, action: 'create', entity: 'vendor', entityId: vendor.id, after: vendor });
    return vendor;
  });
}

export function updateVendor(db: Db, actorId: number, id: number, body: VendorUpdateBody): Promise<Vendor> {
  return db.transaction().execute(async (trx) => {
    const before = await getVendor(trx, id, { lock: true });
    const wanted = { ...body, ...pricingOf(body, before) };
    // A list (prior_auth_hcpcs) is compared by its codes, in order, not by identity.
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const changes = Object.fromEntries(
      FIELDS.filter((f) => wanted[f] !== undefined && !same(wanted[f], before[f])).map((f) => [f, wanted[f]]),
    );
    if (Object.keys(changes).length === 0) return before;
    const after = await trx
      .updateTable('vendors')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
      .then(toVendor, duplicateNameAsValidation);
    await audit(trx, { userId: actorId, action: 'update', entity: 'vendor', entityId: id, before, after });
    return after;
  });
}

/**
 * Deletes the vendor, or answers 'in_use' when a check names it (its payments must keep naming it)
 * or a patient's insurance bills it.
 */
export async function deleteVendor(db: Db, actorId: number, id: number): Promise<'deleted' | 'in_use'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getVendor(trx, id, { lock: true });
      const check = await trx.selectFrom('checks').select('id').where('vendor_id', '=', id).limit(1).executeTakeFirst();
      if (check) return 'in_use' as const;
      const coverage = await trx
        .selectFrom('patient_insurances')
        .select('id')
        .where('vendor_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (coverage) return 'in_use' as const;
      await trx.deleteFrom('vendors').where('id', '=', id).execute();
      await audit(trx, { userId: actorId, action: 'delete', entity: 'vendor', entityId: id, before });
      return 'deleted' as const;
    });
  } catch (err) {
    // A check or an insurance added meanwhile (or any later reference) refuses the same way.
    if (isForeignKeyViolation(err)) return 'in_use';
    throw err;
  }
}
