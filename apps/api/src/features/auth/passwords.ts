import { hash, verify } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiDir } from '../../lib/paths.js';

// Argon2id with the OWASP minimum parameters (m=19456 KiB, t=2, p=1). `2` is Algorithm.Argon2id,
// a const enum that isolated modules cannot import.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword('liftoff-timing-equaliser'));

// The 1,000 most common passwords of public breach corpora (zxcvbn's frequency list), lower-cased.
const commonPasswords = new Set(
  readFileSync(path.join(apiDir, 'src/features/auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase());
