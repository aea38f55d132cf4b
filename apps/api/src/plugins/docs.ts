import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Upload routes read their file with @fastify/multipart rather than a body schema (a schema would make
 * Fastify validate a body it never parses), so the document gets their request body here: one binary field
 * `file`, as clients must send it.
 */
const withUploadBodies: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (!consumes?.includes('multipart/form-data') || transformed.schema.body) return transformed;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      body: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' } },
        required: ['file'],
      },
    },
  };
};

/** The OpenAPI document generated from the route schemas, and a viewer, at /api/docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Liftoff API',
          version: '1.0.0',
          description:
            'Every success answers `{ message, data }`; every failure `{ message, statusCode, code, details? }`. ' +
            'Authorized calls send `Authorization: Bearer <access token>`.',
        },
        servers: [{ url: app.config.APP_URL }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: withUploadBodies,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
