import type { Role } from '@liftoff/contracts/auth';
import { envelope } from '@liftoff/contracts/common';
import {
  authoringMessages as messages,
  importPackBody,
  importPackResult,
  programDocumentBody,
  programDraft,
  programKeyParams,
  programPack,
  programVersion,
  programVersionParams,
  publishBody,
  publishResult,
} from '@liftoff/contracts/programs-authoring';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { principalOf } from '../../plugins/auth-guard.js';
import type { AuthoringService } from './authoring-service.js';

const tags = ['studio'];
/** Program authoring is the program team's (managers and admins, with two-factor); founders never see drafts. */
const config: { roles: Role[] } = { roles: ['manager', 'admin'] };
/** Calls that answer 409 when the stored versions or drafts say no (see the service). */
const writes = { ...config, errors: [409 as const] };

/** The studio's program authoring: the draft, publishing, versions, export and import of packs. */
export async function programAuthoringRoutes(app: FastifyInstance, options: { service: AuthoringService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/studio/programs/:key/draft',
    {
      config: writes,
      schema: {
        tags,
        summary: "A program's draft, made from its newest version on first read",
        params: programKeyParams,
        response: { 200: envelope(programDraft) },
      },
    },
    async (request) => ok(messages.draft, await service.draft(request.params.key)),
  );

  r.put(
    '/api/studio/programs/:key/draft',
    {
      config: writes,
      schema: {
        tags,
        summary: "Replace a program's draft with a whole document (audit-logged)",
        description:
          'Checked with the content pack schema; a refusal answers 400 naming each field (milestones.0.missions.1.steps.2.title) and saves nothing.',
        params: programKeyParams,
        body: programDocumentBody,
        response: { 200: envelope(programDraft) },
      },
    },
    async (request) =>
      ok(
        messages.draftSaved,
        await service.saveDraft(principalOf(request).userId, request.params.key, request.body),
      ),
  );

  r.post(
    '/api/studio/programs/:key/publish',
    {
      config: writes,
      schema: {
        tags,
        summary: 'Publish the draft as a new version and move enrolled founders to it (audit-logged)',
        description:
          'Founders keep their progress by milestone, mission and step keys; removed steps are kept as retired steps (decision 042). 409 when there is no draft or it equals the newest version.',
        params: programKeyParams,
        body: publishBody,
        response: { 201: envelope(publishResult) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            messages.published,
            await service.publish(principalOf(request).userId, request.params.key, request.body.summary),
          ),
        ),
  );

  r.get(
    '/api/studio/programs/:key/versions',
    {
      config,
      schema: {
        tags,
        summary: "A program's versions, newest first, with their change summaries",
        params: programKeyParams,
        response: { 200: envelope(z.array(programVersion)) },
      },
    },
    async (request) => ok(messages.versions, await service.versions(request.params.key)),
  );

  r.get(
    '/api/studio/programs/:key/versions/:version/export',
    {
      config: writes,
      schema: {
        tags,
        summary: 'One version as a program pack (JSON) with its content hash',
        params: programVersionParams,
        response: { 200: envelope(programPack) },
      },
    },
    async (request) =>
      ok(messages.exported, await service.exportVersion(request.params.key, request.params.version)),
  );

  r.post(
    '/api/studio/programs/import',
    {
      config: writes,
      schema: {
        tags,
        summary: 'Import a program pack as the draft or as a version (audit-logged)',
        description:
          'As a version: the same version with the same content answers unchanged; a newer version number is published (summary required) and founders move to it.',
        body: importPackBody,
        response: { 200: envelope(importPackResult) },
      },
    },
    async (request) =>
      ok(messages.imported, await service.importPack(principalOf(request).userId, request.body)),
  );
}
