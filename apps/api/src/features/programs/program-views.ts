import type {
  Attachment,
  MilestoneSummary,
  Mission,
  Program,
  ProgramOutline,
  Step,
} from '@liftoff/contracts/programs';
import type { progressRepository } from './repository.js';
import { stepBodyHtml } from './step-body.js';

/** A founder's progress rows as the API shows them (the contracts' shapes). */

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

export type Repo = ReturnType<typeof progressRepository>;
export type MilestoneRow = Awaited<ReturnType<Repo['milestones']>>[number];
export type MissionRow = Awaited<ReturnType<Repo['missions']>>[number];
export type StepRow = Awaited<ReturnType<Repo['steps']>>[number];
export type AttachmentRow = Awaited<ReturnType<Repo['attachments']>>[number];

export const attachmentDownloadUrl = (missionId: string, attachmentId: string) =>
  `/api/userMission/${missionId}/attachments/${attachmentId}/download`;

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    downloadUrl: attachmentDownloadUrl(row.userMissionId, row.id),
  };
}

export function toStep(row: StepRow): Step {
  return {
    id: row.id,
    index: row.index,
    key: row.key,
    title: row.title,
    type: row.type,
    body: row.body,
    bodyHtml: stepBodyHtml(row.body),
    estimatedMinutes: row.estimatedMinutes,
    toolUrl: row.templateFile ? `/api/content/templates/${row.templateFile}` : null,
    worksheet: row.worksheetFields
      ? {
          fields: row.worksheetFields,
          answers: row.answers,
          updatedAt: iso(row.answersUpdatedAt),
          versions: Object.fromEntries(
            Object.entries(row.answerVersions).map(([key, v]) => [
              key,
              { version: v.version, updatedBy: v.by, updatedAt: v.at },
            ]),
          ),
        }
      : null,
    status: row.status,
    doLater: row.doLater,
    rating: row.rating,
    completedAt: iso(row.completedAt),
  };
}

export function toMilestoneSummary(row: MilestoneRow): MilestoneSummary {
  return {
    id: row.id,
    index: row.index,
    name: row.name,
    status: row.status,
    iconUrl: row.iconUrl,
    overviewSubtitle: row.overviewSubtitle,
    userProgramId: row.userProgramId,
    completedAt: iso(row.completedAt),
  };
}

export function toMission(
  row: MissionRow,
  steps: StepRow[],
  attachments: AttachmentRow[],
  milestone: MilestoneRow,
): Mission {
  return {
    id: row.id,
    index: row.index,
    key: row.key,
    name: row.name,
    summary: row.summary,
    estimatedMinutes: row.estimatedMinutes,
    status: row.status,
    completedAt: iso(row.completedAt),
    deliverable: row.deliverable,
    attachments: attachments.filter((a) => a.userMissionId === row.id).map(toAttachment),
    userStep: steps.filter((s) => s.userMissionId === row.id).map(toStep),
    userMilestoneId: row.userMilestoneId,
    userMilestone: toMilestoneSummary(milestone),
  };
}

/** A program without its steps' bodies: what the overview reads. */
export function toOutline(program: Program): ProgramOutline {
  return {
    ...program,
    userMilestone: program.userMilestone.map((milestone) => ({
      ...milestone,
      userMission: milestone.userMission.map((mission) => ({
        ...mission,
        userStep: mission.userStep.map(({ body: _body, bodyHtml: _html, ...step }) => step),
      })),
    })),
  };
}
