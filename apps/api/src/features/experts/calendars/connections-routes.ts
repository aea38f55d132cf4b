import { envelope } from '@liftoff/contracts/common';
import {
  calendarConnection,
  calendarConnectionParams,
  calendarsMessages,
  connectCalendarBody,
  meetingCalendarBody,
} from '@liftoff/contracts/experts-calendars';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.js';
import { principalOf } from '../../../plugins/auth-guard.js';
import type { CalendarConnections } from './connections-service.js';

/** The expert's connected calendars in the portal (experts only; docs/decisions/063). */
export async function calendarConnectionsRoutes(
  app: FastifyInstance,
  options: { connections: CalendarConnections },
) {
  const { connections } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const experts = { roles: ['expert' as const] };
  // Connecting and refreshing read another server: a tight per-IP limit on top of the global one.
  const readsRemote = { rateLimit: { max: 20, timeWindow: 60_000 } };
  const tags = ['expert portal'];
  const base = '/api/expert-portal/calendar-connections';
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  r.get(
    base,
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'My connected calendars, each with its status and last error',
        response: { 200: envelope(z.array(calendarConnection)) },
      },
    },
    async (request) => ok(calendarsMessages.list, await connections.list(userOf(request))),
  );

  r.post(
    base,
    {
      config: { ...experts, ...readsRemote, errors: [404] },
      schema: {
        tags,
        summary:
          'Connect an iCalendar subscription or a CalDAV account (kept encrypted); it is read at once and its busy times hide my slots',
        body: connectCalendarBody,
        response: { 201: envelope(calendarConnection) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(calendarsMessages.connect, await connections.connect(userOf(request), request.body))),
  );

  r.post(
    `${base}/:id/refresh`,
    {
      config: { ...experts, ...readsRemote, errors: [404] },
      schema: {
        tags,
        summary: "Read a connected calendar's busy times again now",
        params: calendarConnectionParams,
        response: { 200: envelope(calendarConnection) },
      },
    },
    async (request) =>
      ok(calendarsMessages.refresh, await connections.refresh(userOf(request), request.params.id)),
  );

  r.put(
    `${base}/:id/meeting-calendar`,
    {
      config: { ...experts, errors: [404, 409] },
      schema: {
        tags,
        summary: 'Choose the calendar of this CalDAV account that receives my accepted meetings (or none)',
        params: calendarConnectionParams,
        body: meetingCalendarBody,
        response: { 200: envelope(calendarConnection) },
      },
    },
    async (request) =>
      ok(
        calendarsMessages.destination,
        await connections.setMeetingCalendar(userOf(request), request.params.id, request.body.calendarUrl),
      ),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { ...experts, errors: [404] },
      schema: {
        tags,
        summary: 'Disconnect a calendar; its address and password are deleted. Answers the calendars left',
        params: calendarConnectionParams,
        response: { 200: envelope(z.array(calendarConnection)) },
      },
    },
    async (request) =>
      ok(calendarsMessages.disconnect, await connections.disconnect(userOf(request), request.params.id)),
  );
}
