// Several builds of the app in this one process, one per spec on the command line ("off", or a tracing sample
// ratio such as "0.1"), each on a port of its own and on a database of its own (PGlite; or one PostgreSQL
// given by DATABASE_URL). Sends the ports to the parent over IPC and exits when it disconnects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoDir } from '../support.mjs';

const { buildApp } = await import(path.join(repoDir, 'apps/api/dist/src/app.js'));
const { parseConfig } = await import(path.join(repoDir, 'apps/api/dist/src/config.js'));
const [sinkPort, ...specs] = process.argv.slice(2);
const dataDirs = [];
const ports = [];
for (const spec of specs) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftoff-bench-'));
  dataDirs.push(dataDir);
  const app = await buildApp(
    parseConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      ENCRYPTION_KEY: '1'.repeat(64),
      APP_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
      DATABASE_URL: process.env.DATABASE_URL,
      ...(spec === 'off'
        ? {}
        : { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`, OTEL_TRACES_SAMPLER_ARG: spec }),
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  ports.push(app.server.address().port);
}
process.send({ ports });
process.on('disconnect', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
