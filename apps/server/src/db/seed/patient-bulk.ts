import { sql, type RawBuilder } from 'kysely';
import { normalizeIcd10 } from '@dme/shared';
import type { Db } from '../database.ts';
import { createRng, generatePatient, type SeedPatient } from './patient-data.ts';

/** `unnest($1::type[], ...)`: one parameter per column, however many rows (fast, no parameter limit). */
function unnest(columns: [values: unknown[], type: string][]): RawBuilder<unknown> {
  return sql.join(columns.map(([values, type]) => sql`${values}::${sql.raw(type)}[]`));
}

/** Takes `count` ids from a table's identity sequence, so children can name their parents. */
async function reserveIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${count})
  `.execute(db);
  return rows.map((r) => r.id);
}

/** Inserts generated patients and all their children in a handful of statements. */
export async function insertSeedPatients(db: Db, patients: SeedPatient[]): Promise<void> {
  if (patients.length === 0) return;
  const tagRows = await db.selectFrom('tags').select(['id', 'name']).execute();
  const tagIds = new Map(tagRows.map((t) => [t.name, t.id]));
  // Insurances bill the demo payers when they exist (the demo office seeds them first).
  const vendorRows = await db.selectFrom('vendors').select(['id', 'name']).execute();
  const vendorIds = new Map(vendorRows.map((v) => [v.name.toLowerCase(), v.id]));
  await db.transaction().execute(async (trx) => {
    const ids = await reserveIds(trx, 'patients', patients.length);
    const col = <K extends keyof SeedPatient>(key: K) => patients.map((p) => p[key]);
    await sql`
      INSERT INTO patients (id, first_name, middle_name, last_name, address_1, address_2, city, zip, phone, mobile, fax,
        email, notes, gender, physician_name, physician_npi, physician_phone, physician_fax, state_id, birthdate,
        facility, rentals, call_before_delivery, contact_different_patient, status)
      SELECT * FROM unnest(${unnest([
        [ids, 'int'],
        [col('first_name'), 'text'],
        [col('middle_name'), 'text'],
        [col('last_name'), 'text'],
        [col('address_1'), 'text'],
        [col('address_2'), 'text'],
        [col('city'), 'text'],
        [col('zip'), 'text'],
        [col('phone'), 'text'],
        [col('mobile'), 'text'],
        [col('fax'), 'text'],
        [col('email'), 'text'],
        [col('notes'), 'text'],
        [col('gender'), 'text'],
        [col('physician_name'), 'text'],
        [col('physician_npi'), 'text'],
        [col('physician_phone'), 'text'],
        [col('physician_fax'), 'text'],
        [col('state_id'), 'int'],
        [col('birthdate'), 'date'],
        [col('facility'), 'boolean'],
        [col('rentals'), 'boolean'],
        [col('call_before_delivery'), 'boolean'],
        [col('contact_different_patient'), 'boolean'],
        [col('status'), 'text'],
      ])})
    `.execute(trx);

    const contacts = patients.flatMap((p, i) =>
      p.contacts.map((c, position) => ({ patient_id: ids[i], position, ...c })),
    );
    if (contacts.length) {
      await sql`
        INSERT INTO patient_contacts (patient_id, position, contact_name, contact_number, contact_relation)
        SELECT * FROM unnest(${unnest([
          [contacts.map((c) => c.patient_id), 'int'],
          [contacts.map((c) => c.position), 'int'],
          [contacts.map((c) => c.contact_name), 'text'],
          [contacts.map((c) => c.contact_number), 'text'],
          [contacts.map((c) => c.contact_relation), 'text'],
        ])})
      `.execute(trx);
    }

    const insurances = patients.flatMap((p, i) =>
      p.insurances.map((ins) => ({
        patient_id: ids[i],
        vendor_id: vendorIds.get(ins.payer.toLowerCase()) ?? null,
        ...ins,
      })),
    );
    if (insurances.length) {
      const column = <K extends keyof (typeof insurances)[number]>(key: K) => insurances.map((r) => r[key]);
      await sql`
        INSERT INTO patient_insurances (patient_id, name, policy_number, vendor_id, priority, group_number, relationship,
          subscriber_first_name, subscriber_last_name, subscriber_birthdate, subscriber_gender)
        SELECT * FROM unnest(${unnest([
          [column('patient_id'), 'int'],
          [column('name'), 'text'],
          [column('policy_number'), 'text'],
          [column('vendor_id'), 'int'],
          [column('priority'), 'smallint'],
          [column('group_number'), 'text'],
          [column('relationship'), 'text'],
          [column('subscriber_first_name'), 'text'],
          [column('subscriber_last_name'), 'text'],
          [column('subscriber_birthdate'), 'date'],
          [column('subscriber_gender'), 'text'],
        ])})
      `.execute(trx);
    }

    // Each diagnosis text starts with its ICD-10-CM code ("J44.9 Chronic obstructive ...").
    const diagnoses = patients.flatMap((p, i) =>
      p.diagnoses.map((text) => ({ patient_id: ids[i], text, code: normalizeIcd10(text.split(' ')[0]) ?? '' })),
    );
    if (diagnoses.length) {
      await sql`
        INSERT INTO patient_diagnoses (patient_id, text, code)
        SELECT * FROM unnest(${unnest([
          [diagnoses.map((r) => r.patient_id), 'int'],
          [diagnoses.map((r) => r.text), 'text'],
          [diagnoses.map((r) => r.code), 'text'],
        ])})
      `.execute(trx);
    }

    const hcps = patients.flatMap((p, i) => p.hcps.map((h) => ({ patient_id: ids[i], ...h })));
    const hcpsIds = await reserveIds(trx, 'patient_hcps', hcps.length);
    if (hcps.length) {
      await sql`
        INSERT INTO patient_hcps (id, patient_id, text)
        SELECT * FROM unnest(${unnest([
          [hcpsIds, 'int'],
          [hcps.map((r) => r.patient_id), 'int'],
          [hcps.map((r) => r.text), 'text'],
        ])})
      `.execute(trx);
    }
    const modifiers = hcps.flatMap((h, i) => h.modifiers.map((text) => ({ hcps_id: hcpsIds[i], text })));
    if (modifiers.length) {
      await sql`
        INSERT INTO patient_hcps_modifiers (hcps_id, text)
        SELECT * FROM unnest(${unnest([
          [modifiers.map((r) => r.hcps_id), 'int'],
          [modifiers.map((r) => r.text), 'text'],
        ])})
      `.execute(trx);
    }

    const tags = patients.flatMap((p, i) =>
      p.tags.flatMap((name) => (tagIds.has(name) ? [{ patient_id: ids[i], tag_id: tagIds.get(name)! }] : [])),
    );
    if (tags.length) {
      await sql`
        INSERT INTO patient_tags (patient_id, tag_id)
        SELECT * FROM unnest(${unnest([
          [tags.map((r) => r.patient_id), 'int'],
          [tags.map((r) => r.tag_id), 'int'],
        ])})
        ON CONFLICT DO NOTHING
      `.execute(trx);
    }
  });
}

export async function stateIdsByAbbreviation(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('usa_states').select(['id', 'abbreviation']).execute();
  return Object.fromEntries(rows.map((r) => [r.abbreviation.trim(), r.id]));
}

/**
 * Load-test patients (`npm run seed -- --patients N`): generated in batches and inserted with
 * unnest(), children included. The seed depends on how many patients exist already, so a second
 * run adds different people. No audit rows: this is bulk test data.
 */
export async function seedManyPatients(
  db: Db,
  count: number,
  opts: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<number> {
  const batchSize = opts.batchSize ?? 5000;
  const stateIds = await stateIdsByAbbreviation(db);
  const { n: existing } = await db
    .selectFrom('patients')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const rng = createRng(0x5eed + existing);
  const today = new Date();
  let done = 0;
  while (done < count) {
    const size = Math.min(batchSize, count - done);
    const batch = Array.from({ length: size }, (_, i) => {
      const serial = existing + done + i + 1;
      // About one patient in 500 is exactly 20 years old.
      return generatePatient(rng, stateIds, today, { exactlyTwenty: serial % 500 === 0, serial });
    });
    await insertSeedPatients(db, batch);
    done += size;
    opts.onBatch?.(done);
  }
  // Fresh statistics, and a visibility map so counts can use index-only scans straight away.
  await sql`VACUUM (ANALYZE) patients`.execute(db);
  return done;
}
