/**
 * SQL for the kept counts' statement triggers (migrations 0020 and 0021; 0015 to 0018 spell the
 * same shape out and, having landed, stay as they are): a trigger function that appends what each
 * INSERT, UPDATE or DELETE statement changed, and the triggers that call it.
 */

/** An occurrence is completed when eligible, and approved unless its patient needs no call (Hide Completed). */
export const OCCURRENCE_COMPLETED = 'eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery)';

/**
 * `CREATE FUNCTION name()`: `insert(rows)` is the INSERT(s) of the deltas from `rows`, a query of
 * the statement's rows with a `sign` column; `rowsOf(sign, table)` selects them from the
 * transition table `new_rows` (+1) or `old_rows` (-1).
 */
export function deltaTriggerFunction(
  name: string,
  insert: (rows: string) => string,
  rowsOf: (sign: number, table: string) => string,
): string {
  return `
CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${insert(rowsOf(1, 'new_rows'))}
  ELSIF TG_OP = 'UPDATE' THEN
    ${insert(`${rowsOf(1, 'new_rows')} UNION ALL ${rowsOf(-1, 'old_rows')}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${insert(rowsOf(-1, 'old_rows'))}
  END IF;
  RETURN NULL;
END
$fn$`;
}

/** `CREATE FUNCTION name()`: a statement trigger function that runs `body` (a TRUNCATE's, a notification). */
export function statementFunction(name: string, body: string): string {
  return `
CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${body}
  RETURN NULL;
END
$fn$`;
}

/**
 * The statement triggers on `table` named `{prefix}_insert`, `_update`, `_delete` (calling
 * `deltas`) and `{prefix}_truncate` (calling `truncate`), as one script for runStatements.
 */
export function deltaTriggers(table: string, prefix: string, deltas: string, truncate: string): string {
  return `
    CREATE TRIGGER ${prefix}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${deltas}();
    CREATE TRIGGER ${prefix}_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${deltas}();
    CREATE TRIGGER ${prefix}_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${deltas}();
    CREATE TRIGGER ${prefix}_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${truncate}();`;
}

/** Drops what deltaTriggers created, and the two functions. */
export function dropDeltaTriggers(table: string, prefix: string, deltas: string, truncate: string): string {
  return `
    DROP TRIGGER ${prefix}_truncate ON ${table};
    DROP TRIGGER ${prefix}_delete ON ${table};
    DROP TRIGGER ${prefix}_update ON ${table};
    DROP TRIGGER ${prefix}_insert ON ${table};
    DROP FUNCTION ${truncate}();
    DROP FUNCTION ${deltas}();`;
}
