import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';
import type { Mailer } from './mail.ts';
import type { TokenService } from './tokens.ts';
import type { Storage } from './storage.ts';
import type { Jobs } from './jobs.ts';
import type { SessionCache } from './session-cache.ts';

/** What every route reaches through `app.ctx`. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  storage: Storage;
  /** Background jobs (large batch print): pg-boss on PostgreSQL, in-process on PGlite. */
  jobs: Jobs;
  /** Sessions this process has checked (PostgreSQL); see plugins/session-cache.ts. */
  sessions: SessionCache;
}

export interface AuthUser {
  id: number;
  username: string;
  roleId: number | null;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
