import { envelope } from '@liftoff/contracts/common';
import { randomUUID } from 'node:crypto';
import {
  expertPhotoParams,
  myProfile,
  profileMessages,
  profileSettings,
} from '@liftoff/contracts/experts-profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { fileAnswer } from '../../lib/answers.js';
import {
  IMAGE_MEDIA_TYPES,
  IMAGE_UPLOAD_LIMITS,
  readUploadedImage,
  sendStoredImage,
  withMultipart,
} from '../../lib/uploads.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { PortalProfile } from './portal-profile.js';

/** The expert's own profile in the portal (experts only; scope = the caller's linked profile). */
export async function expertProfileRoutes(app: FastifyInstance, options: { profile: PortalProfile }) {
  const service = options.profile;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: ['expert' as const], errors: [404 as const] };
  const tags = ['expert portal'];

  r.get(
    '/api/expert-portal/profile',
    {
      config,
      schema: {
        tags,
        summary: 'My profile as founders see it, and the milestones I am assigned to',
        response: { 200: envelope(myProfile) },
      },
    },
    async (request) => ok(profileMessages.get, await service.get(principalOf(request).userId)),
  );

  r.put(
    '/api/expert-portal/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Replace my headline, bio, expertise, languages and booking link; a re-import keeps them',
        body: profileSettings,
        response: { 200: envelope(myProfile) },
      },
    },
    async (request) =>
      ok(profileMessages.save, await service.save(principalOf(request).userId, request.body)),
  );

  // One image per request, size-capped while streaming.
  await withMultipart(app, { limits: IMAGE_UPLOAD_LIMITS }, (uploads) =>
    uploads.post(
      '/api/expert-portal/profile/photo',
      {
        // 502: the file store refused the photo (unreachable, or its disk full).
        config: { ...config, errors: [404 as const, 502 as const] },
        schema: {
          tags,
          summary: 'Upload my photo (multipart/form-data, field "file"; PNG, JPEG or WebP, at most 5 MB)',
          description: 'The type is checked from the bytes: 415 for another type, 413 when too large.',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(myProfile) },
        },
      },
      async (request) => {
        // The caller's profile first: an account without one stores nothing.
        const userId = principalOf(request).userId;
        await service.get(userId);
        const { data, ext, contentType } = await readUploadedImage(request, 'file');
        const name = `${randomUUID()}.${ext}`;
        await app.storage.put(`expert-photos/${name}`, data, contentType);
        return ok(profileMessages.photo, await service.setPhoto(userId, `/api/experts/photos/${name}`));
      },
    ),
  );

  r.get(
    '/api/experts/photos/:name',
    {
      // Public: an <img> cannot send a bearer token. Names are random and never reused.
      config: { public: true },
      schema: {
        tags: ['experts'],
        summary: 'A photo an expert uploaded',
        security: [],
        params: expertPhotoParams,
        response: { 200: fileAnswer('The photo', IMAGE_MEDIA_TYPES) },
      },
    },
    async (request, reply) => sendStoredImage(app, reply, 'expert-photos', request.params.name),
  );
}
