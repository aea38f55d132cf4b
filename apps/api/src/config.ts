import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDist, repoDir } from './lib/paths.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Reachable from anywhere: a directory of every country's free lines, and the local emergency number. */
export const defaultCrisisResources = [
  'Find a Helpline — free, confidential crisis lines in over 130 countries: https://findahelpline.com',
  'International Association for Suicide Prevention — crisis centres worldwide: https://www.iasp.info/crisis-centres-helplines/',
  'In immediate danger, call your local emergency number (112 in Europe, 911 in North America, 999 in the UK).',
];

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
  MAIL_OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  // Sent outbox rows are removed this many days after sending (0 keeps them); given-up ones always stay.
  MAIL_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // How often each instance looks for due jobs; 0: it runs none by itself (tests run them with jobs.runDue()).
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(2000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CREDENTIAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // Calls each personal API token may make per minute (on top of the per-IP limit).
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** API calls worked on at once; more wait for a place (plugins/admission.ts). */
  MAX_CALLS_IN_FLIGHT: z.coerce.number().int().min(1).default(64),
  /** How long a call waits for a place before it is answered 503 with Retry-After. */
  CALL_QUEUE_MS: z.coerce.number().int().min(1).default(500),
  ACCOUNT_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: booleanFromEnv.default(false),
  WEB_DIST: z.string().default(defaultWebDist),
  SEED_DEMO: booleanFromEnv.default(true),
  DEMO_EMAIL: z.email().default('demo@liftoff.local'),
  DEMO_PASSWORD: z.string().min(8).default('liftoff-demo-2026'),
  DEMO_MANAGER_EMAIL: z.email().default('manager@liftoff.local'),
  CONTENT_IMPORT: booleanFromEnv.default(true),
  // open: anyone may sign up; invite: only addresses a cohort invited (docs/decisions/023-cohorts-and-invitations.md).
  SIGNUP_MODE: z.enum(['open', 'invite']).default('open'),
  // Deliverables in an S3-compatible bucket instead of DATA_DIR/files (all but region and path style required).
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  // How long a feature flag read is reused; flags flipped elsewhere take at most this long to apply.
  FLAG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  WIX_CLIENT_ID: z.string().min(1).optional(),
  WIX_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  WIX_API_BASE: z.url().optional(),
  // AI workspace (docs/decisions/007-ai-coach.md)
  AI_PROVIDER: z.enum(['offline', 'openai-compatible']).default('offline'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).default(1024),
  AI_OFFLINE_CHUNK_DELAY_MS: z.coerce.number().int().min(0).default(12),
  AI_STOP_POLL_MS: z.coerce.number().int().min(20).default(250),
  AI_ABANDONED_AFTER_MS: z.coerce.number().int().min(1000).default(90_000),
  AI_MAX_RUNNING_ANSWERS: z.coerce.number().int().min(1).default(3),
  AI_ANSWERS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  AI_SPEECH_PER_HOUR: z.coerce.number().int().min(1).default(120),
  AI_TRANSCRIPTIONS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  MAIL_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
  // Crisis lines the coach gives a founder in distress: entries separated by ";" (docs/decisions/016).
  AI_CRISIS_RESOURCES: z
    .string()
    .transform((value) =>
      value
        .split(';')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(300)).min(1, 'must name at least one crisis line'))
    .default(defaultCrisisResources),
  // On a failed model call the founder gets the offline coach's answer, labelled; "off" shows the error only.
  AI_FALLBACK: z.enum(['offline', 'off']).default('offline'),
  AI_TTS_ENGINE: z.enum(['espeak', 'openai', 'off']).default('espeak'),
  AI_TTS_BASE_URL: z.url().optional(),
  AI_TTS_API_KEY: z.string().optional(),
  AI_TTS_MODEL: z.string().min(1).default('tts-1'),
  AI_TTS_VOICE: z.string().min(1).optional(),
  // Read-aloud audio kept on disk (DATA_DIR/tts-cache); the least recently played goes first.
  AI_TTS_CACHE_MB: z.coerce.number().min(1).default(256),
  AI_STT_ENGINE: z.enum(['auto', 'openai', 'pocketsphinx', 'off']).default('auto'),
  AI_STT_BASE_URL: z.url().optional(),
  AI_STT_API_KEY: z.string().optional(),
  AI_STT_MODEL: z.string().min(1).default('whisper-1'),
  AI_POCKETSPHINX_BIN: z.string().min(1).default('pocketsphinx_continuous'),
  AI_POCKETSPHINX_MODEL_DIR: z.string().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  // Sign-in with OpenID Connect providers (docs/decisions/063): each is offered once its client is set.
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  // The directory (tenant) id or domain: Microsoft's multi-tenant addresses name no single issuer to check.
  OIDC_MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'a tenant id or domain')
    .optional(),
  // Any other OpenID provider, by its issuer address (discovery at <issuer>/.well-known/openid-configuration).
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default('Single sign-on'),
  // Configured providers switched off: a comma-separated list of google, microsoft, sso.
  OIDC_DISABLED: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['google', 'microsoft', 'sso'])))
    .default([]),
  // Webhooks may reach private, loopback and link-local addresses, or plain HTTP (for a local receiver only).
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.default(false),
  WEBHOOKS_ALLOW_HTTP: booleanFromEnv.default(false),
  // Observability (docs/decisions/032-observability.md): each is off until set.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  // The share of traces kept; 0.1 in production and 1 elsewhere when unset (spec section 9).
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('liftoff-api'),
  // Prometheus metrics on a port of their own, never the public one (bind it to a private interface).
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Unexpected errors (5xx) reported to Sentry when set; nothing of its SDK is loaded otherwise.
  SENTRY_DSN: z.url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** An in-memory database begins as a copy of this snapshot (`PGlite.dumpDataDir`) instead of empty. */
      startFrom?: Blob;
    }
  | { kind: 'postgres'; url: string };

export interface S3Settings {
  /** The service's base address: `https://s3.eu-west-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` (MinIO and most compatible stores) rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

export type Config = Omit<Env, 'DATABASE_URL' | 'DATA_DIR' | 'JWT_SECRET' | 'ENCRYPTION_KEY' | 'APP_URL'> & {
  /** Set when deliverables go to an S3-compatible bucket. */
  s3: S3Settings | null;
  APP_URL: string;
  DATA_DIR: string;
  database: DatabaseConfig;
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
  /** The OpenID Connect providers whose clients are configured (enabled or not). */
  oidcProviders: OidcProviderSettings[];
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
  const secrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    // Without SMTP_URL mail goes to the development outbox, which logs codes: never in production.
    const missing = (['JWT_SECRET', 'ENCRYPTION_KEY', 'APP_URL', 'SMTP_URL'] as const).filter(
      (key) => !env[key],
    );
    if (missing.length) throw new ConfigError(missing.map((key) => `${key}: required in production`));
  }
  const aiProblems = [
    ...(env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL
      ? ['AI_BASE_URL: required when AI_PROVIDER=openai-compatible']
      : []),
    ...(env.AI_PROVIDER === 'openai-compatible' && !env.AI_MODEL
      ? ['AI_MODEL: required when AI_PROVIDER=openai-compatible']
      : []),
    ...(env.AI_TTS_ENGINE === 'openai' && !env.AI_TTS_BASE_URL
      ? ['AI_TTS_BASE_URL: required when AI_TTS_ENGINE=openai']
      : []),
    ...(env.AI_STT_ENGINE === 'openai' && !env.AI_STT_BASE_URL
      ? ['AI_STT_BASE_URL: required when AI_STT_ENGINE=openai']
      : []),
  ];
  if (aiProblems.length) throw new ConfigError(aiProblems);
  const s3Keys = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Given = s3Keys.filter((key) => env[key]);
  if (s3Given.length && s3Given.length < s3Keys.length) {
    throw new ConfigError(
      s3Keys.filter((key) => !env[key]).map((key) => `${key}: required with ${s3Given.join(', ')}`),
    );
  }
  const oidc = oidcProvidersFrom(env, isProduction);
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets =
    env.JWT_SECRET && env.ENCRYPTION_KEY
      ? { JWT_SECRET: env.JWT_SECRET, ENCRYPTION_KEY: env.ENCRYPTION_KEY }
      : {
          ...localSecrets(dataDir),
          ...(env.JWT_SECRET ? { JWT_SECRET: env.JWT_SECRET } : {}),
          ...(env.ENCRYPTION_KEY ? { ENCRYPTION_KEY: env.ENCRYPTION_KEY } : {}),
        };
  const { DATABASE_URL, ...rest } = env;
  return {
    ...rest,
    ...secrets,
    DATA_DIR: dataDir,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    database: DATABASE_URL
      ? { kind: 'postgres', url: DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    s3: s3Given.length
      ? {
          bucket: env.S3_BUCKET!,
          endpoint: env.S3_ENDPOINT!,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : null,
    oidcProviders: oidc,
    isProduction,
  };
}

export interface OidcProviderSettings {
  id: 'google' | 'microsoft' | 'sso';
  /** The button's words: "Continue with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
}

/** The providers whose clients are configured; a half-configured one stops the start, naming what is missing. */
function oidcProvidersFrom(env: Env, isProduction: boolean): OidcProviderSettings[] {
  const problems: string[] = [];
  const pair = (idKey: keyof Env, secretKey: keyof Env, more: (keyof Env)[] = []) => {
    const keys = [idKey, secretKey, ...more];
    const given = keys.filter((key) => env[key]);
    if (given.length && given.length < keys.length)
      problems.push(
        ...keys.filter((key) => !env[key]).map((key) => `${key}: required with ${given.join(', ')}`),
      );
    return given.length === keys.length;
  };
  const providers: OidcProviderSettings[] = [];
  const disabled = new Set<string>(env.OIDC_DISABLED);
  if (pair('OIDC_GOOGLE_CLIENT_ID', 'OIDC_GOOGLE_CLIENT_SECRET'))
    providers.push({
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: env.OIDC_GOOGLE_CLIENT_ID!,
      clientSecret: env.OIDC_GOOGLE_CLIENT_SECRET!,
      enabled: !disabled.has('google'),
    });
  if (pair('OIDC_MICROSOFT_CLIENT_ID', 'OIDC_MICROSOFT_CLIENT_SECRET', ['OIDC_MICROSOFT_TENANT']))
    providers.push({
      id: 'microsoft',
      name: 'Microsoft',
      issuer: `https://login.microsoftonline.com/${env.OIDC_MICROSOFT_TENANT}/v2.0`,
      clientId: env.OIDC_MICROSOFT_CLIENT_ID!,
      clientSecret: env.OIDC_MICROSOFT_CLIENT_SECRET!,
      enabled: !disabled.has('microsoft'),
    });
  if (pair('OIDC_ISSUER', 'OIDC_CLIENT_ID', ['OIDC_CLIENT_SECRET'])) {
    // Outside production a provider may answer over plain HTTP (a local one, the tests' own).
    if (isProduction && !env.OIDC_ISSUER!.startsWith('https://'))
      problems.push('OIDC_ISSUER: must be an https address in production');
    providers.push({
      id: 'sso',
      name: env.OIDC_NAME,
      issuer: env.OIDC_ISSUER!,
      clientId: env.OIDC_CLIENT_ID!,
      clientSecret: env.OIDC_CLIENT_SECRET!,
      enabled: !disabled.has('sso'),
    });
  }
  if (problems.length) throw new ConfigError(problems);
  return providers;
}
