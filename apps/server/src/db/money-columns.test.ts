import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_COLUMNS, type ColumnCapacity } from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';

/**
 * The shared money ranges are proven (packages/shared common/money.test.ts) against
 * MONEY_COLUMNS; this holds that table to the database the migrations actually build: every
 * bounded numeric column is listed with its precision and scale, and every listed quantity
 * column is an integer.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

async function columns(): Promise<Map<string, ColumnRow>> {
  const { rows } = await sql<ColumnRow>`
    SELECT c.table_name, c.column_name, c.data_type,
           c.numeric_precision::int AS numeric_precision, c.numeric_scale::int AS numeric_scale
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`.execute(t.db);
  return new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
}

describe('MONEY_COLUMNS', () => {
  it('lists every bounded numeric column of the migrated database, with its precision and scale', async () => {
    const all = await columns();
    const inDatabase = Object.fromEntries(
      [...all.entries()]
        .filter(([, c]) => c.data_type === 'numeric' && c.numeric_precision !== null)
        .map(([name, c]): [string, ColumnCapacity] => [
          name,
          { type: 'numeric', precision: c.numeric_precision!, scale: c.numeric_scale! },
        ]),
    );
    const listed = Object.fromEntries(Object.entries(MONEY_COLUMNS).filter(([, c]) => c.type === 'numeric'));
    expect(inDatabase).toEqual(listed);
  });

  it('names quantity columns that are integers in the database', async () => {
    const all = await columns();
    const integers = Object.entries(MONEY_COLUMNS).filter(([, c]) => c.type === 'integer');
    expect(integers.length).toBeGreaterThan(0);
    for (const [name] of integers) expect(all.get(name)?.data_type, name).toBe('integer');
  });
});
