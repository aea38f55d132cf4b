import { envelope } from '@liftoff/contracts/common';
import { availability } from '@liftoff/contracts/experts';
import {
  availabilityMessages,
  availabilityPreviewQuery,
  availabilitySettings,
  myAvailability,
} from '@liftoff/contracts/experts-availability';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { PortalAvailability } from './portal-availability.js';

/** The expert's own availability settings in the portal (experts only; docs/decisions/024). */
export async function expertAvailabilityRoutes(
  app: FastifyInstance,
  options: { availability: PortalAvailability },
) {
  const service = options.availability;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: ['expert' as const], errors: [404 as const] };
  const tags = ['expert portal'];

  r.get(
    '/api/expert-portal/availability',
    {
      config,
      schema: {
        tags,
        summary: 'My availability settings, and accepted meetings outside my hours',
        response: { 200: envelope(myAvailability) },
      },
    },
    async (request) => ok(availabilityMessages.get, await service.get(principalOf(request).userId)),
  );

  r.put(
    '/api/expert-portal/availability',
    {
      config,
      schema: {
        tags,
        summary:
          'Replace my availability settings; accepted meetings the new hours leave out stand and are listed',
        body: availabilitySettings,
        response: { 200: envelope(myAvailability) },
      },
    },
    async (request) =>
      ok(availabilityMessages.save, await service.save(principalOf(request).userId, request.body)),
  );

  r.get(
    '/api/expert-portal/availability/preview',
    {
      config,
      schema: {
        tags,
        summary: 'My free slots on a date as a founder in another time zone sees them',
        querystring: availabilityPreviewQuery,
        response: { 200: envelope(availability) },
      },
    },
    async (request) =>
      ok(availabilityMessages.preview, await service.preview(principalOf(request).userId, request.query)),
  );
}
