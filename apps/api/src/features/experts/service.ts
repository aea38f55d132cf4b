import type { EventOf } from '@liftoff/contracts/events';
import {
  expertErrors,
  type AskQuestionBody,
  type Availability,
  type AvailabilityQuery,
  type Expert,
  type ExpertQuestion,
  type FounderContext,
  type MeetingRequest,
  type RequestMeetingBody,
} from '@liftoff/contracts/experts';
import type { FastifyBaseLogger } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import { dateIn, dayBounds, freeSlots, isCalendarDate, isoIn } from './availability.js';
import { availabilityCalendar, checkZone, serviceOf } from './availability-calendar.js';
import type { BusyOf } from './calendars/busy-times.js';
import type { FounderContextProvider, FounderDetails } from './founder-context.js';
import type { MeetingsService } from './meetings-service.js';
import { contextLines, fullName, meetingInvites, when } from './meeting-invites.js';
import { videoUrlOf } from './meeting-place.js';
import { expertsRepository, toExpert, toExpertSummary, toMeeting } from './repository.js';
import type { ExpertQuestionRow, ExpertRow, MeetingRequestRow } from './tables.js';

export interface ExpertsDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  mailFrom: string;
  /** The clock every time rule reads (minimum notice, booking window); tests fix it. */
  now: () => Date;
  founder: FounderContextProvider;
  /** Signs the expert's accept/decline link. */
  secret: string;
  /** What holds the expert's time: live meetings and connected calendars (calendars/busy-times.ts). */
  busy: BusyOf;
  /** Changes of a meeting after its request: answers, cancelling (meetings-service.ts). */
  meetings: Pick<MeetingsService, 'cancelByFounder' | 'answerByLink'>;
  /** Tells an expert with an account of a new question or meeting request (notifications listen). */
  publish: (event: EventOf<'question.asked'> | EventOf<'meeting.requested'>) => void;
}

export type ExpertAnswer = 'accept' | 'decline';

const DAY = 24 * 60 * 60 * 1000;
const expertMissing = () => notFound('Expert not found.');
const meetingMissing = () => notFound('Meeting request not found.');

/** True when the error is PostgreSQL's unique violation (also when Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

const snapshot = (details: FounderDetails): FounderContext => ({
  founderName: details.founderName,
  startupName: details.startupName,
  programName: details.programName,
  milestoneName: details.milestoneName,
  missionName: details.missionName,
  stage: details.stage ?? null,
  stepName: details.stepName ?? null,
});

export function createExpertsService(deps: ExpertsDeps) {
  const { db } = deps;
  const { inviteOf, queueMail } = meetingInvites(deps);

  async function expertRow(id: string): Promise<ExpertRow> {
    const row = await expertsRepository(db).findById(id);
    if (!row) throw expertMissing();
    return row;
  }

  const responseToken = (id: string) =>
    createHmac('sha256', deps.secret).update(`meeting-response:${id}`).digest('base64url');
  const responseUrl = (id: string) =>
    `${deps.appUrl}/api/expert/meetings/${id}/respond?token=${responseToken(id)}`;
  function checkResponseToken(id: string, token: string) {
    const expected = Buffer.from(responseToken(id));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw notFound('This link is not valid. Please use the link of the latest e-mail about this meeting.');
    }
  }

  function toQuestion(row: ExpertQuestionRow, expert: ExpertRow): ExpertQuestion {
    return {
      id: row.id,
      expertId: row.expertId,
      expert: toExpertSummary(expert),
      subject: row.subject,
      question: row.question,
      missionId: row.missionId,
      context: row.context,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function mailMeeting(row: MeetingRequestRow, expert: ExpertRow, founderEmail: string, tx?: DbOrTx) {
    const ics = { body: inviteOf(row, expert, founderEmail), method: 'REQUEST' as const };
    const founderName = row.context?.founderName ?? founderEmail;
    const expertZone = expert.availability.timezone;
    const note = row.note ? [`Note: ${row.note}`] : [];
    const join = `The meeting takes place on a video call of its own: ${videoUrlOf(row)}`;
    const myMeetings = { label: 'See your meeting requests', url: `${deps.appUrl}/overview` };
    await queueMail(
      founderEmail,
      {
        subject: `Meeting requested: ${row.serviceName} with ${fullName(expert)}`,
        heading: 'Your meeting request is on its way',
        paragraphs: [
          `You asked ${fullName(expert)} for a ${row.serviceName.toLowerCase()} (${row.durationMinutes} minutes) on ${when(row.startsAt, row.timezone)}.`,
          ...note,
          join,
          `${expert.firstName} will confirm by e-mail. The attached invite puts it in your calendar; you can cancel it from your meeting requests.`,
        ],
        action: myMeetings,
      },
      ics,
      tx,
    );
    await queueMail(
      expert.email,
      {
        subject: `New meeting request from ${founderName}: ${row.serviceName}`,
        heading: `${founderName} would like to meet`,
        paragraphs: [
          `${row.serviceName} (${row.durationMinutes} minutes) on ${when(row.startsAt, expertZone)} — ${when(row.startsAt, row.timezone)} for the founder.`,
          ...note,
          ...(row.context ? contextLines(row.context, founderEmail) : [`Founder: ${founderEmail}`]),
          join,
          'Accept or decline with the button below; the founder gets an updated invite either way.',
        ],
        action: { label: 'Accept or decline', url: responseUrl(row.id) },
        footer: 'You received this e-mail because you are a Liftoff expert.',
      },
      ics,
      tx,
    );
  }

  async function expertsById(ids: string[]) {
    return new Map((await expertsRepository(db).findByIds([...new Set(ids)])).map((row) => [row.id, row]));
  }

  return {
    ...availabilityCalendar(deps),

    async list(): Promise<Expert[]> {
      return (await expertsRepository(db).list()).map(toExpert);
    },

    async get(id: string): Promise<Expert> {
      return toExpert(await expertRow(id));
    },

    async availability(expertId: string, query: AvailabilityQuery): Promise<Availability> {
      if (!isCalendarDate(query.date)) {
        throw badRequest(`date: "${query.date}" is not a calendar date in the form YYYY-MM-DD.`, [
          { path: 'date', message: 'Expected a real date, YYYY-MM-DD' },
        ]);
      }
      const timezone = checkZone(query.timezone);
      const expert = await expertRow(expertId);
      const rules = expert.availability;
      const service = serviceOf(rules, query.serviceKey);
      const day = dayBounds(query.date, timezone);
      const busy = await deps.busy(expert, new Date(day.start - DAY), new Date(day.end + DAY));
      const slots = freeSlots({ rules, service, date: query.date, timezone, now: deps.now(), busy });
      return {
        slots: slots.map((ms) => isoIn(ms, timezone)),
        timezone,
        serviceKey: service.serviceKey,
        duration: service.duration,
        date: query.date,
        expertTimezone: rules.timezone,
      };
    },

    /**
     * Books a slot. The expert's row is locked for the rest of the transaction, so two requests for the
     * same expert are checked one after the other against committed meetings; the partial unique index on
     * (expert, start) of live requests is the safety net.
     */
    async requestMeeting(userId: string, body: RequestMeetingBody): Promise<MeetingRequest> {
      const timezone = checkZone(body.timezone);
      const details = await deps.founder.details(userId);
      const start = Date.parse(body.start);
      const date = dateIn(start, timezone);
      const day = dayBounds(date, timezone);
      let expert: ExpertRow | undefined;
      let row: MeetingRequestRow;
      try {
        row = await db.transaction(async (tx) => {
          const repo = expertsRepository(tx);
          expert = await repo.lockById(body.expertId);
          if (!expert) throw expertMissing();
          const rules = expert.availability;
          const service = serviceOf(rules, body.serviceKey);
          const query = { rules, service, date, timezone, now: deps.now() };
          if (!freeSlots(query).includes(start)) {
            throw badRequest(expertErrors.notASlot, [
              { path: 'start', message: 'Not one of the free slots' },
            ]);
          }
          // The calendars' busy blocks as last read: no network while the expert's row is locked.
          const busy = await deps.busy(expert, new Date(day.start - DAY), new Date(day.end + DAY), {
            db: tx,
          });
          const taken = !freeSlots({ ...query, busy }).includes(start);
          if (taken) throw conflict(expertErrors.slotTaken);
          const inserted = await repo.insertMeeting({
            expertId: expert.id,
            userId,
            serviceKey: service.serviceKey,
            serviceName: service.name,
            durationMinutes: service.duration,
            startsAt: new Date(start),
            endsAt: new Date(start + service.duration * 60_000),
            timezone,
            note: body.note || null,
            context: snapshot(details),
          });
          await mailMeeting(inserted, expert, details.email ?? '', tx);
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(expertErrors.slotTaken);
        throw error;
      }
      if (expert!.userId)
        deps.publish({
          type: 'meeting.requested',
          meetingId: row.id,
          expertUserId: expert!.userId,
          founderName: row.context?.founderName ?? details.email ?? 'A founder',
          serviceName: row.serviceName,
          start: row.startsAt.toISOString(),
        });
      return toMeeting(row, expert!);
    },

    async meetings(userId: string): Promise<MeetingRequest[]> {
      const rows = await expertsRepository(db).meetingsOf(userId);
      const experts = await expertsById(rows.map((r) => r.expertId));
      return rows.map((row) => toMeeting(row, experts.get(row.expertId)!));
    },

    async cancelMeeting(userId: string, id: string): Promise<MeetingRequest> {
      return deps.meetings.cancelByFounder(userId, id);
    },

    /** The meeting's current calendar invite (`.ics`), for "add to calendar". */
    async invite(userId: string, id: string): Promise<string> {
      const repo = expertsRepository(db);
      const row = await repo.meetingOf(userId, id);
      if (!row) throw meetingMissing();
      const expert = (await repo.findById(row.expertId))!;
      const details = await deps.founder.details(userId);
      return inviteOf(row, expert, details.email ?? '');
    },

    async askQuestion(userId: string, body: AskQuestionBody): Promise<ExpertQuestion> {
      const expert = await expertRow(body.expertId);
      if (body.stepId && !body.missionId)
        throw badRequest('stepId: name the mission of the step too.', [
          { path: 'missionId', message: 'Required with stepId' },
        ]);
      const details = await deps.founder.details(userId, body.missionId, body.stepId);
      const context = snapshot(details);
      const founderName = context.founderName ?? details.email ?? 'A founder';
      const asked = await db.transaction(async (tx) => {
        const row = await expertsRepository(tx).insertQuestion({
          expertId: expert.id,
          userId,
          subject: body.subject,
          question: body.question,
          missionId: body.missionId ?? null,
          context,
        });
        await queueMail(
          expert.email,
          {
            subject: `Question from ${founderName}: ${body.subject}`,
            heading: `${founderName} has a question for you`,
            paragraphs: [
              `Subject: ${body.subject}`,
              body.question,
              ...contextLines(context, details.email),
              details.email ? `Reply to the founder directly at ${details.email}.` : '',
            ].filter(Boolean),
            // The mail's way back into the portal: signed out, the sign-in brings the expert on to the question.
            action: { label: 'Answer in Liftoff', url: `${deps.appUrl}/expert/questions/${row.id}` },
            footer: 'You received this e-mail because you are a Liftoff expert.',
          },
          undefined,
          tx,
        );
        return toQuestion(row, expert);
      });
      if (expert.userId)
        deps.publish({
          type: 'question.asked',
          questionId: asked.id,
          expertUserId: expert.userId,
          founderName,
          subject: body.subject,
        });
      return asked;
    },

    async questions(userId: string): Promise<ExpertQuestion[]> {
      const rows = await expertsRepository(db).questionsOf(userId);
      const experts = await expertsById(rows.map((r) => r.expertId));
      return rows.map((row) => toQuestion(row, experts.get(row.expertId)!));
    },

    /** What the expert's signed link shows: the meeting, for an accept/decline page. */
    async meetingForExpert(id: string, token: string) {
      checkResponseToken(id, token);
      const repo = expertsRepository(db);
      const row = await repo.meetingById(id);
      if (!row) throw meetingMissing();
      const expert = (await repo.findById(row.expertId))!;
      return {
        meeting: toMeeting(row, expert),
        expertTimezone: expert.availability.timezone,
        founderName: row.context?.founderName ?? 'A founder',
        when: when(row.startsAt, expert.availability.timezone),
      };
    },

    /**
     * The expert accepts or declines through the signed link of their mail (no account needed). Only a
     * REQUESTED meeting can be answered; SEQUENCE grows and both sides get the updated invite.
     */
    async respond(id: string, token: string, answer: ExpertAnswer): Promise<MeetingRequest> {
      checkResponseToken(id, token);
      return deps.meetings.answerByLink(id, answer);
    },

    async bookingUrl(expertId: string): Promise<{ url: string }> {
      const expert = await expertRow(expertId);
      if (!expert.bookingUrl) throw notFound(expertErrors.noBookingUrl);
      return { url: expert.bookingUrl };
    },
  };
}

export type ExpertsService = ReturnType<typeof createExpertsService>;
