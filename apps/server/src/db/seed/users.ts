import type { Db } from '../database.ts';

const STAFF = [
  {
    username: 'mgarcia',
    email: 'maria.garcia@dme-office.local',
    first_name: 'Maria',
    middle_name: 'Elena',
    last_name: 'Garcia',
    role_id: 2,
    city: 'Des Moines',
    phone: '515-555-0142',
  },
  {
    username: 'jwilson',
    email: 'james.wilson@dme-office.local',
    first_name: 'James',
    middle_name: '',
    last_name: 'Wilson',
    role_id: 3,
    city: 'Little Rock',
    phone: '501-555-0178',
  },
  {
    username: 'pnguyen',
    email: 'paula.nguyen@dme-office.local',
    first_name: 'Paula',
    middle_name: '',
    last_name: 'Nguyen',
    role_id: 2,
    city: 'Kansas City',
    phone: '816-555-0110',
  },
];

/** Staff accounts of other roles; they share the administrator's first password. */
export async function seedDemoUsers(db: Db, passwordHash: string): Promise<void> {
  await db
    .insertInto('users')
    .values(STAFF.map((s) => ({ ...s, password_hash: passwordHash })))
    .execute();
}
