import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../database.ts';
import { seedDemoUsers } from './users.ts';
import { seedDemoPatients } from './patients.ts';
import { seedDemoProducts } from './products.ts';
import { seedDemoOrders } from './orders.ts';
import { seedDemoOperations } from './operations.ts';
import { seedDemoShipping } from './shipping.ts';
import { seedDemoRemittances } from './remittance.ts';
import { invoiceShippedOccurrences } from './invoices.ts';
import { seedDemoBilling } from './billing.ts';
import { seedDemoClaims } from './claims.ts';
import { seedDemoRentals } from './rentals.ts';
import { seedDemoDocuments } from './documents.ts';
import { seedDemoDeliveries } from './deliveries.ts';
import type { Storage } from '../../plugins/storage.ts';
import { seedDemoRemittanceFiles } from './eras.ts';
import { compactKeptTotals } from '../kept-totals.ts';

/** The storage and time zone the demo's signed deliveries are recorded with. */
export interface DemoFiles {
  storage: Storage;
  timeZone: string;
}

/** The demo office of a first run: each area adds its own realistic records here. */
export async function seedDemoOffice(
  db: Db,
  opts: { passwordHash: string; log: FastifyBaseLogger; files?: DemoFiles },
): Promise<void> {
  await seedDemoUsers(db, opts.passwordHash);
  // The payers first: the patients' insurances bill them.
  await seedDemoBilling(db);
  await seedDemoPatients(db);
  await seedDemoProducts(db);
  await seedDemoOrders(db);
  // The rented items' months, before anything ships or is invoiced (issue 33).
  await seedDemoRentals(db, 0);
  await seedDemoDocuments(db);
  await seedDemoOperations(db);
  await seedDemoShipping(db);
  if (opts.files) await seedDemoDeliveries(db, opts.files.storage, opts.files.timeZone);
  await invoiceShippedOccurrences(db);
  // Last: checks are posted against the invoices of shipped occurrences, paid by the vendors.
  await seedDemoRemittances(db);
  // Then claims for what is still owed, through the code a clerk uses.
  await seedDemoClaims(db);
  // A payer answers some of the submitted claims in an 835.
  await seedDemoRemittanceFiles(db);
  await compactKeptTotals(db);
  opts.log.info('demo office seeded');
}
