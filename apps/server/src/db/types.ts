import type { PatientsTables } from './tables/patients.ts';
import type { ProductsTables } from './tables/products.ts';
import type { OrdersTables } from './tables/orders.ts';
import type { BillingTables } from './tables/billing.ts';
import type { ClaimsTables } from './tables/claims.ts';
import type { DocumentsTables } from './tables/documents.ts';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RolesTable {
  id: number;
  name: string;
  label: string;
}

export interface UsaStatesTable {
  id: number;
  name: string;
  abbreviation: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_active: Generated<boolean>;
  role_id: number | null;
  first_name: Generated<string>;
  middle_name: Generated<string>;
  last_name: Generated<string>;
  address_1: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  zip: Generated<string>;
  phone: Generated<string>;
  mobile: Generated<string>;
  fax: Generated<string>;
  birthdate: string | null;
  state_id: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  ip: string;
  created_at: Generated<Timestamp>;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: Generated<Timestamp>;
  /** The patient the row concerns (migration 0006 fills it from the row when not given). */
  patient_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface Database
  extends PatientsTables, ProductsTables, OrdersTables, BillingTables, ClaimsTables, DocumentsTables {
  roles: RolesTable;
  usa_states: UsaStatesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
}
