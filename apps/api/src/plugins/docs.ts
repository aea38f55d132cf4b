import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_PREFIX, apiTokenScopeDescriptions, apiTokenScopes } from '@liftoff/contracts/integrations';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorAnswerName, errorResponses, errorSchema } from './openapi/error-answers.js';
import { exampleFor } from './openapi/examples.js';
import { defineRecordKeys } from './openapi/records.js';
import {
  errorAnswersFor,
  operationIdFor,
  summaryFor,
  type ErrorStatus,
  type RouteFacts,
} from './openapi/operations.js';

/** Carries an operation's error statuses from `transform` to `transformObject`, which removes it. */
const ERRORS_KEY = 'x-error-answers';

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

type Transform = typeof jsonSchemaTransform;
type Schema = Record<string, unknown>;

/**
 * Names every operation (`operationId`, and a summary when the route gives none), gives each JSON body an
 * example, and notes the error answers the route's configuration implies (operations.ts).
 */
const describeOperation: Transform = (input) => {
  const transformed = withUploadBodies(input);
  const route = input.route as unknown as RouteFacts;
  const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
  const schema = { ...(transformed.schema as Schema) };
  schema.operationId ??= operationIdFor(method, input.url);
  schema.summary ??= summaryFor(method, input.url);
  const body = schema.body as Schema | undefined;
  // A route a personal API token may call says so, with the scope it needs (auth-guard.ts `scope`).
  const scope = (route.config as { scope?: string } | undefined)?.scope;
  if (scope) schema.security ??= [{ bearer: [] }, { apiToken: [scope] }];
  const bodyFields = Object.keys((body?.properties as Schema | undefined) ?? {});
  schema[ERRORS_KEY] = errorAnswersFor({ ...route, method, url: input.url }, bodyFields);
  if (body && !Array.isArray(body.examples) && body.example === undefined) {
    const example = exampleFor(body);
    if (example !== undefined) schema.body = { ...body, examples: [example] };
  }
  return { ...transformed, schema: schema as typeof transformed.schema };
};

type OpenApiDocument = {
  paths: Record<string, unknown>;
  components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
};
type Operation = { responses?: Record<string, unknown>; [ERRORS_KEY]?: ErrorStatus[] };

/**
 * The formats a JSON Schema validator knows (JSON Schema 2020-12, and the ones OpenAPI adds for numbers and
 * bodies). Zod writes some checks as formats of its own (`.startsWith` as `starts_with`) beside the pattern
 * that says the same; a client validating against the document would refuse those, so they are left out.
 */
const knownFormats = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
]);

function withoutUnknownFormats(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) withoutUnknownFormats(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  if (
    typeof object.format === 'string' &&
    typeof object.type === 'string' &&
    !knownFormats.has(object.format)
  )
    delete object.format;
  for (const value of Object.values(object)) withoutUnknownFormats(value);
}

/** Turns each operation's noted error statuses into shared responses in the error envelope. */
function withErrorAnswers({ openapiObject }: { openapiObject: Partial<OpenApiDocument> }) {
  withoutUnknownFormats(openapiObject.paths);
  withoutUnknownFormats(openapiObject.components);
  defineRecordKeys(openapiObject.paths);
  const used = new Set<ErrorStatus>();
  for (const item of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, Operation>)) {
      const statuses = operation?.[ERRORS_KEY];
      if (!statuses) continue;
      delete operation[ERRORS_KEY];
      operation.responses ??= {};
      for (const status of statuses) {
        used.add(status);
        operation.responses[status] ??= { $ref: `#/components/responses/${errorAnswerName(status)}` };
      }
    }
  }
  openapiObject.components = {
    ...openapiObject.components,
    schemas: { ...openapiObject.components?.schemas, ApiError: errorSchema() },
    responses: { ...openapiObject.components?.responses, ...errorResponses(used) },
  };
  return openapiObject;
}

/** The OpenAPI document generated from the route schemas, and a viewer, at /api/docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Liftoff API',
          version: '1.0.0',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
          description:
            'Every success answers `{ message, data }`; every failure `{ message, statusCode, code, details? }`. ' +
            'Authorized calls send `Authorization: Bearer <access token>`. ' +
            `A personal API token (\`${API_TOKEN_PREFIX}…\`, created at \`POST /api/integrations/tokens\`) is sent the same way ` +
            'and may call only the operations that list the `apiToken` scheme, with one of its scopes: ' +
            apiTokenScopes.map((scope) => `\`${scope}\` (${apiTokenScopeDescriptions[scope]})`).join('; ') +
            '. Each token has its own rate limit.',
        },
        // The API answers on the origin that serves this document (the web app's, see README).
        servers: [{ url: '/', description: 'The origin serving this document' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: `${API_TOKEN_PREFIX}<secret>`,
              description:
                'A personal API token. An operation lists the scope it needs; the token must hold it.',
            },
          },
        },
        security: [{ bearer: [] }],
      },
      transform: describeOperation,
      transformObject: withErrorAnswers as never,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
