import type { Config } from '../../../config.js';
import { tooManyRequests } from '../../../lib/errors.js';
import type { Limiter } from '../../../plugins/rate-limit.js';

const HOUR_SECONDS = 3600;
/** A running answer's slot frees itself this long after its instance last took one (it died mid-answer). */
const ANSWER_LEASE_SECONDS = 15 * 60;
/** When a founder at the cap of running answers is told to try again: an answer usually takes seconds. */
const RUNNING_RETRY_SECONDS = 10;

export type SpeechUse = 'speech' | 'transcription';

function inTime(seconds: number) {
  return seconds < 90 ? `${Math.max(1, Math.ceil(seconds))} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * What one founder may spend on the model and the speech engines (each call of a paid model is billed): a
 * number of answers running at once and budgets per hour. Counted by the app's limiter, so with REDIS_URL every
 * instance shares them, in memory otherwise.
 */
export function usageCaps(limiter: Limiter, config: Config) {
  return {
    /**
     * Admits one coach answer: a running slot and one of the hour's answers. Answers the slot's release, to be
     * called once the answer ended. Refuses with 429 and when to try again.
     */
    async admitAnswer(userId: string): Promise<() => void> {
      const slot = `ai:running:${userId}`;
      if (!(await limiter.acquire(slot, config.AI_MAX_RUNNING_ANSWERS, ANSWER_LEASE_SECONDS))) {
        throw tooManyRequests(
          RUNNING_RETRY_SECONDS,
          `You already have ${config.AI_MAX_RUNNING_ANSWERS} answers being written. Try again when one has finished, in about ${RUNNING_RETRY_SECONDS} seconds.`,
        );
      }
      const release = () => void limiter.release(slot).catch(() => {});
      try {
        const budget = await limiter.hit(`ai:answers:${userId}`, config.AI_ANSWERS_PER_HOUR, HOUR_SECONDS);
        if (!budget.allowed) {
          throw tooManyRequests(
            budget.retryAfterSeconds,
            `You have used this hour's ${config.AI_ANSWERS_PER_HOUR} coach answers. Try again in ${inTime(budget.retryAfterSeconds)}.`,
          );
        }
      } catch (error) {
        release();
        throw error;
      }
      return release;
    },

    /** Counts one read-aloud or transcription against the hour's budget, or refuses with 429. */
    async spend(use: SpeechUse, userId: string) {
      const max = use === 'speech' ? config.AI_SPEECH_PER_HOUR : config.AI_TRANSCRIPTIONS_PER_HOUR;
      const budget = await limiter.hit(`ai:${use}:${userId}`, max, HOUR_SECONDS);
      if (!budget.allowed) {
        const what = `${use === 'speech' ? 'read-aloud' : 'transcription'}${max === 1 ? '' : 's'}`;
        throw tooManyRequests(
          budget.retryAfterSeconds,
          `You have used this hour's ${max} ${what}. Try again in ${inTime(budget.retryAfterSeconds)}.`,
        );
      }
    },
  };
}

export type UsageCaps = ReturnType<typeof usageCaps>;
