import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';

describe.runIf(process.env.TEST_DATABASE_URL && process.env.PGOPTIONS === undefined)('a PostgreSQL connection', () => {
  it('plans without parallel workers and prices random reads as reads from memory', async () => {
    const handle = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolMax: 2 });
    try {
      const setting = async (name: string) =>
        (await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(handle.db)).rows[0].value;
      expect(await setting('max_parallel_workers_per_gather')).toBe('0');
      expect(await setting('random_page_cost')).toBe('1.1');
    } finally {
      await handle.close();
    }
  });
});
