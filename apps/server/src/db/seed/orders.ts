import type { Db } from '../database.ts';

/** Demo orders of the first run. */
export async function seedDemoOrders(_db: Db): Promise<void> {}
