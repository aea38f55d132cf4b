import { envelope } from '@liftoff/contracts/common';
import {
  createShareBody,
  preview,
  programsMessages as messages,
  share,
  sharedFileParams,
  sharedFileQuery,
  inlinePreviewTypes,
  shareLink,
  sharesQuery,
  tokenParams,
} from '@liftoff/contracts/programs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/answers.js';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import { ownerOf } from './owner.js';
import { sendFile } from './routes.js';
import type { SharesService } from './shares.js';

const tags = ['programs'];

/** Shows a PDF or an image in the recipient's page when asked; anything else is always a download. */
const sendShared = (
  reply: FastifyReply,
  file: { attachment: { fileName: string; mimeType: string; size: number }; stream: Readable },
  inline: boolean,
) => {
  const show = inline && inlinePreviewTypes.includes(file.attachment.mimeType);
  // The page frames a PDF to show it; every other answer refuses to be framed at all.
  if (show) reply.header('content-security-policy', "frame-ancestors 'self'");
  return sendFile(reply, file, show);
};

/** Share links: the owner makes, lists and revokes them; anyone holding one sees the public preview. */
export async function shareRoutes(app: FastifyInstance, options: { service: SharesService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/shares',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary:
          'Make a read-only link to a deliverable (kind attachment, id = attachment id) or a milestone outcome (kind outcome, id = milestone id)',
        description:
          'The link expires after expiresInDays (7, 30 or 90; null never; 30 when left out). showFounderName and showStartupName (both true when left out) say whether the page names the founder and their startup.',
        body: createShareBody,
        response: { 201: envelope(share) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(messages.shareCreated, await service.createShare(ownerOf(principalOf(request)), request.body)),
        ),
  );

  r.get(
    '/api/shares',
    {
      schema: {
        tags,
        summary:
          "The caller's live share links with their expiry and how often each was opened (optionally for one deliverable or milestone outcome)",
        querystring: sharesQuery,
        response: { 200: envelope(z.array(shareLink)) },
      },
    },
    async (request) =>
      ok(messages.shares, await service.listShares(ownerOf(principalOf(request)).startupId, request.query)),
  );

  r.delete(
    '/api/shares/:token',
    {
      schema: {
        tags,
        summary: 'Revoke a share link (owner only)',
        params: tokenParams,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await service.revokeShare(ownerOf(principalOf(request)).startupId, request.params.token);
      return ok(messages.shareRevoked, {});
    },
  );

  r.get(
    '/api/preview/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Public: what a share link shows (404 once revoked or expired); each call counts as an opening',
        security: [],
        params: tokenParams,
        response: { 200: envelope(preview) },
      },
    },
    async (request) => ok(messages.preview, await service.preview(request.params.token)),
  );

  r.get(
    '/api/preview/:token/file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public: download the shared deliverable',
        security: [],
        params: tokenParams,
        querystring: sharedFileQuery,
        description:
          'Answers the bytes with Content-Disposition: attachment, or inline for a PDF or an image with inline=1.',
        response: { 200: fileAnswer('The file, with the type it was handed in with') },
      },
    },
    async (request, reply) =>
      sendShared(reply, await service.previewFile(request.params.token), request.query.inline === '1'),
  );

  r.get(
    '/api/preview/:token/files/:attachmentId',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public: download one file of a shared milestone outcome (404 for any file outside it)',
        security: [],
        params: sharedFileParams,
        querystring: sharedFileQuery,
        description:
          'Answers the bytes with Content-Disposition: attachment, or inline for a PDF or an image with inline=1.',
        response: { 200: fileAnswer('The file, with the type it was handed in with') },
      },
    },
    async (request, reply) =>
      sendShared(
        reply,
        await service.outcomeFile(request.params.token, request.params.attachmentId),
        request.query.inline === '1',
      ),
  );
}
