import type { Db } from '../database.ts';

/** Demo products of the first run. */
export async function seedDemoProducts(_db: Db): Promise<void> {}
