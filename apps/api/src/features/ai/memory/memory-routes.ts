import {
  aiMemory,
  aiMemoryBody,
  aiMemoryList,
  aiMemoryMessages,
  aiMemoryParams,
} from '@liftoff/contracts/ai-memory';
import { envelope } from '@liftoff/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.js';
import { me, tags } from '../routes-shared.js';
import type { MemoryService } from './memory-service.js';

/** The founder's memories: listing, saving, editing and deleting what the coach keeps about them. */
export function registerMemoryRoutes(app: FastifyInstance, { memory }: { memory: MemoryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/ai/memories',
    {
      schema: {
        tags,
        summary: 'What the coach keeps about the founder',
        response: { 200: envelope(aiMemoryList) },
      },
    },
    async (request) => ok(aiMemoryMessages.list, { items: await memory.list(me(request)) }),
  );

  r.post(
    '/api/ai/memories',
    {
      // 409: the founder already keeps the most memories allowed.
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Ask the coach to keep a fact',
        body: aiMemoryBody,
        response: { 201: envelope(aiMemory) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(aiMemoryMessages.created, await memory.create(me(request), request.body.content))),
  );

  r.put(
    '/api/ai/memories/:id',
    {
      schema: {
        tags,
        summary: 'Edit a memory',
        params: aiMemoryParams,
        body: aiMemoryBody,
        response: { 200: envelope(aiMemory) },
      },
    },
    async (request) =>
      ok(aiMemoryMessages.updated, await memory.update(me(request), request.params.id, request.body.content)),
  );

  r.delete(
    '/api/ai/memories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a memory',
        params: aiMemoryParams,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await memory.remove(me(request), request.params.id);
      return ok(aiMemoryMessages.deleted, {});
    },
  );
}
