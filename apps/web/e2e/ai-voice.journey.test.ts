import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/features/ai/speech/wav.js';
import { newFounderOnOverview } from './support/auth-flows.js';
import { expectAccessible, newContext } from './support/browser.js';
import { useServerAndBrowser } from './support/journey.js';

// A real recording from Debian's pocketsphinx-testdata ("go forward ten meters": 16 kHz, 16-bit, mono, raw),
// played into Chromium's fake microphone and recognised by the server's offline PocketSphinx.
const GO_FORWARD = '/usr/share/pocketsphinx/test/data/goforward.raw';
const offlineRecognition =
  existsSync('/usr/bin/pocketsphinx_continuous') && existsSync('/usr/bin/sox') && existsSync(GO_FORWARD);

/** Writes the raw recording to `file` as WAV, as Chromium's fake microphone wants it; answers its length. */
function writeGoForwardWav(file: string): number {
  const pcm = readFileSync(GO_FORWARD);
  const samples = new Float32Array(pcm.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 0x8000;
  writeFileSync(file, Buffer.from(encodeWav([samples], 16_000)));
  return samples.length / 16_000;
}

// Skipped on a machine without the packages, never in CI (which installs them): there it must run.
describe.skipIf(!offlineRecognition && !process.env.CI)(
  'journey: asking the coach by voice (needs the Debian packages pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata and sox)',
  () => {
    const recording = path.join(tmpdir(), `liftoff-voice-${process.pid}.wav`);
    let seconds = 0;
    // Before the browser starts (the journey's own beforeAll, registered next): it opens the file then.
    beforeAll(() => void (seconds = writeGoForwardWav(recording)));
    const journey = useServerAndBrowser({}, [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${recording}%noloop`,
    ]);
    afterAll(() => rmSync(recording, { force: true }));

    it('records the question, and the offline recogniser’s transcript waits in the box for review', async () => {
      const { server, browser } = journey;
      const context = await newContext(browser, server.url);
      await context.grantPermissions(['microphone']);
      const page = await context.newPage();
      let uploads = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/ai/stt')) uploads++;
      });
      await newFounderOnOverview(page, server, 'voice');
      await page.goto('/ai-workspace');

      await page.getByRole('button', { name: 'Speak your question' }).click();
      // The timer and the level meter show while it records.
      await page.getByRole('timer', { name: /Recording for \d+ seconds/ }).waitFor();
      await expectAccessible(page, 'AI workspace, recording a question');
      await page.waitForTimeout(seconds * 1000 + 700);
      await page.getByRole('button', { name: 'Done' }).click();

      const box = page.getByRole('textbox', { name: 'Ask the coach' });
      await expect.poll(() => box.inputValue(), { timeout: 30_000 }).toMatch(/go forward ten meters/i);
      await page.getByText('Transcript added (basic recognition) — check it, then send.').waitFor();
      expect(uploads).toBe(1);
      expect(await page.getByText('Your recording could not be transcribed').count()).toBe(0);
      await context.close();
    });
  },
);
