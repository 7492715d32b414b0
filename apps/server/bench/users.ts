import { get, measure, type BenchContext, type BenchRow } from './harness.ts';

/** The fixed cost of a signed-in call (token, session check, one small query) and the users list. */
export async function benchUsers(ctx: BenchContext): Promise<BenchRow[]> {
  return [
    await measure('GET /api/roles/ (fixed cost)', 200, () => get(ctx, '/api/roles/')),
    await measure('GET /api/users/', 200, () => get(ctx, '/api/users/')),
  ];
}
