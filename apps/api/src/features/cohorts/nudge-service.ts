import type { NudgeBody, NudgeMessage } from '@liftoff/contracts/cohorts-nudges';
import type { AppEvent } from '@liftoff/contracts/events';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { DashboardService } from './dashboard-service.js';
import type { ScopedPerson } from './scope.js';
import type { AuditEntry } from './sources.js';
import { nudgeRepository } from './nudge-repository.js';

/** A founder's next step as a nudge names it and links to it; app.ts reads it from the programs room. */
export type NextStepOf = (userId: string) => Promise<{ title: string; link: string } | null>;

type NudgeEvent = Extract<AppEvent, { type: 'founder.nudged' }>;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(firstName|nextStep)\}/g, (_, key: string) => values[key] ?? '');

/**
 * Nudges from the dashboard: one founder, several, or every founder flagged for a reason, each in words that
 * name their own next step. The manager previews the messages; sending records each on the founder's
 * timeline and tells the founder through the event bus (the notifications room mails it).
 */
export function createNudgeService(deps: {
  db: Db;
  now: () => Date;
  nextStep: NextStepOf;
  dashboard: Pick<DashboardService, 'dashboard'>;
  audit: (entry: AuditEntry) => Promise<void>;
  publish: (event: NudgeEvent) => void;
}) {
  async function messages(person: ScopedPerson, cohortId: string, body: NudgeBody): Promise<NudgeMessage[]> {
    // The dashboard scopes the cohort to its managers (404 otherwise) and knows who is flagged for what.
    const board = await deps.dashboard.dashboard(person, cohortId);
    const recipients = body.reason
      ? board.founders.filter((f) => f.stuck === body.reason)
      : body.founderIds!.map((id) => {
          const found = board.founders.find((f) => f.id === id);
          if (!found) throw notFound('Founder not found');
          return found;
        });
    return Promise.all(
      recipients.map(async (founder) => {
        const next = await deps.nextStep(founder.id);
        const firstName = founder.name.trim().split(/\s+/)[0] || 'there';
        return {
          founderId: founder.id,
          name: founder.name,
          email: founder.email,
          subject: body.subject,
          body: fill(body.template, { firstName, nextStep: next?.title ?? 'on your overview' }),
          link: next?.link ?? '/overview',
        };
      }),
    );
  }

  return {
    preview: messages,

    async send(person: ScopedPerson, cohortId: string, body: NudgeBody) {
      const list = await messages(person, cohortId, body);
      const sentAt = deps.now();
      const rows = await nudgeRepository(deps.db).insert(
        list.map((m) => ({
          cohortId,
          founderId: m.founderId,
          sentById: person.userId,
          reason: body.reason ?? null,
          subject: m.subject,
          body: m.body,
          link: m.link,
          sentAt,
        })),
      );
      await deps.audit({
        actorId: person.userId,
        action: 'cohort.nudged',
        recordType: 'cohort',
        recordId: cohortId,
        after: { founders: list.length, reason: body.reason ?? null, subject: body.subject },
      });
      for (const row of rows)
        deps.publish({
          type: 'founder.nudged',
          nudgeId: row.id,
          founderId: row.founderId,
          cohortId,
          subject: row.subject,
          body: row.body,
          link: row.link,
        });
      return { sent: rows.length, messages: list };
    },
  };
}

export type NudgeService = ReturnType<typeof createNudgeService>;
