import { FLAG_WORKSPACE_AI } from '@liftoff/contracts/flags';
import type { FastifyInstance } from 'fastify';
import type { CoachContextProvider } from './model/context.js';
import { CoachGenerationManager } from './model/coach-turn.js';
import { indexKnowledge } from './retrieval/indexer.js';
import { createChatModel, OfflineCoachModel } from './model/models.js';
import { aiRepository } from './repository.js';
import { aiRoutes } from './routes.js';
import { passageRetriever } from './retrieval/retrieval.js';
import { createAiService } from './conversations/service.js';
import { createMemoryService } from './memory/memory-service.js';
import { createSpeech } from './speech/speech.js';
import { usageCaps } from './conversations/usage-caps.js';
import { tracedModel } from './model/traced-model.js';
import { tracedSpeech } from './speech/traced-speech.js';

export interface AiFeatureOptions {
  contentDir: string;
  contextProvider: CoachContextProvider;
  isFlagEnabled: (key: string) => Promise<boolean>;
}

/**
 * The AI workspace as one encapsulated plugin: indexes the coach's knowledge (idempotent), picks the chat model
 * and speech engines from the configuration, and lets answers finish on shutdown before the server closes.
 */
export async function aiFeature(app: FastifyInstance, options: AiFeatureOptions) {
  const { config } = app;
  const passages = await indexKnowledge(app.db, options.contentDir, app.log);
  const retrieve = await passageRetriever(aiRepository(app.db), passages);
  const repository = aiRepository(app.db);
  const untraced = createChatModel(config, {
    retrieve,
    passages,
    answersTo: (userId, questionId) => repository.answersTo(userId, questionId),
  });
  const chat = { ...untraced, model: tracedModel(untraced.model, app.tracer, app.metrics) };
  const generations = new CoachGenerationManager({
    chat,
    // With a model server configured, the offline coach stands in when it fails (docs/decisions/017).
    fallback:
      !chat.offline && config.AI_FALLBACK === 'offline'
        ? tracedModel(new OfflineCoachModel(0), app.tracer, app.metrics)
        : null,
    repository: aiRepository(app.db),
    timeoutMs: config.AI_TIMEOUT_MS,
    maxOutputTokens: config.AI_MAX_OUTPUT_TOKENS,
    stopPollMs: config.AI_STOP_POLL_MS,
    abandonedAfterMs: config.AI_ABANDONED_AFTER_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => generations.startSweeping());
  if (app.metrics) app.metrics.sources.answersStreaming = () => generations.size;
  const speech = tracedSpeech(createSpeech(config, app.log), app.tracer);
  const caps = usageCaps(app.limiter, config);
  const memory = createMemoryService(app.db);
  const service = createAiService({
    db: app.db,
    memories: (userId) => memory.contentsFor(userId),
    contextProvider: options.contextProvider,
    generations,
    retrieve,
    admitAnswer: (userId) => caps.admitAnswer(userId),
    crisisResources: config.AI_CRISIS_RESOURCES,
  });
  // Before the server closes, not after: a streaming answer holds its connection open, so the server cannot close
  // until the answers end. Running answers get 5 s, then the rest are stopped and saved with what their clients
  // saw, and every stream ends with its final event (the server already answers new calls with 503).
  app.addHook('preClose', async () => {
    await generations.drain(5_000);
  });
  app.addHook('onClose', async () => {
    await generations.drain(0);
    chat.close?.();
    await speech.close();
  });
  await app.register(aiRoutes, {
    service,
    memory,
    speech,
    caps,
    chatModel: { provider: chat.provider, model: chat.modelId, offline: chat.offline },
    isEnabled: () => options.isFlagEnabled(FLAG_WORKSPACE_AI),
  });
}
