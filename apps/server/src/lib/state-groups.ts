import type { Executor } from '../db/database.ts';

export type Direction = 'asc' | 'desc';

/** How many rows of a list have one patient state (null: no state). */
export interface StateGroup {
  state_id: number | null;
  n: number;
}

/**
 * One page of a list ordered by state name, without sorting every row: the rows are counted per
 * state (`groups`: one grouped count, usually an index-only scan), the few groups ordered by the
 * state's name (rows without a state last when ascending and first when descending, as
 * PostgreSQL orders NULLs), and the page read from the one or two groups it falls in, each
 * through its own (state, ...) index in the list's order. Returns the page and the total count.
 */
export async function pageByStateName<R>(
  db: Executor,
  groups: Promise<StateGroup[]>,
  direction: Direction,
  window: { offset: number; limit: number },
  read: (stateId: number | null, skip: number, take: number) => Promise<R[]>,
): Promise<{ rows: R[]; count: number }> {
  const [found, states] = await Promise.all([
    groups,
    db.selectFrom('usa_states').select('id').orderBy('name').execute(),
  ]);
  const rank = new Map(states.map((s, i) => [s.id, i]));
  const rankOf = (stateId: number | null) =>
    stateId === null ? Number.POSITIVE_INFINITY : (rank.get(stateId) ?? Number.POSITIVE_INFINITY);
  const sorted = [...found].sort((a, b) =>
    direction === 'asc' ? rankOf(a.state_id) - rankOf(b.state_id) : rankOf(b.state_id) - rankOf(a.state_id),
  );

  const rows: R[] = [];
  let skip = window.offset;
  let wanted = window.limit;
  for (const group of sorted) {
    if (wanted === 0) break;
    if (skip >= group.n) {
      skip -= group.n;
      continue;
    }
    const take = Math.min(wanted, group.n - skip);
    rows.push(...(await read(group.state_id, skip, take)));
    wanted -= take;
    skip = 0;
  }
  return { rows, count: found.reduce((sum, g) => sum + g.n, 0) };
}
