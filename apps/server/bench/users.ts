import { get, measure, type BenchContext, type BenchRow } from './harness.ts';

export async function benchUsers(ctx: BenchContext): Promise<BenchRow[]> {
  return [await measure('GET /api/users/', 200, () => get(ctx, '/api/users/'))];
}
