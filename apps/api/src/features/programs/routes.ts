import { envelope } from '@liftoff/contracts/common';
import {
  attachment,
  attachmentParams,
  idParams,
  milestone,
  milestoneOutcome,
  mission,
  nextStepBody,
  nextStepResult,
  outcomesQuery,
  outcomesResult,
  program,
  programIdParams,
  programOutline,
  programsMessages as messages,
  ratingBody,
  step,
  worksheetBody,
  answerBody,
  answerParams,
} from '@liftoff/contracts/programs';
import { contributionsMessages, missionContributions } from '@liftoff/contracts/programs-contributions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { readUploadedFile, withMultipart } from '../../lib/uploads.js';
import { principalOf } from '../../plugins/auth-guard.js';
import { ownerOf } from './owner.js';
import { missionWithDueDates, withDueDates, type DueDatesSource } from './due-dates.js';
import { toOutline } from './program-views.js';
import type { ProgramsService } from './service.js';
import { contentDisposition, MAX_UPLOAD_BYTES } from './uploads.js';
import { fileAnswer } from '../../lib/answers.js';

const tags = ['programs'];

export function sendFile(
  reply: FastifyReply,
  file: { attachment: { fileName: string; mimeType: string; size: number }; stream: Readable },
  inline = false,
) {
  const disposition = contentDisposition(file.attachment.fileName);
  return reply
    .header('content-type', file.attachment.mimeType)
    .header('content-length', String(file.attachment.size))
    .header('content-disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/** The programs calls of spec section 7 plus deliverables and outcomes (share links: share-routes.ts). */
export async function programsRoutes(
  app: FastifyInstance,
  options: { service: ProgramsService; maxUploadBytes?: number; dueDates?: DueDatesSource },
) {
  const { service } = options;
  const maxUploadBytes = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const r = app.withTypeProvider<ZodTypeProvider>();
  type Request = Parameters<typeof principalOf>[0];
  const me = (request: Request) => principalOf(request).userId;
  // The progress is the caller's startup's (decision 063): reads scope by it, changes also record who.
  const who = (request: Request) => ownerOf(principalOf(request));
  const ours = (request: Request) => who(request).startupId;
  const dueDates = (userId: string) => options.dueDates?.(userId) ?? Promise.resolve(null);

  r.get(
    '/api/userProgram/programs',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: 'The programs the caller is enrolled in, with milestones, missions and steps',
        response: { 200: envelope(z.array(program)) },
      },
    },
    async (request) => {
      const [programs, due] = await Promise.all([service.listPrograms(ours(request)), dueDates(me(request))]);
      return ok(messages.programs, withDueDates(programs, due));
    },
  );

  r.get(
    '/api/userProgram/programs/outline',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary:
          "The caller's programs as the overview reads them: all of GET /userProgram/programs but the steps' bodies",
        response: { 200: envelope(z.array(programOutline)) },
      },
    },
    async (request) => {
      const [programs, due] = await Promise.all([service.listPrograms(ours(request)), dueDates(me(request))]);
      return ok(messages.programs, withDueDates(programs.map(toOutline), due));
    },
  );

  r.get(
    '/api/userProgram/:id',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: "One of the caller's programs",
        params: idParams,
        response: { 200: envelope(program) },
      },
    },
    async (request) => ok(messages.program, await service.getProgram(ours(request), request.params.id)),
  );

  r.get(
    '/api/userMilestone/ongoing/:programId',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: 'The ONGOING milestone of a program (null once the program is completed or closed)',
        params: programIdParams,
        response: { 200: envelope(milestone.nullable()) },
      },
    },
    async (request) =>
      ok(messages.ongoingMilestone, await service.ongoingMilestone(ours(request), request.params.programId)),
  );

  r.get(
    '/api/userMilestone/program-milestones/:programId',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: 'Every milestone of a program, in order (the program map)',
        params: programIdParams,
        response: { 200: envelope(z.array(milestone)) },
      },
    },
    async (request) =>
      ok(
        messages.programMilestones,
        await service.programMilestones(ours(request), request.params.programId),
      ),
  );

  r.get(
    '/api/userMilestone/:id',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: 'One milestone with its missions and expert',
        params: idParams,
        response: { 200: envelope(milestone) },
      },
    },
    async (request) => ok(messages.milestone, await service.getMilestone(ours(request), request.params.id)),
  );

  r.get(
    '/api/userMilestone/outcome/:id',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: "What the milestone achieved: outcome text, completion and every mission's deliverables",
        params: idParams,
        response: { 200: envelope(milestoneOutcome) },
      },
    },
    async (request) => ok(messages.outcome, await service.milestoneOutcome(ours(request), request.params.id)),
  );

  r.get(
    '/api/userMission/:id',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: 'One mission with its steps, deliverable and attachments',
        params: idParams,
        response: { 200: envelope(mission) },
      },
    },
    async (request) => {
      const [found, due] = await Promise.all([
        service.getMission(ours(request), request.params.id),
        dueDates(me(request)),
      ]);
      const dated = due ? missionWithDueDates(found, await service.listPrograms(ours(request)), due) : found;
      return ok(found.status === 'ONGOING' ? messages.ongoingMission : messages.mission, dated);
    },
  );

  r.get(
    '/api/userMission/:id/contributions',
    {
      config: { scope: 'progress:read' },
      schema: {
        tags,
        summary: "Each person's part of the mission: fields saved, steps completed, versions handed in",
        description:
          "The mission is the caller's startup's; every member is listed (in the order they joined), then anyone else whose work is in it. A field counts for whoever saved its current text.",
        params: idParams,
        response: { 200: envelope(missionContributions) },
      },
    },
    async (request) =>
      ok(
        contributionsMessages.contributions,
        await service.missionContributions(ours(request), request.params.id),
      ),
  );

  r.put(
    '/api/userStep/next-step',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Complete (doLater false) or put off (doLater true) a step; opens the next one',
        description:
          "Answers the updated mission, the next step to show and what else changed. 409 when the step's milestone is locked.",
        body: nextStepBody,
        response: { 200: envelope(nextStepResult) },
      },
    },
    async (request) =>
      ok(messages.saved, await service.nextStep(who(request), request.body.stepId, request.body.doLater)),
  );

  r.put(
    '/api/userStep/:id/rating',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Rate a step from 1 to 5',
        params: idParams,
        body: ratingBody,
        response: { 200: envelope(step) },
      },
    },
    async (request) =>
      ok(messages.saved, await service.rateStep(who(request), request.params.id, request.body.rating)),
  );

  r.put(
    '/api/userStep/:id/worksheet',
    {
      config: { errors: [409], scope: 'worksheets:write' },
      schema: {
        tags,
        summary:
          "Save a TOOL step's worksheet answers (replaces the saved ones; keys are the step's field keys)",
        params: idParams,
        body: worksheetBody,
        response: { 200: envelope(step) },
      },
    },
    async (request) =>
      ok(messages.saved, await service.saveWorksheet(who(request), request.params.id, request.body.answers)),
  );

  r.put(
    '/api/userStep/:id/answers/:key',
    {
      config: { errors: [409] },
      schema: {
        tags,
        summary: "Save one field of a TOOL step's worksheet, made from the version of it the caller saw",
        description:
          "version is the field's version in worksheet.versions when it was opened (0 if never saved). A save made from an older version is refused with 409; its details hold the saved text (saved), the refused one (yours) and the current version (version), to choose and save again.",
        params: answerParams,
        body: answerBody,
        response: { 200: envelope(step) },
      },
    },
    async (request) =>
      ok(
        messages.saved,
        await service.saveAnswer(who(request), request.params.id, request.params.key, request.body),
      ),
  );

  // One file per request, size-capped while streaming.
  await withMultipart(
    app,
    { limits: { fileSize: maxUploadBytes, files: 1, fields: 5, parts: 6 } },
    (uploads) =>
      uploads.post(
        '/api/userMission/:id/attachments',
        {
          config: { errors: [409, 502] },
          schema: {
            tags,
            summary: 'Hand in a deliverable file (multipart/form-data, field "file", at most 10 MB)',
            description:
              'PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, DOC, XLS, PPT, CSV or plain text; the type is checked from the bytes. 413 when too large, 415 for another type.',
            consumes: ['multipart/form-data'],
            params: idParams,
            response: { 201: envelope(attachment) },
          },
        },
        async (request, reply) => {
          const { fileName, data } = await readUploadedFile(
            request,
            'file',
            `The file is larger than ${Math.round(maxUploadBytes / 1024 / 1024)} MB. Upload a smaller file.`,
          );
          const created = await service.uploadAttachment(who(request), request.params.id, {
            fileName,
            data,
          });
          return reply.status(201).send(ok(messages.uploaded, created));
        },
      ),
  );

  r.get(
    '/api/userMission/:id/attachments/:attachmentId/download',
    {
      schema: {
        tags,
        summary: 'Download a deliverable (owner only)',
        params: attachmentParams,
        description: 'Answers the bytes with Content-Disposition: attachment.',
        response: { 200: fileAnswer('The file, with the type it was handed in with') },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.openAttachment(ours(request), request.params.id, request.params.attachmentId),
      ),
  );

  r.delete(
    '/api/userMission/:id/attachments/:attachmentId',
    {
      // 409 once the team has reacted to the file: it is kept as a version.
      config: { errors: [409] },
      schema: {
        tags,
        summary: 'Delete a deliverable; a completed mission stays completed',
        params: attachmentParams,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request) => {
      await service.deleteAttachment(ours(request), request.params.id, request.params.attachmentId);
      return ok(messages.deleted, {});
    },
  );

  r.get(
    '/api/outcomes',
    {
      schema: {
        tags,
        summary: "The outcomes repository: every opened milestone's outcome and deliverables, filterable",
        querystring: outcomesQuery,
        response: { 200: envelope(outcomesResult) },
      },
    },
    async (request) => ok(messages.outcomes, await service.outcomes(ours(request), request.query)),
  );
}
