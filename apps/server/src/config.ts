import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { TAX_RATE_MAX } from '@dme/shared';

const boolish = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (net.isIP(prefix) === family) return true; // address/netmask
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set X-Forwarded-For: unset (or 0) trusts none; a number trusts that many
 * hops in front of the server; otherwise a comma list of addresses, CIDR ranges or the names
 * loopback, linklocal, uniquelocal. Never "every hop": any client could forge its address.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const text = (raw ?? '').trim();
    if (text === '' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count or a comma list of proxy addresses / CIDR ranges; not understood: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = false | number | string[];

const envSchema = z.object({
  NODE_ENV: z.string().optional().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('DME Office <no-reply@dme-office.local>'),
  APP_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: boolish,
  SALES_TAX_RATE: z.coerce.number().min(0).max(TAX_RATE_MAX).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(25),
  BUSINESS_NAME: z.string().min(1).default('Prairie Home Medical Supply'),
  BUSINESS_ADDRESS: z.string().min(1).default('1200 Grand Avenue, Suite 4, Des Moines, IA 50309'),
  BUSINESS_PHONE: z.string().min(1).default('515-555-0142'),
  OFFICE_TIME_ZONE: z.string().min(1).default('America/Chicago'),
  TRUST_PROXY: trustProxySchema,
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  API_DOCS: z.enum(['signed-in', 'public']).default('signed-in'),
  JOBS: z
    .enum(['on', 'off'], { message: 'on (this process also runs background jobs) or off (it only queues them)' })
    .default('on'),
});

/** Settings that only make sense together. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.JOBS === 'off' && !e.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['JOBS'],
      message:
        'off needs a PostgreSQL server (DATABASE_URL) and a worker (npm run worker) to run the jobs; on the embedded database this process is the only one and runs them itself',
    });
  }
});

const serverRoot = path.resolve(import.meta.dirname, '..');
/** npm start runs the server inside apps/server; a relative DATA_DIR means the repository's folder. */
const repoRoot = path.resolve(serverRoot, '../..');

/** The validated environment, as the rest of the server reads it. */
const configSchema = checkedEnvSchema.transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  dataDir: path.resolve(repoRoot, e.DATA_DIR),
  databaseUrl: e.DATABASE_URL || undefined,
  smtpUrl: e.SMTP_URL || undefined,
  mailFrom: e.MAIL_FROM,
  appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  jwtSecret: e.JWT_SECRET,
  tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
  adminPassword: e.ADMIN_PASSWORD || undefined,
  seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
  salesTaxRate: e.SALES_TAX_RATE,
  logLevel: e.LOG_LEVEL,
  webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
  maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
  /** Printed on delivery tickets and invoices. */
  business: { name: e.BUSINESS_NAME, address: e.BUSINESS_ADDRESS, phone: e.BUSINESS_PHONE },
  /** The office's time zone: "today", and the report's CY/LY/CQ/LQ ranges, are read in it. */
  officeTimeZone: e.OFFICE_TIME_ZONE,
  /** Proxies whose X-Forwarded-For is believed (Fastify's trustProxy); false trusts none. */
  trustProxy: e.TRUST_PROXY,
  /** Connections per process to a PostgreSQL server. */
  pgPoolMax: e.PG_POOL_MAX,
  /**
   * How long a process may keep a checked session in memory (PostgreSQL only; every change to
   * sessions or users clears it at once, plugins/session-cache.ts); 0 reads it on every request.
   */
  sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
  /** Who may read the OpenAPI description at /api/docs: signed-in users, or anyone (development). */
  apiDocs: e.API_DOCS,
  /**
   * Whether a server process also works the job queue (JOBS, on by default); off leaves the work
   * to `npm run worker` processes, which always work it. PostgreSQL only.
   */
  jobs: e.JOBS === 'on',
}));

export type Config = z.output<typeof configSchema>;

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
