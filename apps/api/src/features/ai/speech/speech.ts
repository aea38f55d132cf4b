import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Capabilities } from '@liftoff/contracts/ai';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../../config.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { createAudioCache } from './audio-cache.js';
import { espeakVoiceFor } from './speech-voice.js';
import { ownerTurns } from './turns.js';

/** Turns Markdown into plain sentences worth reading aloud. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*([-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, '')
    .replace(/\|/g, ', ')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const require = createRequire(import.meta.url);

/** eSpeak NG compiled to WebAssembly, in a worker thread so synthesis never blocks the event loop. */
class EspeakWorker {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const jsPath = require.resolve('espeak-ng');
    const wasmPath = path.join(path.dirname(jsPath), 'espeak-ng.wasm');
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      const { pathToFileURL } = require('node:url');
      const ready = (async () => {
        const mod = await WebAssembly.compile(readFileSync(workerData.wasmPath));
        const factory = (await import(pathToFileURL(workerData.jsPath).href)).default;
        return { mod, factory };
      })();
      parentPort.on('message', async ({ id, text, voice }) => {
        try {
          const { mod, factory } = await ready;
          const instance = await factory({
            arguments: ['-w', '/out.wav', '-v', voice, '-f', '/in.txt'],
            preRun: [(m) => m.FS.writeFile('/in.txt', text)],
            instantiateWasm(imports, done) { WebAssembly.instantiate(mod, imports).then((i) => done(i, mod)); return {}; },
            print() {}, printErr() {},
          });
          const wav = instance.FS.readFile('/out.wav');
          parentPort.postMessage({ id, wav }, [wav.buffer]);
        } catch (error) {
          parentPort.postMessage({ id, error: String((error && error.message) || error) });
        }
      });`;
    const worker = new Worker(source, { eval: true, workerData: { jsPath, wasmPath } });
    worker.unref();
    worker.on('message', (message: { id: number; wav?: Uint8Array; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!waiter) return;
      if (message.wav)
        waiter.resolve(Buffer.from(message.wav.buffer, message.wav.byteOffset, message.wav.byteLength));
      else waiter.reject(new Error(message.error ?? 'speech synthesis failed'));
    });
    worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
      this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  synthesize(text: string, voice: string): Promise<Buffer> {
    const worker = this.ensure();
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, voice });
    });
  }

  async close() {
    await this.worker?.terminate();
    this.worker = null;
  }
}

function onPath(bin: string): string | null {
  const candidates = bin.includes('/')
    ? [bin]
    : (process.env.PATH ?? '').split(':').map((dir) => path.join(dir, bin));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

const run = (file: string, args: string[], timeoutMs: number) =>
  new Promise<string>((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} failed: ${stderr || error.message}`.slice(0, 500)));
      else resolve(stdout);
    });
  });

const acceptedAudio = new Set(['wav', 'webm', 'ogg', 'oga', 'opus', 'mp4', 'm4a']);
/** Read-alouds a founder may have being prepared at once: the one with the engine and two waiting. */
const TTS_QUEUED_PER_FOUNDER = 3;

export function createSpeech(config: Config, log: { warn: (obj: unknown, msg: string) => void }) {
  const espeak = new EspeakWorker();
  const cache = createAudioCache(
    path.join(config.DATA_DIR, 'tts-cache'),
    config.AI_TTS_CACHE_MB * 1024 * 1024,
  );
  const inFlight = new Map<string, Promise<{ audio: Buffer; contentType: string }>>();
  // Synthesis takes turns per founder (turns.ts): one at a time each, and a few more waiting at most.
  const turns = ownerTurns(TTS_QUEUED_PER_FOUNDER);
  const ttsEngine = config.AI_TTS_ENGINE === 'off' ? null : config.AI_TTS_ENGINE;
  const voice = config.AI_TTS_VOICE ?? (ttsEngine === 'openai' ? 'alloy' : 'en-us');
  // A speech server's voices speak every language; eSpeak's configured voice reads Latin text, and text in
  // another script gets that script's voice (speech-voice.ts).
  const voiceFor = (text: string) => (ttsEngine === 'openai' ? voice : espeakVoiceFor(text, voice));

  const sox = onPath('sox');
  const ffmpeg = onPath('ffmpeg');
  const sphinx = onPath(config.AI_POCKETSPHINX_BIN);
  const modelDir = config.AI_POCKETSPHINX_MODEL_DIR;
  const sphinxReady = Boolean(sphinx && (sox || ffmpeg) && existsSync(modelDir));
  let sttEngine: 'openai' | 'pocketsphinx' | null = null;
  if (config.AI_STT_ENGINE === 'openai' || (config.AI_STT_ENGINE === 'auto' && config.AI_STT_BASE_URL))
    sttEngine = 'openai';
  else if ((config.AI_STT_ENGINE === 'auto' || config.AI_STT_ENGINE === 'pocketsphinx') && sphinxReady)
    sttEngine = 'pocketsphinx';
  if (config.AI_STT_ENGINE === 'pocketsphinx' && !sphinxReady) {
    log.warn(
      { sphinx, sox, ffmpeg, modelDir },
      'AI_STT_ENGINE=pocketsphinx but pocketsphinx_continuous, sox or the model is missing; speech input is off',
    );
  }
  // Offline recognition decodes with sox (WAV, Ogg Vorbis) or, when installed, ffmpeg (everything the browser records).
  const sphinxFormats = ffmpeg
    ? ['audio/wav', 'audio/webm', 'audio/ogg', 'audio/opus', 'audio/mp4', 'audio/x-m4a']
    : ['audio/wav', 'audio/ogg'];

  async function synthesize(text: string, voice: string): Promise<{ audio: Buffer; contentType: string }> {
    if (ttsEngine === 'openai') {
      const base = config.AI_TTS_BASE_URL!.replace(/\/$/, '');
      let response: Response;
      try {
        response = await fetch(`${base}/audio/speech`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.AI_TTS_API_KEY ? { authorization: `Bearer ${config.AI_TTS_API_KEY}` } : {}),
          },
          body: JSON.stringify({ model: config.AI_TTS_MODEL, input: text, voice, response_format: 'wav' }),
          signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
        });
      } catch {
        throw new AppError(
          502,
          'UPSTREAM_FAILED',
          'The speech server could not be reached. Please try again later.',
        );
      }
      if (!response.ok)
        throw new AppError(
          502,
          'UPSTREAM_FAILED',
          `The speech server failed (HTTP ${response.status}). Please try again.`,
        );
      return {
        audio: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'audio/wav',
      };
    }
    return { audio: await espeak.synthesize(text, voice), contentType: 'audio/wav' };
  }

  return {
    capabilities(): Pick<Capabilities, 'tts' | 'stt'> {
      return {
        tts: { engine: ttsEngine },
        stt: {
          engine: sttEngine,
          basic: sttEngine === 'pocketsphinx',
          formats:
            sttEngine === 'openai'
              ? ['audio/wav', 'audio/webm', 'audio/ogg', 'audio/opus', 'audio/mp4', 'audio/x-m4a']
              : sttEngine
                ? sphinxFormats
                : [],
        },
      };
    },

    /**
     * Audio for a text, from the cache when the same engine, voice and text were read before. A text someone is
     * already waiting for is synthesized once; anything else waits for the founder's earlier read-alouds.
     */
    async tts(
      founder: string,
      markdown: string,
    ): Promise<{ audio: Buffer; contentType: string; cached: boolean }> {
      if (!ttsEngine)
        throw new AppError(
          501,
          'NOT_IMPLEMENTED',
          'Read-aloud is turned off on this server. Set AI_TTS_ENGINE=espeak (built in) or openai with AI_TTS_BASE_URL.',
        );
      const text = stripMarkdown(markdown);
      if (!text) throw badRequest('Please check: text', [{ path: 'text', message: 'Nothing to read aloud' }]);
      const textVoice = voiceFor(text);
      const key = createHash('sha256')
        .update(`${ttsEngine}\n${config.AI_TTS_MODEL}\n${textVoice}\n${text}`)
        .digest('hex');
      const cached = await cache.get(key);
      if (cached) return { ...cached, cached: true };
      let job = inFlight.get(key);
      if (!job) {
        const turn = turns.take(founder, () => synthesize(text, textVoice));
        if (!turn)
          throw new AppError(
            429,
            'RATE_LIMITED',
            'Your earlier read-alouds are still being prepared. Please wait for them before asking for more.',
          );
        job = turn.then(async (result) => {
          await cache.put(key, result);
          return result;
        });
        inFlight.set(key, job);
        void job.finally(() => inFlight.delete(key)).catch(() => {});
      }
      return { ...(await job), cached: false };
    },

    async stt(
      audio: Buffer,
      fileName: string,
    ): Promise<{ text: string; engine: 'openai' | 'pocketsphinx'; basic: boolean }> {
      if (!sttEngine) {
        throw new AppError(
          501,
          'NOT_IMPLEMENTED',
          'Speech input is not set up on this server. Set AI_STT_BASE_URL (and AI_STT_API_KEY, AI_STT_MODEL) to an OpenAI-compatible transcription server, or install the Debian packages pocketsphinx, pocketsphinx-en-us and sox for basic offline recognition.',
        );
      }
      const type = await fileTypeFromBuffer(audio);
      if (!type || !acceptedAudio.has(type.ext)) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Please send a WAV, WebM, Ogg, MP4 or M4A recording.',
          [{ path: 'file', message: 'Unsupported audio format' }],
        );
      }
      if (sttEngine === 'openai') {
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(audio)], { type: type.mime }),
          fileName || `audio.${type.ext}`,
        );
        form.append('model', config.AI_STT_MODEL);
        form.append('response_format', 'json');
        let response: Response;
        try {
          response = await fetch(`${config.AI_STT_BASE_URL!.replace(/\/$/, '')}/audio/transcriptions`, {
            method: 'POST',
            headers: config.AI_STT_API_KEY ? { authorization: `Bearer ${config.AI_STT_API_KEY}` } : {},
            body: form,
            signal: AbortSignal.timeout(Math.max(config.AI_TIMEOUT_MS, 60_000)),
          });
        } catch {
          throw new AppError(
            502,
            'UPSTREAM_FAILED',
            'The transcription server could not be reached. Please try again later.',
          );
        }
        if (!response.ok)
          throw new AppError(
            502,
            'UPSTREAM_FAILED',
            `The transcription server failed (HTTP ${response.status}). Please try again.`,
          );
        const body = (await response.json().catch(() => ({}))) as { text?: unknown };
        return {
          text: typeof body.text === 'string' ? body.text.trim() : '',
          engine: 'openai',
          basic: false,
        };
      }
      if (!sphinxFormats.includes(type.mime) && !(type.ext === 'wav' || type.ext === 'ogg')) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Offline speech recognition reads WAV or Ogg Vorbis recordings on this server (install ffmpeg for WebM and MP4).',
          [{ path: 'file', message: 'Unsupported audio format for offline recognition' }],
        );
      }
      const dir = path.join(tmpdir(), `liftoff-stt-${randomUUID()}`);
      await mkdir(dir, { recursive: true });
      try {
        const input = path.join(dir, `in.${type.ext}`);
        const raw = path.join(dir, 'audio.raw');
        await writeFile(input, audio);
        if (sox && (type.ext === 'wav' || type.ext === 'ogg')) {
          await run(
            sox,
            [input, '-t', 'raw', '-r', '16000', '-e', 'signed-integer', '-b', '16', '-c', '1', raw],
            60_000,
          );
        } else {
          await run(
            ffmpeg!,
            ['-nostdin', '-loglevel', 'error', '-i', input, '-f', 's16le', '-ac', '1', '-ar', '16000', raw],
            60_000,
          );
        }
        const model = existsSync(path.join(modelDir, 'en-us'))
          ? [
              '-hmm',
              path.join(modelDir, 'en-us'),
              '-lm',
              path.join(modelDir, 'en-us.lm.bin'),
              '-dict',
              path.join(modelDir, 'cmudict-en-us.dict'),
            ]
          : [];
        const out = await run(sphinx!, ['-infile', raw, ...model, '-logfn', '/dev/null'], 120_000);
        const text = out
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' ');
        return { text, engine: 'pocketsphinx', basic: true };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          422,
          'VALIDATION_FAILED',
          'The recording could not be decoded. Please try again.',
          [{ path: 'file', message: 'Unreadable audio' }],
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    close: () => espeak.close(),
  };
}

export type Speech = ReturnType<typeof createSpeech>;
