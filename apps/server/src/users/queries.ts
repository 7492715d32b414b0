import { sql } from 'kysely';
import { USER_MESSAGES, type CreateUserBody, type UpdateUserBody, type User } from '@dme/shared';
import type { Db, Executor, Trx } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { isUniqueViolation, notFound, validation } from '../lib/errors.ts';
import { hashPassword } from '../lib/passwords.ts';

function baseQuery(db: Executor) {
  return db
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('usa_states as s', 's.id', 'u.state_id')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.is_active',
      'u.role_id',
      'r.name as role_name',
      'r.label as role_label',
      'u.first_name',
      'u.middle_name',
      'u.last_name',
      'u.address_1',
      'u.address_2',
      'u.city',
      'u.zip',
      'u.phone',
      'u.mobile',
      'u.fax',
      'u.birthdate',
      'u.state_id',
      's.name as state_name',
      's.abbreviation as state_abbreviation',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toUser(r: Row): User {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    is_active: r.is_active,
    role: r.role_id && r.role_name ? { id: r.role_id, name: r.role_name, label: r.role_label ?? r.role_name } : null,
    profile: {
      first_name: r.first_name,
      middle_name: r.middle_name,
      last_name: r.last_name,
      address_1: r.address_1,
      address_2: r.address_2,
      city: r.city,
      zip: r.zip,
      phone: r.phone,
      mobile: r.mobile,
      fax: r.fax,
      birthdate: r.birthdate,
      state:
        r.state_id && r.state_name
          ? { id: r.state_id, name: r.state_name, abbreviation: r.state_abbreviation ?? '' }
          : null,
    },
  };
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await baseQuery(db).orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute();
  return rows.map(toUser);
}

export async function getUser(db: Executor, id: number): Promise<User> {
  const row = await baseQuery(db).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toUser(row);
}

function profileColumns(body: CreateUserBody | UpdateUserBody) {
  const p = body.profile;
  return {
    first_name: p.first_name,
    middle_name: p.middle_name,
    last_name: p.last_name,
    address_1: p.address_1,
    address_2: p.address_2,
    city: p.city,
    zip: p.zip,
    phone: p.phone,
    mobile: p.mobile,
    fax: p.fax,
    birthdate: p.birthdate,
    state_id: p.state,
  };
}

async function checkReferences(trx: Trx, body: CreateUserBody | UpdateUserBody) {
  const errors: Record<string, string[]> = {};
  const role = await trx.selectFrom('roles').select('id').where('id', '=', body.role_id).executeTakeFirst();
  if (!role) errors.role_id = [USER_MESSAGES.roleRequired];
  if (body.profile.state !== null) {
    const state = await trx
      .selectFrom('usa_states')
      .select('id')
      .where('id', '=', body.profile.state)
      .executeTakeFirst();
    if (!state) errors.state = [USER_MESSAGES.stateInvalid];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

async function checkUnique(trx: Trx, body: { username: string; email: string }, exceptId?: number) {
  const clash = await trx
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', body.username.toLowerCase()),
        eb(sql`lower(email)`, '=', body.email.toLowerCase()),
      ]),
    )
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .execute();
  const errors: Record<string, string[]> = {};
  if (clash.some((c) => c.username.toLowerCase() === body.username.toLowerCase())) {
    errors.username = [USER_MESSAGES.usernameTaken];
  }
  if (clash.some((c) => c.email.toLowerCase() === body.email.toLowerCase())) {
    errors.email = [USER_MESSAGES.emailTaken];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

function duplicateAsValidation(err: unknown): never {
  if (isUniqueViolation(err)) throw validation({ username: [USER_MESSAGES.exists] });
  throw err;
}

export async function createUser(db: Db, actorId: number, body: CreateUserBody): Promise<User> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    await checkReferences(trx, body);
    await checkUnique(trx, body);
    const { id } = await trx
      .insertInto('users')
      .values({
        username: body.username,
        email: body.email,
        password_hash: passwordHash,
        is_active: body.is_active,
        role_id: body.role_id,
        ...profileColumns(body),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(duplicateAsValidation);
    const user = await getUser(trx, id);
    await audit(trx, { userId: actorId, action: 'create', entity: 'user', entityId: id, after: user });
    return user;
  });
}

export async function updateUser(db: Db, actorId: number, id: number, body: UpdateUserBody): Promise<User> {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction().execute(async (trx) => {
    const before = await getUser(trx, id);
    if (id === actorId && body.is_active !== before.is_active) {
      throw validation({ is_active: [USER_MESSAGES.selfStatus] });
    }
    if (id === actorId && body.role_id !== before.role?.id) {
      throw validation({ role_id: [USER_MESSAGES.selfRole] });
    }
    await checkReferences(trx, body);
    await checkUnique(trx, body, id);
    await trx
      .updateTable('users')
      .set({
        username: body.username,
        email: body.email,
        is_active: body.is_active,
        role_id: body.role_id,
        ...profileColumns(body),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute()
      .catch(duplicateAsValidation);
    if (passwordHash || !body.is_active) await revokeUserSessions(trx, id);
    const after = await getUser(trx, id);
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'user',
      entityId: id,
      before,
      after: passwordHash ? { ...after, password_changed: true } : after,
    });
    return after;
  });
}

/** Users are never removed: deleting marks the account inactive and ends its sessions. */
export async function deactivateUser(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getUser(trx, id);
    await trx
      .updateTable('users')
      .set({ is_active: false, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await revokeUserSessions(trx, id);
    await audit(trx, {
      userId: actorId,
      action: 'delete',
      entity: 'user',
      entityId: id,
      before,
      after: { ...before, is_active: false },
    });
  });
}

/** Signs the user out on every device: a deactivated user or a changed password ends every session. */
async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
