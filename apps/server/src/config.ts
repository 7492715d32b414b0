import { z } from 'zod';
import path from 'node:path';

const boolish = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

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
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: boolish,
  SALES_TAX_RATE: z.coerce.number().min(0).max(1).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(25),
  
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string | undefined;
  tokenTtlMinutes: number;
  adminPassword: string | undefined;
  seedDemo: boolean;
  salesTaxRate: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  maxUploadBytes: number;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
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
  };
}
