import type { Db } from '../database.ts';

/** Demo patients of the first run. */
export async function seedDemoPatients(_db: Db): Promise<void> {}
