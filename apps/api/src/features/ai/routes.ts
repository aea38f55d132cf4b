import { aiMessages, capabilities, STT_MAX_BYTES, type Capabilities } from '@liftoff/contracts/ai';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { withMultipart } from '../../lib/uploads.js';
import { registerChatRoutes } from './conversations/chat-routes.js';
import { registerHistoryRoutes } from './conversations/history-routes.js';
import { tags } from './routes-shared.js';
import type { AiService } from './conversations/service.js';
import { registerSessionRoutes } from './conversations/session-routes.js';
import { registerSpeechRoutes } from './speech/speech-routes.js';
import type { Speech } from './speech/speech.js';
import type { UsageCaps } from './conversations/usage-caps.js';
import { registerMemoryRoutes } from './memory/memory-routes.js';
import type { MemoryService } from './memory/memory-service.js';

export interface AiRoutesOptions {
  service: AiService;
  memory: MemoryService;
  speech: Speech;
  caps: UsageCaps;
  chatModel: Capabilities['chatModel'];
  /** Answers false when the workspace_ai flag is off: then every AI call is a 404. */
  isEnabled: () => Promise<boolean>;
}

export async function aiRoutes(app: FastifyInstance, options: AiRoutesOptions) {
  const { service, speech } = options;
  app.addHook('onRequest', async (request) => {
    if (!(await options.isEnabled())) {
      throw new AppError(
        404,
        'NOT_FOUND',
        `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      );
    }
  });
  // So every call here documents that 404, whatever its own parameters (the OpenAPI document reads `errors`).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errors: [...(route.config?.errors ?? []), 404] };
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/ai/capabilities',
    {
      schema: {
        tags,
        summary: 'Which chat model and speech engines are on',
        response: { 200: envelope(capabilities) },
      },
    },
    async () => ok(aiMessages.capabilities, { chatModel: options.chatModel, ...speech.capabilities() }),
  );

  // The other calls, grouped by what they serve, in their old order: the OpenAPI document lists paths so.
  registerChatRoutes(app, { service });
  registerSessionRoutes(app, { service });
  registerHistoryRoutes(app, { service });
  registerMemoryRoutes(app, { memory: options.memory });
  // The recordings to transcribe come as multipart/form-data.
  await withMultipart(app, { limits: { fileSize: STT_MAX_BYTES, files: 1, fields: 5 } }, (speechScope) =>
    registerSpeechRoutes(speechScope, { speech, caps: options.caps }),
  );
}
