import { existsSync } from 'node:fs';

/** The Chromium the browser journeys and benchmarks drive: CHROMIUM_PATH, or a system install. */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null;
}
