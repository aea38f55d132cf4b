import { envelope } from '@liftoff/contracts/common';
import {
  answerMeetingBody,
  calendarFeed,
  calendarFeedQuery,
  cancelMeetingBody,
  meetingNotesBody,
  meetingSlots,
  meetingSlotsQuery,
  meetingsMessages,
  portalMeeting,
  portalMeetingsQuery,
  type PortalMeeting,
  proposalAnswerBody,
  proposeMeetingBody,
  rateMeetingBody,
  rescheduleMeetingBody,
} from '@liftoff/contracts/expert-meetings';
import { meetingIdParams, meetingRequest } from '@liftoff/contracts/experts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { MeetingsService } from './meetings-service.js';
import { fileAnswer } from '../../lib/answers.js';

/**
 * Meetings in the expert portal (experts only), the founder's answer to a proposed time, and the expert's
 * calendar feed (public, opened by its secret token). Scope is checked in the service: another's meeting
 * answers 404.
 */
export async function expertMeetingsRoutes(app: FastifyInstance, options: { meetings: MeetingsService }) {
  const { meetings } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const experts = { roles: ['expert' as const] };
  // Each change mails both people: a tight per-IP limit on top of the global one.
  const sendsMail = { rateLimit: { max: 30, timeWindow: 60_000 } };
  const tags = ['expert portal'];
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  r.get(
    '/api/expert-portal/meetings',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'Meeting requests addressed to me: pending, accepted, declined (or cancelled), past',
        querystring: portalMeetingsQuery,
        response: { 200: envelope(z.array(portalMeeting)) },
      },
    },
    async (request) => ok(meetingsMessages.list, await meetings.list(userOf(request), request.query.status)),
  );

  /**
   * The expert's changes of one meeting: each mails both people the updated invite, so each has the
   * tighter mail limit, and each answers the meeting as it stands after the change.
   */
  function change<B extends z.ZodType>(
    method: 'POST' | 'PUT',
    action: string,
    summary: string,
    body: B,
    message: string,
    run: (userId: string, id: string, body: z.infer<B>) => Promise<PortalMeeting>,
  ) {
    r.route({
      method,
      url: `/api/expert-portal/meetings/:id/${action}`,
      config: { ...experts, ...sendsMail, errors: [404, 409] },
      schema: { tags, summary, params: meetingIdParams, body, response: { 200: envelope(portalMeeting) } },
      handler: async (request) =>
        ok(message, await run(userOf(request), request.params.id, request.body as z.infer<B>)),
    });
  }

  change(
    'POST',
    'answer',
    'Accept or decline a request with a message; both sides get the updated invite',
    answerMeetingBody,
    meetingsMessages.answer,
    (userId, id, body) => meetings.answer(userId, id, body),
  );
  change(
    'POST',
    'propose',
    'Propose another of my free slots; the founder accepts or declines it',
    proposeMeetingBody,
    meetingsMessages.propose,
    (userId, id, body) => meetings.propose(userId, id, body),
  );
  change(
    'POST',
    'cancel',
    'Cancel a pending or accepted meeting up to the minimum notice; both get a METHOD:CANCEL invite',
    cancelMeetingBody,
    meetingsMessages.cancel,
    (userId, id, body) => meetings.cancelByExpert(userId, id, body.message),
  );
  change(
    'PUT',
    'notes',
    'Write notes after an accepted meeting took place; the founder sees them',
    meetingNotesBody,
    meetingsMessages.notes,
    (userId, id, body) => meetings.notes(userId, id, body.notes),
  );

  r.post(
    '/api/expert-portal/meetings/:id/no-show',
    {
      config: { ...experts, errors: [404, 409] },
      schema: {
        tags,
        summary: 'Mark that the founder did not come to an accepted meeting that has started',
        params: meetingIdParams,
        response: { 200: envelope(portalMeeting) },
      },
    },
    async (request) =>
      ok(meetingsMessages.noShow, await meetings.markNoShow(userOf(request), request.params.id)),
  );

  r.put(
    '/api/expert-portal/meetings/:id/rating',
    {
      config: { ...experts, errors: [404, 409] },
      schema: {
        tags,
        summary: 'Rate a meeting I held (1–5, with a note); given again, it replaces the earlier rating',
        params: meetingIdParams,
        body: rateMeetingBody,
        response: { 200: envelope(portalMeeting) },
      },
    },
    async (request) =>
      ok(
        meetingsMessages.rating,
        await meetings.rateByExpert(userOf(request), request.params.id, request.body),
      ),
  );

  r.post(
    '/api/expert/meetings/:id/reschedule',
    {
      config: { ...sendsMail, errors: [404, 409] },
      schema: {
        tags: ['experts'],
        summary:
          "Move my meeting to another of the expert's free slots; the expert confirms it unless they allow moves at once",
        params: meetingIdParams,
        body: rescheduleMeetingBody,
        response: { 200: envelope(meetingRequest) },
      },
    },
    async (request) =>
      ok(
        meetingsMessages.reschedule,
        await meetings.reschedule(userOf(request), request.params.id, request.body.start),
      ),
  );

  r.put(
    '/api/expert/meetings/:id/rating',
    {
      config: { errors: [404, 409] },
      schema: {
        tags: ['experts'],
        summary: 'Rate one of my meetings after it took place (1–5, with a note)',
        params: meetingIdParams,
        body: rateMeetingBody,
        response: { 200: envelope(meetingRequest) },
      },
    },
    async (request) =>
      ok(
        meetingsMessages.rating,
        await meetings.rateByFounder(userOf(request), request.params.id, request.body),
      ),
  );

  r.get(
    '/api/expert-portal/meetings/:id/slots',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary:
          "My free slots on a date of my calendar for this meeting's service (its own time counts free)",
        params: meetingIdParams,
        querystring: meetingSlotsQuery,
        response: { 200: envelope(meetingSlots) },
      },
    },
    async (request) =>
      ok(
        meetingsMessages.slots,
        await meetings.slots(userOf(request), request.params.id, request.query.date),
      ),
  );

  r.post(
    '/api/expert/meetings/:id/proposal',
    {
      config: { ...sendsMail, errors: [404, 409] },
      schema: {
        tags: ['experts'],
        summary: 'Accept or decline the time the expert proposed for one of my meetings',
        params: meetingIdParams,
        body: proposalAnswerBody,
        response: { 200: envelope(meetingRequest) },
      },
    },
    async (request) =>
      ok(
        meetingsMessages.proposal,
        await meetings.answerProposal(userOf(request), request.params.id, request.body.answer),
      ),
  );

  r.get(
    '/api/expert-portal/calendar-feed',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'Whether my calendar feed is active (its URL is shown only when made)',
        response: { 200: envelope(calendarFeed) },
      },
    },
    async (request) => ok(meetingsMessages.feed, await meetings.feed(userOf(request))),
  );

  r.post(
    '/api/expert-portal/calendar-feed',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'Make a new calendar feed URL; any earlier one stops working',
        response: { 201: envelope(calendarFeed) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(meetingsMessages.feedCreated, await meetings.regenerateFeed(userOf(request)))),
  );

  r.delete(
    '/api/expert-portal/calendar-feed',
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'Revoke my calendar feed; its URL answers 404 from now on',
        response: { 200: envelope(calendarFeed) },
      },
    },
    async (request) => ok(meetingsMessages.feedRevoked, await meetings.revokeFeed(userOf(request))),
  );

  r.get(
    '/api/calendar-feeds/meetings.ics',
    {
      config: { public: true, errors: [404], rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "An expert's accepted meetings as an iCalendar subscription (text/calendar), by secret token",
        security: [],
        querystring: calendarFeedQuery,
        response: { 200: fileAnswer('The calendar', ['text/calendar']) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await meetings.feedCalendar(request.query.token)),
  );
}
