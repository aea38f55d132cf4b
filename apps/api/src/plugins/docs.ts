import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
