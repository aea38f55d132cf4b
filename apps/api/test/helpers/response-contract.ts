import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../src/app.js';

/*
 * The OpenAPI document is the contract (decision 030): every answer the app gives in a test is checked against
 * the document it serves, with a real JSON Schema validator, so an undocumented status, content type or shape
 * fails the test that caused it. Routes are found by their Fastify URL, so routes added later are checked
 * without being named here.
 */

type Media = { schema?: unknown };
type ResponseObject = { $ref?: string; content?: Record<string, Media> };
type Operation = { responses?: Record<string, ResponseObject> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, ResponseObject> };
};

/** Keywords OpenAPI adds to JSON Schema: annotations, nothing to validate. */
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs'];
const COMPONENTS_ID = 'https://liftoff.local/openapi/components';

// A set: a loop that breaks the contract on every turn reports it once.
const violations = new Set<string>();
/** A body this hook does not read (a stream, a compressed one): only its status and type are checked. */
const OPAQUE = Symbol('opaque body');

/** The answers since the last call that broke the contract; the test setup fails the test that caused them. */
export function takeContractViolations(): string[] {
  const taken = [...violations];
  violations.clear();
  return taken;
}

/** Compiles the document's schemas on first use, each once. */
class ResponseContract {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Document) {
    // Strict: a schema that uses a format or keyword the validator does not know is itself a failure.
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false });
    // ajv-formats is CommonJS: its function is the module's default export.
    formats.default(this.ajv);
    for (const keyword of OPENAPI_KEYWORDS) this.ajv.addKeyword(keyword);
    // `#/components/schemas/X` in the document becomes a reference into one schema holding them all.
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(doc.components?.schemas ?? {}) });
  }

  /** What is wrong with one answer, or null. */
  check(
    method: string,
    route: string,
    status: number,
    contentType: string,
    body: string | typeof OPAQUE | null,
  ): string | null {
    const path = route.replace(/:(\w+)/g, '{$1}');
    const operation = this.doc.paths[path]?.[method.toLowerCase()];
    // Routes left out of the document (the viewer, the web app's files) promise nothing.
    if (!operation) return null;
    const name = `${method} ${path} answered ${status}`;
    const responses = operation.responses ?? {};
    let key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    let response: ResponseObject;
    let pointer: string;
    if (key) {
      response = this.resolve(responses[key]!);
      pointer = `#/paths/${escape(path)}/${method.toLowerCase()}/responses/${key}`;
    } else if (status === 500) {
      // A failure of ours is in no operation's list (it is a bug, and other tests hunt it); its shape is
      // still the error envelope.
      key = '500';
      response = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
      pointer = '#/components/schemas/ApiError';
    } else {
      return `${name}, which the document does not list (it lists ${Object.keys(responses).join(', ')})`;
    }
    const media = contentType.split(';', 1)[0]!.trim().toLowerCase();
    if (body === null || body === '') return null;
    const content = response.content ?? {};
    // The most specific entry: the type itself, then its range (`audio/*`), then any type.
    const entry = [media, `${media.split('/')[0]}/*`, '*/*'].find((type) => type in content);
    if (!entry) {
      const listed = Object.keys(content);
      return `${name} as ${media || 'no content type'}, documented as ${listed.length ? listed.join(', ') : 'no body'}`;
    }
    if (body === OPAQUE || !/^application\/(.+\+)?json$/.test(media)) return null;
    const validate = this.validator(`${pointer}/content/${escape(entry)}/schema`, content[entry]!.schema);
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return `${name} with a body that is not JSON: ${body.slice(0, 80)}`;
    }
    if (validate(data)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message} (schema ${e.schemaPath})`)
      .join('; ');
    return `${name}, not the documented shape at ${pointer}: ${errors}`;
  }

  private resolve(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response;
    const name = response.$ref.replace('#/components/responses/', '');
    return this.doc.components?.responses?.[name] ?? {};
  }

  private validator(pointer: string, schema: unknown): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema ?? {}) as object);
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function rewriteRefs<T>(schema: T): T {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`),
  ) as T;
}

function bodyText(payload: unknown): string | typeof OPAQUE | null {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  // A stream (a stored file): its type is checked, its bytes are not read here.
  return OPAQUE;
}

/** Checks every answer of `app` against the document it serves (added before the app is ready). */
export function checkResponsesAgainstDocument(app: App) {
  let contract: ResponseContract | undefined;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url;
    if (!route || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    // Routes a test adds to provoke a failure (`/api/test/…`, `/api/test-only/…`) are not the API's.
    if (/^\/api\/test(-only)?\//.test(route)) return payload;
    contract ??= new ResponseContract(app.swagger() as unknown as Document);
    const type = String(reply.getHeader('content-type') ?? '');
    // A compressed body is checked by its type only.
    const body = reply.getHeader('content-encoding') ? OPAQUE : bodyText(payload);
    const problem = contract.check(request.method, route, reply.statusCode, type, body);
    if (problem) violations.add(problem);
    return payload;
  });
}
