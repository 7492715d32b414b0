import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { patientBody } from '../test/factories.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './faults.ts';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows a lost or refused connection', () => {
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves errors in what was asked alone', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('22003', 'numeric field overflow'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

// Connections can only be terminated on a PostgreSQL server.
describe.runIf(process.env.TEST_DATABASE_URL)('the database drops every connection under load', () => {
  let t: TestContext;
  let h: { authorization: string };
  let dbName: string;
  beforeAll(async () => {
    t = await setupTestApp({}, { sessionCache: true });
    h = auth(t.adminToken);
    dbName = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db)).rows[0].name;
  });
  afterAll(async () => {
    await t.close();
  });

  async function terminateBackends(): Promise<number> {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      const r = await c.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      return r.rowCount ?? 0;
    } finally {
      await c.end();
    }
  }

  it('answers 503, stays up, and serves again with no half-applied write', async () => {
    let running = true;
    const statuses: number[] = [];
    const created: number[] = [];
    const unavailable: unknown[] = [];
    const client = async (writer: boolean) => {
      for (let i = 0; running && i < 400; i += 1) {
        const res = writer
          ? await t.app.inject({ method: 'POST', url: '/api/patients/', headers: h, payload: patientBody() })
          : await t.app.inject({ method: 'GET', url: '/api/patients/?page_size=20&search=mil', headers: h });
        statuses.push(res.statusCode);
        if (res.statusCode === 201) created.push(res.json().data.id as number);
        if (res.statusCode === 503) unavailable.push(res.json());
      }
    };
    const clients = [client(true), client(true), client(false), client(false)];
    let terminated = 0;
    for (let round = 0; round < 4; round += 1) {
      await new Promise((r) => setTimeout(r, 150));
      terminated += await terminateBackends();
    }
    running = false;
    await Promise.all(clients);

    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    for (const body of unavailable) expect(body).toEqual({ detail: DATABASE_UNAVAILABLE });

    // The pool reconnects: it serves again once it has dropped the connections the fault killed
    // while idle (it learns of each one as it errors, later on a loaded machine).
    let after = 0;
    for (let attempt = 0; attempt < 20 && after !== 200; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 100));
      after = (await t.app.inject({ method: 'GET', url: '/api/patients/?page_size=5', headers: h })).statusCode;
    }
    expect(after).toBe(200);

    // Every patient that exists was answered 201 and has its audit row: a write cut off by the
    // fault left nothing behind.
    const rows = await t.db
      .selectFrom('patients as p')
      .select(['p.id'])
      .select(
        sql<number>`(SELECT count(*)::int FROM audit_log a WHERE a.entity = 'patient' AND a.entity_id = p.id::text AND a.action = 'create')`.as(
          'audits',
        ),
      )
      .execute();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
    for (const r of rows) expect(r.audits).toBe(1);
  });
});
