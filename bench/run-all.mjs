// Builds once, then runs every benchmark and prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { repoDir } from './support.mjs';

const step = (args) => spawnSync(args[0], args.slice(1), { cwd: repoDir, stdio: 'inherit' }).status === 0;
if (!step(['npm', 'run', 'build', '--silent'])) process.exit(1);
const benches = readdirSync(path.join(repoDir, 'bench')).filter(
  (f) => f.endsWith('.mjs') && !['support.mjs', 'run-all.mjs'].includes(f),
);
for (const bench of benches) step(['node', path.join('bench', bench)]);
