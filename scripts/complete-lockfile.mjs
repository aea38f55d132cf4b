#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages that this environment's npm
// registry does not serve (it answers 404 for, e.g., unrs-resolver's macOS and Windows bindings).
// Without an entry for every optional dependency, `npm ci` refuses the lock file as out of sync.
// Each added entry carries its os/cpu/libc, so npm skips it on other platforms exactly as it would
// skip the real package. Run after `npm install` changes the lock file: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

/** Platform triple from a binding package's name, following the napi-rs naming convention. */
function platformOf(name) {
  const suffix = name.split('/').pop() ?? '';
  const os = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'wasm32'].find(
    (o) => suffix.includes(`-${o}-`) || suffix.endsWith(`-${o}`),
  );
  const cpu = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'].find((c) =>
    suffix.includes(`-${c}`),
  );
  const libc = suffix.includes('musl') ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/` : 'node_modules/';
    const candidates = [`${base}${dependency}`, `node_modules/${dependency}`];
    if (candidates.some((candidate) => lock.packages[candidate])) continue;
    const { os, cpu, libc } = platformOf(dependency);
    if (!os || !cpu) continue; // not a platform binding: leave it for npm to report
    lock.packages[`node_modules/${dependency}`] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      os: [os],
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries the registry does not serve`);
