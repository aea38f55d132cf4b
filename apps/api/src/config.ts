import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDist, repoDir } from './lib/paths.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(path.join(repoDir, 'data')),
  DATABASE_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Liftoff <no-reply@liftoff.local>'),
  SUPPORT_EMAIL: z.email().default('support@liftoff.local'),
  REDIS_URL: z.url().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CREDENTIAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  ACCOUNT_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: booleanFromEnv.default(false),
  WEB_DIST: z.string().default(defaultWebDist),
  SEED_DEMO: booleanFromEnv.default(true),
  DEMO_EMAIL: z.email().default('demo@liftoff.local'),
  DEMO_PASSWORD: z.string().min(8).default('liftoff-demo-2026'),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export type Config = Omit<Env, 'DATABASE_URL' | 'DATA_DIR' | 'JWT_SECRET' | 'ENCRYPTION_KEY' | 'APP_URL'> & {
  APP_URL: string;
  DATA_DIR: string;
  database: DatabaseConfig;
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Outside production, missing secrets are generated once and kept in DATA_DIR so that restarts
 * keep sessions and encrypted two-factor secrets readable. Production must set them explicitly.
 */
function localSecrets(dataDir: string): { JWT_SECRET: string; ENCRYPTION_KEY: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { JWT_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    const missing = (['JWT_SECRET', 'ENCRYPTION_KEY', 'APP_URL'] as const).filter((key) => !env[key]);
    if (missing.length) throw new ConfigError(missing.map((key) => `${key}: required in production`));
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets =
    env.JWT_SECRET && env.ENCRYPTION_KEY
      ? { JWT_SECRET: env.JWT_SECRET, ENCRYPTION_KEY: env.ENCRYPTION_KEY }
      : { ...localSecrets(dataDir), ...(env.JWT_SECRET ? { JWT_SECRET: env.JWT_SECRET } : {}), ...(env.ENCRYPTION_KEY ? { ENCRYPTION_KEY: env.ENCRYPTION_KEY } : {}) };
  const { DATABASE_URL, ...rest } = env;
  return {
    ...rest,
    ...secrets,
    DATA_DIR: dataDir,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    database: DATABASE_URL ? { kind: 'postgres', url: DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    isProduction,
  };
}
