import { z } from 'zod';

/** Success messages of the coach's memory: what the founder asked it to keep. */
export const aiMemoryMessages = {
  list: 'Memories fetched successfully',
  created: 'Memory saved successfully',
  updated: 'Memory updated successfully',
  deleted: 'Memory deleted successfully',
} as const;

/** How many memories one founder keeps: enough for their customers, decisions and prices, small enough for a prompt. */
export const AI_MEMORY_MAX_COUNT = 50;
export const AI_MEMORY_MAX_CHARACTERS = 500;

/** A fact the founder gave the coach, seen by them alone and used in their later conversations. */
export const aiMemory = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiMemory = z.infer<typeof aiMemory>;

export const aiMemoryList = z.object({ items: z.array(aiMemory) });
export const aiMemoryBody = z
  .object({ content: z.string().trim().min(1, 'Required').max(AI_MEMORY_MAX_CHARACTERS) })
  .strict();
export const aiMemoryParams = z.object({ id: z.uuid() });
