/**
 * PostgreSQL takes at most 65,535 bind parameters in one statement (and embedded PGlite builds
 * the whole message in memory): seeders insert and look up in batches that stay well under it.
 */
export const MAX_PARAMETERS = 30_000;

/** `rows` cut into batches whose rows times columns stay under MAX_PARAMETERS. */
export function batchesOf<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  let columns = 1;
  for (const row of rows) columns = Math.max(columns, Object.keys(row).length);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}

/** Ids (or other single values) for `IN (...)` lookups, in batches under MAX_PARAMETERS. */
export function idBatches<T>(ids: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < ids.length; i += MAX_PARAMETERS) batches.push(ids.slice(i, i + MAX_PARAMETERS));
  return batches;
}
