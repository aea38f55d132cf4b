import { z } from 'zod';

const envSchema = z.object({
  VITE_API_BASE: z
    .string()
    .trim()
    .min(1)
    .default('/api')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Milliseconds a request may wait for its answer (streams and uploads exempt); 0 turns it off. */
  VITE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
});

export type Env = z.infer<typeof envSchema>;

/** Parsed once at start; a bad variable stops the app with its name (architecture.md, convention 7). */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid web configuration: ${names}`);
  }
  return result.data;
}

export const env: Env = parseEnv({
  VITE_API_BASE: import.meta.env.VITE_API_BASE || undefined,
  VITE_REQUEST_TIMEOUT_MS: import.meta.env.VITE_REQUEST_TIMEOUT_MS || undefined,
});
