import { envelope } from '@liftoff/contracts/common';
import {
  askQuestionBody,
  availability,
  availabilityDays,
  availabilityDaysQuery,
  availabilityQuery,
  bookingUrl,
  expert,
  expertIdParams,
  expertMessages,
  expertQuestion,
  meetingIdParams,
  meetingRequest,
  nextFreeSlot,
  requestMeetingBody,
} from '@liftoff/contracts/experts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { principalOf } from '../../plugins/auth-guard.js';
import { respondDone, respondError, respondForm } from './respond-page.js';
import type { ExpertsService } from './service.js';
import { fileAnswer, htmlAnswer, pageOrErrorAnswer } from '../../lib/answers.js';

const tags = ['experts'];

export async function expertsRoutes(app: FastifyInstance, options: { service: ExpertsService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Asking and booking send e-mail to a person: a tight per-IP limit on top of the global one.
  const sendsMail = { rateLimit: { max: 20, timeWindow: 60_000 } };

  r.get(
    '/api/expert',
    {
      schema: {
        tags,
        summary: 'All experts, with their services and booking limits',
        response: { 200: envelope(z.array(expert)) },
      },
    },
    async () => ok(expertMessages.list, await service.list()),
  );

  r.get(
    '/api/expert/meetings',
    {
      schema: {
        tags,
        summary: "The founder's meeting requests, latest start first",
        response: { 200: envelope(z.array(meetingRequest)) },
      },
    },
    async (request) => ok(expertMessages.meetings, await service.meetings(principalOf(request).userId)),
  );

  r.get(
    '/api/expert/questions',
    {
      schema: {
        tags,
        summary: "The founder's questions to experts, newest first",
        response: { 200: envelope(z.array(expertQuestion)) },
      },
    },
    async (request) => ok(expertMessages.questions, await service.questions(principalOf(request).userId)),
  );

  r.get(
    '/api/expert/next-free-slots',
    {
      schema: {
        tags,
        summary: "Each expert's earliest free slot of their first service within 60 days (null when none)",
        response: { 200: envelope(z.array(nextFreeSlot)) },
      },
    },
    async () => ok(expertMessages.nextFreeSlots, await service.nextFreeSlots()),
  );

  r.get(
    '/api/expert/availability-days/:id',
    {
      schema: {
        tags,
        summary: "The days of a month in the user's time zone on which the expert has a free slot",
        params: expertIdParams,
        querystring: availabilityDaysQuery,
        response: { 200: envelope(availabilityDays) },
      },
    },
    async (request) =>
      ok(expertMessages.availabilityDays, await service.availabilityDays(request.params.id, request.query)),
  );

  r.get(
    '/api/expert/:id',
    {
      schema: { tags, summary: 'One expert', params: expertIdParams, response: { 200: envelope(expert) } },
    },
    async (request) => ok(expertMessages.get, await service.get(request.params.id)),
  );

  r.get(
    '/api/expert/availability-schedules/:id',
    {
      schema: {
        tags,
        summary: "The expert's free start times on a date of the user's time zone",
        description:
          "Slots are ISO instants with the user's offset; computed in UTC from the expert's weekly hours, overrides, buffers, minimum notice, booking window and live meetings (docs/decisions/005).",
        params: expertIdParams,
        querystring: availabilityQuery,
        response: { 200: envelope(availability) },
      },
    },
    async (request) =>
      ok(expertMessages.availability, await service.availability(request.params.id, request.query)),
  );

  r.post(
    '/api/expert/request-meeting',
    {
      config: { ...sendsMail, errors: [409] },
      schema: {
        tags,
        summary: 'Request a meeting in one of the free slots; e-mails both sides an .ics invite',
        body: requestMeetingBody,
        response: { 201: envelope(meetingRequest) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            expertMessages.requestMeeting,
            await service.requestMeeting(principalOf(request).userId, request.body),
          ),
        ),
  );

  r.post(
    '/api/expert/meetings/:id/cancel',
    {
      config: { ...sendsMail, errors: [409] },
      schema: {
        tags,
        summary: 'Cancel a meeting request; e-mails both sides a METHOD:CANCEL invite',
        params: meetingIdParams,
        response: { 200: envelope(meetingRequest) },
      },
    },
    async (request) =>
      ok(
        expertMessages.cancelMeeting,
        await service.cancelMeeting(principalOf(request).userId, request.params.id),
      ),
  );

  r.get(
    '/api/expert/meetings/:id/invite.ics',
    {
      schema: {
        tags,
        summary: "The meeting's current calendar invite (text/calendar)",
        params: meetingIdParams,
        response: { 200: fileAnswer('The invite', ['text/calendar']) },
      },
    },
    async (request, reply) => {
      const ics = await service.invite(principalOf(request).userId, request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="liftoff-meeting.ics"')
        .send(ics);
    },
  );

  // The expert's signed link (no account): a page with Accept / Decline, posting back to itself.
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  const answerError = (reply: FastifyReply, error: unknown) => {
    if (error instanceof AppError) return html(reply, error.statusCode, respondError(error.message));
    throw error;
  };

  r.get(
    '/api/expert/meetings/:id/respond',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The expert's accept/decline page (signed link from their mail)",
        security: [],
        params: meetingIdParams,
        querystring: z.object({ token: z.string().max(200) }),
        response: {
          200: htmlAnswer('The page with Accept and Decline'),
          404: pageOrErrorAnswer(
            'The link is not valid (a page, or the error envelope for a malformed call)',
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const { meeting, founderName, when } = await service.meetingForExpert(
          request.params.id,
          request.query.token,
        );
        return html(
          reply,
          200,
          respondForm({
            action: `/api/expert/meetings/${meeting.id}/respond`,
            token: request.query.token,
            founderName,
            when,
            serviceName: meeting.serviceName,
            duration: meeting.duration,
            note: meeting.note,
            status: meeting.status,
          }),
        );
      } catch (error) {
        return answerError(reply, error);
      }
    },
  );

  r.post(
    '/api/expert/meetings/:id/respond',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 }, errors: [409] },
      schema: {
        tags,
        summary:
          'The expert accepts or declines a REQUESTED meeting (form post of that page); both sides get the updated invite',
        security: [],
        // The page's form posts URL-encoded; JSON is read as everywhere else.
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        params: meetingIdParams,
        body: z.object({ token: z.string().max(200), action: z.enum(['accept', 'decline']) }).strict(),
        response: {
          200: htmlAnswer('The page saying the meeting was accepted or declined'),
          404: pageOrErrorAnswer(
            'The link is not valid (a page, or the error envelope for a malformed call)',
          ),
          409: pageOrErrorAnswer('The meeting was already answered (a page, or the error envelope)'),
        },
      },
    },
    async (request, reply) => {
      try {
        const meeting = await service.respond(request.params.id, request.body.token, request.body.action);
        const { founderName } = await service.meetingForExpert(meeting.id, request.body.token);
        return html(reply, 200, respondDone(meeting.status === 'ACCEPTED', founderName));
      } catch (error) {
        return answerError(reply, error);
      }
    },
  );

  r.post(
    '/api/expert/ask-question',
    {
      config: sendsMail,
      schema: {
        tags,
        summary: "Ask an expert a question; e-mailed with the founder's program context",
        body: askQuestionBody,
        response: { 201: envelope(expertQuestion) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            expertMessages.askQuestion,
            await service.askQuestion(principalOf(request).userId, request.body),
          ),
        ),
  );

  r.get(
    '/api/expert/set-more-url/:id',
    {
      schema: {
        tags,
        summary: "The expert's external booking page, when they have one",
        params: expertIdParams,
        response: { 200: envelope(bookingUrl) },
      },
    },
    async (request) => ok(expertMessages.bookingUrl, await service.bookingUrl(request.params.id)),
  );
}
