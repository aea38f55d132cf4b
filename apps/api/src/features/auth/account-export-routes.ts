import { ACCOUNT_EXPORT_VERSION } from '@liftoff/contracts/auth-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { principalOf, type Principal } from '../../plugins/auth-guard.js';
import type { FileStorage } from '../../plugins/file-storage.js';
import type { PersonalDataSource, PersonalFile } from './personal-data.js';
import { backupCodesRepository, toUser, usersRepository } from './repository.js';
import { sessionsRepository } from './sessions-repository.js';
import { deviceName } from './device.js';
import { fileAnswer } from '../../lib/answers.js';

/** Base64 of a byte stream, chunk by chunk: a file is never held whole in memory. */
async function* base64Of(stream: AsyncIterable<Buffer>) {
  let rest = Buffer.alloc(0);
  for await (const chunk of stream) {
    const bytes = Buffer.concat([rest, chunk]);
    const whole = bytes.length - (bytes.length % 3);
    yield bytes.subarray(0, whole).toString('base64');
    rest = bytes.subarray(whole);
  }
  if (rest.length) yield rest.toString('base64');
}

export function createAccountExportService(deps: {
  db: Db;
  storage: FileStorage;
  sources: PersonalDataSource[];
}) {
  const { db, storage, sources } = deps;

  /** The export's data: everything the founder's own rows hold, read by each domain scoped to their id. */
  async function data(principal: Principal) {
    const user = await usersRepository(db).findById(principal.userId);
    if (!user) throw notFound('User not found');
    const sessions = await sessionsRepository(db).listOpen(user.id);
    const sections = await Promise.all(sources.map((s) => s.sections?.(user.id) ?? {}));
    const files = (await Promise.all(sources.map((s) => s.files?.(user.id) ?? []))).flat();
    return {
      head: {
        format: 'liftoff-account-export',
        version: ACCOUNT_EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
        profile: {
          ...toUser(user),
          verifiedAt: user.verifiedAt,
          updatedAt: user.updatedAt,
          backupCodesLeft: user.twoFactorEnabled ? await backupCodesRepository(db).remaining(user.id) : null,
        },
        sessions: sessions.map((s) => ({
          device: deviceName(s.userAgent),
          place: s.ip,
          signedInAt: s.signedInAt,
          lastUsedAt: s.lastUsedAt,
        })),
        ...Object.assign({}, ...sections),
      } as Record<string, unknown>,
      files,
    };
  }

  /**
   * One JSON document, streamed: the data first, then `files` with each file's bytes as base64. A file whose
   * bytes are missing from storage is listed with `content: null` rather than failing the whole export.
   */
  async function* json(head: Record<string, unknown>, files: PersonalFile[]) {
    const text = JSON.stringify(head, null, 2);
    yield `${text.slice(0, text.lastIndexOf('}')).trimEnd()},\n  "files": [`;
    for (const [index, file] of files.entries()) {
      const { key: _key, ...described } = file;
      const opened = await storage.getStream(file.key).catch(() => null);
      yield `${index ? ',' : ''}\n    ${JSON.stringify({ ...described, encoding: 'base64' }).slice(0, -1)}, "content": `;
      if (!opened) {
        yield 'null}';
        continue;
      }
      yield '"';
      for await (const part of base64Of(opened)) yield part;
      yield '"}';
    }
    yield `${files.length ? '\n  ' : ''}]\n}\n`;
  }

  return {
    async open(principal: Principal) {
      const { head, files } = await data(principal);
      return Readable.from(json(head, files));
    },
  };
}

/** The founder's own data, to take away: one JSON file with their files inside. */
export async function accountExportRoutes(app: FastifyInstance, options: { sources: PersonalDataSource[] }) {
  const service = createAccountExportService({ db: app.db, storage: app.storage, sources: options.sources });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credentialLimit = { max: app.config.CREDENTIAL_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  r.get(
    '/api/auth/account/export',
    {
      config: { rateLimit: credentialLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Download all your data: one JSON file with your profile, progress, worksheets, deliverables (their files inside as base64), questions, meetings, coach conversations and notifications',
        description: 'Answers application/json with Content-Disposition: attachment.',
        response: { 200: fileAnswer('The data file', ['application/json']) },
      },
    },
    async (request, reply) => {
      const stream = await service.open(principalOf(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="liftoff-data-${day}.json"`)
        .send(stream);
    },
  );
}
