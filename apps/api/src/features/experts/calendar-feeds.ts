import type { CalendarFeed } from '@liftoff/contracts/expert-meetings';
import { createHash, randomBytes } from 'node:crypto';
import { notFound } from '../../lib/errors.js';
import { buildFeed } from './ics.js';
import { fullName, meetingInvites } from './meeting-invites.js';
import type { MeetingsDeps } from './meetings-deps.js';
import { meetingsRepository } from './meetings-repository.js';
import { expertsRepository } from './repository.js';
import type { ExpertRow } from './tables.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The expert's private calendar feed (docs/decisions/021): a random token whose SHA-256 alone is stored,
 * so the subscription URL is shown once, when made. Regenerating replaces it; revoking deletes it.
 */
export function calendarFeeds(deps: MeetingsDeps, ownProfile: (userId: string) => Promise<ExpertRow>) {
  const { db } = deps;
  const invites = meetingInvites(deps);
  return {
    async feed(userId: string): Promise<CalendarFeed> {
      const expert = await ownProfile(userId);
      const row = await meetingsRepository(db).feedOf(expert.id);
      return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, url: null };
    },

    /** A new subscription URL; the token is shown this once and only its hash is kept. */
    async regenerateFeed(userId: string): Promise<CalendarFeed> {
      const expert = await ownProfile(userId);
      const token = randomBytes(32).toString('base64url');
      const row = await meetingsRepository(db).putFeed(expert.id, hashOf(token));
      return {
        active: true,
        createdAt: row.createdAt.toISOString(),
        // The token rides in the query: request logs keep the path only.
        url: `${deps.appUrl}/api/calendar-feeds/meetings.ics?token=${token}`,
      };
    },

    async revokeFeed(userId: string): Promise<CalendarFeed> {
      const expert = await ownProfile(userId);
      await meetingsRepository(db).deleteFeed(expert.id);
      return { active: false, createdAt: null, url: null };
    },

    /** The feed's calendar: the expert's accepted meetings. An unknown or revoked token is a 404. */
    async feedCalendar(token: string): Promise<string> {
      const feed = await meetingsRepository(db).feedByHash(hashOf(token));
      if (!feed) throw notFound('This calendar feed does not exist or was revoked.');
      const expert = (await expertsRepository(db).findById(feed.expertId))!;
      const rows = await meetingsRepository(db).accepted(expert.id);
      const people = await deps.people([...new Set(rows.map((r) => r.userId))]);
      return buildFeed(
        `Liftoff meetings of ${fullName(expert)}`,
        rows.map((row) => invites.eventOf(row, expert, people.get(row.userId)?.email ?? '')),
      );
    },
  };
}
