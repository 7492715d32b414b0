import { useParams } from 'react-router';
import { parseId } from '@dme/shared';

/** A route id: digits only, no sign or leading zero, from 1 up to the database's integer bound. */
export function parseIdParam(value: string | undefined): number | null {
  return value === undefined ? null : parseId(value);
}

/**
 * The `:id` of the current route as a number, or null when it is not a positive integer id
 * (the screen then renders `<Navigate to={paths.notFound} replace />`).
 */
export function useIdParam(name = 'id'): number | null {
  return parseIdParam(useParams()[name]);
}
