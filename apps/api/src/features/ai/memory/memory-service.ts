import { AI_MEMORY_MAX_COUNT, type AiMemory } from '@liftoff/contracts/ai-memory';
import type { Db } from '../../../db/client.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { memoryRepository } from './memory-repository.js';

const memoryNotFound = () => notFound('Memory not found');

/** What the founder asked the coach to keep: theirs to list, edit and delete, read into their own answers. */
export function createMemoryService(db: Db) {
  const repo = memoryRepository(db);
  return {
    list: (userId: string) => repo.listMemories(userId),
    async create(userId: string, content: string): Promise<AiMemory> {
      // The cap keeps the prompt small, not a quota: two saves at the same instant may pass it by one.
      return db.transaction(async (tx) => {
        const r = memoryRepository(tx);
        if ((await r.countMemories(userId)) >= AI_MEMORY_MAX_COUNT)
          throw conflict(
            `You can keep up to ${AI_MEMORY_MAX_COUNT} memories; delete one you no longer need first.`,
          );
        return r.insertMemory(userId, content);
      });
    },
    async update(userId: string, id: string, content: string): Promise<AiMemory> {
      const memory = await repo.updateMemory(userId, id, content);
      if (!memory) throw memoryNotFound();
      return memory;
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteMemory(userId, id))) throw memoryNotFound();
    },
    /** The contents, oldest first, for the coach's context. */
    async contentsFor(userId: string): Promise<string[]> {
      return (await repo.listMemories(userId)).map((m) => m.content);
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
