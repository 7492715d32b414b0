import { sql, type Kysely } from 'kysely';

/**
 * Runs a script of plain DDL statements one by one (PGlite's extended protocol takes one
 * statement at a time). Statements are separated by a semicolon at the end of a line.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
