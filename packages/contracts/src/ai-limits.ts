/*
 * The coach's size limits without the AI schemas: the workspace's composer and read-aloud check them, and zod is
 * no part of that page's load (bench/lighthouse.mjs). ai.ts re-exports them.
 */
export const TTS_MAX_CHARACTERS = 4000;
export const STT_MAX_BYTES = 25 * 1024 * 1024;
export const CHAT_INPUT_MAX_CHARACTERS = 8000;
