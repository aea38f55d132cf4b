import { aiMessages, STT_MAX_BYTES, sttResult, TTS_MAX_CHARACTERS, ttsBody } from '@liftoff/contracts/ai';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { readUploadedFile } from '../../../lib/uploads.js';
import { me, tags } from '../routes-shared.js';
import type { Speech } from './speech.js';
import type { UsageCaps } from '../conversations/usage-caps.js';
import { fileAnswer } from '../../../lib/answers.js';

/**
 * Reading text aloud and transcribing a recording, each spending the founder's speech cap first. The multipart
 * parser the transcription reads its upload with is registered by aiRoutes (routes.ts), for this scope only.
 */
export function registerSpeechRoutes(
  app: FastifyInstance,
  { speech, caps }: { speech: Speech; caps: UsageCaps },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/tts',
    {
      // 501 with read-aloud turned off; 502 when the speech server fails.
      config: { errors: [501, 502] },
      schema: {
        tags,
        summary: 'Read text aloud (Markdown is stripped); answers audio, audio/wav with eSpeak NG',
        description:
          "A founder's read-alouds are prepared one at a time, and at most three may be waiting: a fourth answers 429 until one is ready. The same text is served from a cache.",
        body: ttsBody.extend({
          text: z
            .string()
            .min(1, 'Required')
            .max(TTS_MAX_CHARACTERS, `At most ${TTS_MAX_CHARACTERS} characters`),
        }),
        response: { 200: fileAnswer('The audio (audio/wav with eSpeak NG)', ['audio/*']) },
      },
    },
    async (request, reply) => {
      await caps.spend('speech', me(request));
      const { audio, contentType, cached } = await speech.tts(me(request), request.body.text);
      return reply
        .header('content-type', contentType)
        .header('x-tts-cache', cached ? 'hit' : 'miss')
        .header('cache-control', 'private, max-age=86400')
        .send(audio);
    },
  );

  r.post(
    '/api/ai/stt',
    {
      // 501 with speech input turned off; 502 when the transcription server fails.
      config: { errors: [501, 502] },
      schema: {
        tags,
        summary: 'Transcribe a recording (multipart field `file`: WAV, WebM, Ogg, MP4/M4A, at most 25 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(sttResult) },
      },
    },
    async (request) => {
      await caps.spend('transcription', me(request));
      const { fileName, data: audio } = await readUploadedFile(
        request,
        'file',
        `The recording is larger than ${STT_MAX_BYTES / 1024 / 1024} MB. Record a shorter one.`,
      );
      if (!audio.length)
        throw badRequest('Please check: file', [{ path: 'file', message: 'The recording is empty' }]);
      return ok(aiMessages.transcribed, await speech.stt(audio, fileName));
    },
  );
}
