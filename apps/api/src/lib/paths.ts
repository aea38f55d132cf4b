import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walks up from this file to the folder whose package.json names the package; works from src/ and dist/. */
function findPackageDir(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the ${name} package folder`);
    dir = parent;
  }
}

export const apiDir = findPackageDir('@liftoff/api');
export const repoDir = path.resolve(apiDir, '../..');
export const migrationsDir = path.join(apiDir, 'src/db/migrations');
export const contentDir = path.join(apiDir, 'content');
export const defaultWebDist = path.join(repoDir, 'apps/web/dist');
