import { randomUUID } from 'node:crypto';
import { envelope } from '@liftoff/contracts/common';
import {
  exploreImageParams,
  exploreSourceInfo,
  postPreview,
  postPreviewBody,
  publishPostBody,
  studioPost,
  studioPostBody,
  studioPostMessages,
  studioPostParams,
  studioPostSummary,
  studioPostsQuery,
  uploadedImage,
} from '@liftoff/contracts/explore-studio';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import type { StudioPostsService } from './studio-service.js';

const tags = ['studio'];
/** Where the Wix blog is edited when it is explore's source (this app knows the client, not the site). */
export const WIX_DASHBOARD_URL = 'https://manage.wix.com/account/sites';

/** The studio's post editor for the built-in explore store (managers and admins), and its hero images. */
export async function exploreStudioRoutes(
  app: FastifyInstance,
  options: { posts: StudioPostsService; wix: boolean },
) {
  const { posts } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const team = { roles: ['manager' as const, 'admin' as const] };
  const writes = { ...team, errors: [409 as const] };
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  r.get(
    '/api/studio/explore/source',
    {
      config: team,
      schema: {
        tags,
        summary: "Where explore's posts come from: the built-in store, or Wix with its dashboard address",
        response: { 200: envelope(exploreSourceInfo) },
      },
    },
    async () =>
      ok(studioPostMessages.source, {
        kind: options.wix ? ('wix' as const) : ('builtin' as const),
        dashboardUrl: options.wix ? WIX_DASHBOARD_URL : null,
      }),
  );

  r.get(
    '/api/studio/posts',
    {
      config: team,
      schema: {
        tags,
        summary:
          'The built-in explore posts, newest first by publish time (a draft by its last edit); `status` keeps one state',
        querystring: studioPostsQuery,
        response: { 200: envelope(z.array(studioPostSummary)) },
      },
    },
    async (request) => ok(studioPostMessages.list, await posts.list(request.query.status)),
  );

  r.get(
    '/api/studio/posts/:id',
    {
      config: team,
      schema: {
        tags,
        summary: 'One explore post with its Markdown',
        params: studioPostParams,
        response: { 200: envelope(studioPost) },
      },
    },
    async (request) => ok(studioPostMessages.one, await posts.get(request.params.id)),
  );

  r.post(
    '/api/studio/posts',
    {
      config: writes,
      schema: {
        tags,
        summary:
          'Save a new explore post as a draft, with any fields filled (audit-logged; 409 when explore reads Wix)',
        body: studioPostBody,
        response: { 201: envelope(studioPost) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(studioPostMessages.created, await posts.create(me(request), request.body))),
  );

  r.put(
    '/api/studio/posts/:id',
    {
      config: writes,
      schema: {
        tags,
        summary: 'Edit an explore post; a published one changes in explore at once (audit-logged)',
        params: studioPostParams,
        body: studioPostBody,
        response: { 200: envelope(studioPost) },
      },
    },
    async (request) =>
      ok(studioPostMessages.saved, await posts.update(me(request), request.params.id, request.body)),
  );

  r.post(
    '/api/studio/posts/:id/publish',
    {
      config: writes,
      schema: {
        tags,
        summary:
          'Publish now, or at `publishAt` (scheduled: founders see it from then on; audit-logged); 400 names each field publishing still needs',
        params: studioPostParams,
        body: publishPostBody,
        response: { 200: envelope(studioPost) },
      },
    },
    async (request) => {
      const saved = await posts.publish(me(request), request.params.id, request.body);
      return ok(
        saved.status === 'scheduled' ? studioPostMessages.scheduled : studioPostMessages.published,
        saved,
      );
    },
  );

  r.post(
    '/api/studio/posts/:id/unpublish',
    {
      config: writes,
      schema: {
        tags,
        summary: 'Take a post out of explore: back to draft (audit-logged)',
        params: studioPostParams,
        response: { 200: envelope(studioPost) },
      },
    },
    async (request) =>
      ok(studioPostMessages.unpublished, await posts.unpublish(me(request), request.params.id)),
  );

  r.post(
    '/api/studio/posts/preview',
    {
      config: team,
      schema: {
        tags,
        summary: "The Markdown rendered and sanitised exactly as explore's post page receives it",
        body: postPreviewBody,
        response: { 200: envelope(postPreview) },
      },
    },
    async (request) => ok(studioPostMessages.preview, posts.preview(request.body.bodyMarkdown)),
  );

  // One image per request, size-capped while streaming.
  await withMultipart(app, { limits: IMAGE_UPLOAD_LIMITS }, (uploads) =>
    uploads.post(
      '/api/studio/posts/images',
      {
        // 502: the file store refused the image (unreachable, or its disk full).
        config: { ...team, errors: [502 as const] },
        schema: {
          tags,
          summary: 'Upload a hero image (multipart/form-data, field "file"; PNG, JPEG or WebP, at most 5 MB)',
          description: 'The type is checked from the bytes: 415 for another type, 413 when too large.',
          consumes: ['multipart/form-data'],
          response: { 201: envelope(uploadedImage) },
        },
      },
      async (request, reply) => {
        const { data, ext, contentType } = await readUploadedImage(request, 'file');
        const name = `${randomUUID()}.${ext}`;
        await app.storage.put(`explore-images/${name}`, data, contentType);
        return reply.status(201).send(ok(studioPostMessages.image, { url: `/api/explore/images/${name}` }));
      },
    ),
  );

  r.get(
    '/api/explore/images/:name',
    {
      // Public: an <img> cannot send a bearer token. Names are random and never reused.
      config: { public: true },
      schema: {
        tags: ['explore'],
        summary: 'A hero image uploaded in the studio',
        security: [],
        params: exploreImageParams,
        response: { 200: fileAnswer('The image', IMAGE_MEDIA_TYPES) },
      },
    },
    async (request, reply) => sendStoredImage(app, reply, 'explore-images', request.params.name),
  );
}
