import { envelope } from '@liftoff/contracts/common';
import { studioJobs, studioJobsQuery } from '@liftoff/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope.js';

/** The studio's view of the durable jobs: what waits, runs, failed and is done (admins). */
export async function jobsStudioRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/studio/jobs',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['studio'],
        summary: 'The durable jobs: counts per kind and the latest jobs, by status (admins)',
        querystring: studioJobsQuery,
        response: { 200: envelope(studioJobs) },
      },
    },
    async (request) => ok('Jobs fetched successfully.', await app.jobs.overview(request.query)),
  );
}
