/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lower-cased, single-spaced, control characters removed: how search terms are compared. */
export function normalizeSearch(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
  );
}

/** `%term%` for a LIKE pattern, wildcards in the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * The term when it is one to three characters long: a piece of the search text whose patients
 * and orders are counted ahead (migration 0023), which a trigram index could not narrow (one or
 * two) or would narrow to thousands of rows to visit (three). Undefined otherwise.
 */
export function searchPiece(term: string): string | undefined {
  const length = [...term].length;
  return length >= 1 && length <= 3 ? term : undefined;
}
