#!/usr/bin/env node
// Runs every test suite: API (real app, real database), web (units through the real store) and the
// browser journeys in Chromium. Prints one closing line: "tests: N passed, N failed".
//
// `--node <path>` runs the suites on that Node binary instead of this one (CI's Node 24 and 26 legs), and
// `--units` runs the API and web unit suites only, without the build and the browser journeys; SKIP_WEB_UNITS=1
// leaves the web unit suite out (it reads no database: CI runs it once), and SKIP_API_TESTS=1 the API suite (CI's
// PostgreSQL leg, whose API suite ran on Node 24). REUSE_BUILD=1 drives the journeys on the build already in
// place (CI's PostgreSQL leg, right after the PGlite leg built the same commit): the build reads no database.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const argv = process.argv.slice(2);
const nodeAt = argv.indexOf('--node');
const node = nodeAt >= 0 ? path.resolve(argv[nodeAt + 1] ?? '') : process.execPath;
const unitsOnly = argv.includes('--units');
// Anything the tests start by name (`node`, `npx`) runs on the same Node as the suites.
const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
const vitestCli = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const reports = mkdtempSync(path.join(tmpdir(), 'liftoff-tests-'));
// CI runs the suites once per database: the web units read no database, so its second leg leaves them out.
const flag = (name) => ['1', 'true', 'yes'].includes(String(process.env[name] ?? '').toLowerCase());
const skipWebUnits = flag('SKIP_WEB_UNITS');
const skipApiTests = flag('SKIP_API_TESTS');
const requireE2e = flag('REQUIRE_E2E');
const reuseBuild = flag('REUSE_BUILD');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  return result.status === 0;
}

function vitest(label, configDir, extraEnv = {}) {
  const outputFile = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    node,
    [
      vitestCli,
      'run',
      '--root',
      configDir,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    {
      env: { ...env, ...extraEnv },
    },
  );
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite that crashed before its tests ran
  } else if (!ok) totals.failed += 1;
  if (!ok) failures.push(label);
}

const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
console.log(`Node ${version ?? '(not found)'} at ${node}`);
if (!version) {
  failures.push(`no Node at ${node}`);
  totals.failed += 1;
} else {
  if (skipApiTests) console.log('\n(SKIP_API_TESTS: the API suite ran on this database in another leg)');
  else vitest('API tests', 'apps/api');
  if (skipWebUnits)
    console.log('\n(SKIP_WEB_UNITS: the web unit suite, which no database touches, ran elsewhere)');
  else vitest('Web unit tests', 'apps/web');
}

const chromium = unitsOnly ? null : findChromium();
if (unitsOnly) {
  console.log('\n(--units: build and browser journeys left to the full run)');
} else if (!chromium) {
  const banner = [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '!!  BROWSER JOURNEYS SKIPPED: no Chromium found.',
    '!!  Install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.',
    '!!  Set REQUIRE_E2E=1 to make a missing browser a failure (CI does).',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '',
  ].join('\n');
  console.warn(banner);
  if (requireE2e) {
    failures.push('browser journeys (REQUIRE_E2E=1 but no Chromium)');
    totals.failed += 1;
  }
} else {
  // Journeys drive the built app exactly as `npm start` serves it.
  const built = reuseBuild
    ? (console.log('\n(REUSE_BUILD: the journeys drive the build already in place)'), true)
    : run('Build for the browser journeys', 'npm', ['run', 'build', '--silent']);
  if (built) {
    vitest('Browser journeys', 'apps/web/e2e', { CHROMIUM_PATH: chromium });
  } else {
    failures.push('build');
    totals.failed += 1;
  }
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
