import {
  LOCKED_MILESTONE_MESSAGE,
  type Attachment,
  type MilestoneOutcome,
  type Preview,
  type Share,
  type SharedBy,
  type ShareLink,
} from '@liftoff/contracts/programs';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../plugins/storage.js';
import type { Owner } from './owner.js';
import { progressRepository } from './repository.js';
import { sharesRepository } from './shares-repository.js';
import type { ReviewPerson } from './review-service.js';
import { checkId, uuidPattern } from './service.js';

export interface SharesDeps {
  db: Db;
  storage: FileStorage;
  appUrl: string;
  /**
   * Share tokens are an HMAC of the share's id under this key: the database keeps only their hash (a leaked
   * table opens nothing), yet the owner can see and copy their live links again.
   */
  shareKey: string;
  /** The founder's name and startup (the auth room's users), for the names a page may show. */
  people(ids: string[]): Promise<Map<string, ReviewPerson>>;
  /** The owner's view of a milestone outcome (the programs service), which the public page trims. */
  milestoneOutcome(startupId: string, milestoneId: string): Promise<MilestoneOutcome>;
  now?: () => Date;
}

export interface CreateShareInput {
  kind: 'attachment' | 'outcome';
  id: string;
  expiresInDays: number | null;
  showFounderName: boolean;
  showStartupName: boolean;
}

const DAY_MS = 86_400_000;
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const shareTokenOf = (key: string, shareId: string) =>
  createHmac('sha256', key).update(`share:${shareId}`).digest('base64url');
const linkGone = () => notFound('This link is not valid or was revoked.');
const dateOnly = (value: Date) =>
  value.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

type ShareRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sharesRepository>['findActive']>>>;

/** Share links: made and revoked by their owner, opened by anyone who holds one until it expires. */
export function createSharesService(deps: SharesDeps) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const urlOf = (token: string) => `${deps.appUrl}/preview?token=${token}`;

  /** The live link of a token; an expired one says so, since its holder may ask the founder for a new one. */
  async function openShare(token: string): Promise<ShareRow> {
    const share = await sharesRepository(db).findActive(hashToken(token));
    if (!share) throw linkGone();
    if (share.expiresAt && share.expiresAt.getTime() <= now().getTime())
      throw notFound(`This link expired on ${dateOnly(share.expiresAt)}. Ask the founder for a new one.`);
    return share;
  }

  async function sharedByOf(share: ShareRow): Promise<SharedBy> {
    if (!share.showFounderName && !share.showStartupName) return { founderName: null, startupName: null };
    // The member who made the link; a link outlives its maker's account, then without a founder's name.
    const person = share.userId ? (await deps.people([share.userId])).get(share.userId) : undefined;
    // A founder with no name on file is known by their e-mail, which a public page must never show.
    const name = person && person.name !== person.email ? person.name : null;
    return {
      founderName: share.showFounderName ? name : null,
      startupName: share.showStartupName ? (person?.startupName ?? null) : null,
    };
  }

  /** The share's attachment (with its mission, milestone and program names), or 404. */
  async function sharedAttachment(share: ShareRow) {
    if (share.kind !== 'attachment' || !share.attachmentId) throw linkGone();
    const attachment = await sharesRepository(db).findAttachmentById(share.startupId, share.attachmentId);
    if (!attachment) throw linkGone();
    const repo = progressRepository(db);
    const [mission] = await repo.missions(share.startupId, { ids: [attachment.userMissionId] });
    const [milestone] = await repo.milestones(share.startupId, { ids: [mission!.userMilestoneId] });
    const [program] = await repo.programs(share.startupId, [milestone!.userProgramId]);
    return { attachment, mission: mission!, milestone: milestone!, program: program! };
  }

  /** Each mission's filled worksheet fields, in step order and then in the order the worksheet asks them. */
  async function answersByMission(startupId: string, missionIds: string[]) {
    const steps = await progressRepository(db).steps(startupId, missionIds);
    const byMission = new Map<string, { label: string; answer: string }[]>();
    for (const step of [...steps].sort((a, b) => a.index - b.index)) {
      const list = byMission.get(step.userMissionId) ?? [];
      for (const field of step.worksheetFields ?? []) {
        const answer = step.answers[field.key]?.trim();
        if (answer) list.push({ label: field.label, answer });
      }
      byMission.set(step.userMissionId, list);
    }
    return byMission;
  }

  const fileUrl = (token: string, attachmentId: string) =>
    `/api/preview/${encodeURIComponent(token)}/files/${attachmentId}`;

  return {
    async createShare(owner: Owner, input: CreateShareInput): Promise<Share> {
      const { startupId, userId } = owner;
      const shares = sharesRepository(db);
      let target: { attachmentId?: string; userMilestoneId?: string };
      if (input.kind === 'attachment') {
        const attachment = await shares.findAttachmentById(startupId, checkId(input.id, 'Attachment'));
        if (!attachment) throw notFound('Attachment not found');
        target = { attachmentId: attachment.id };
      } else {
        const [milestone] = await progressRepository(db).milestones(startupId, {
          ids: [checkId(input.id, 'Milestone')],
        });
        if (!milestone) throw notFound('Milestone not found');
        if (milestone.status === 'LOCKED') throw conflict(LOCKED_MILESTONE_MESSAGE);
        target = { userMilestoneId: milestone.id };
      }
      const shareId = randomUUID();
      const token = shareTokenOf(deps.shareKey, shareId);
      const row = await shares.insert({
        id: shareId,
        startupId,
        userId,
        kind: input.kind,
        tokenHash: hashToken(token),
        expiresAt:
          input.expiresInDays === null ? null : new Date(now().getTime() + input.expiresInDays * DAY_MS),
        showFounderName: input.showFounderName,
        showStartupName: input.showStartupName,
        ...target,
      });
      return {
        token,
        kind: input.kind,
        url: urlOf(token),
        createdAt: row.createdAt.toISOString(),
        expiresAt: iso(row.expiresAt),
        showFounderName: row.showFounderName,
        showStartupName: row.showStartupName,
      };
    },

    /** The caller's live links with what each shares, so any of them can be copied or revoked later. */
    async listShares(
      startupId: string,
      filter: { kind?: 'attachment' | 'outcome'; id?: string },
    ): Promise<ShareLink[]> {
      const repo = sharesRepository(db);
      const rows = await repo.listActive(startupId, { kind: filter.kind, targetId: filter.id });
      const [files, milestones] = await Promise.all([
        repo.attachmentNames(
          startupId,
          rows.flatMap((r) => (r.attachmentId ? [r.attachmentId] : [])),
        ),
        progressRepository(db).milestones(startupId, {
          ids: rows.flatMap((r) => (r.userMilestoneId ? [r.userMilestoneId] : [])),
        }),
      ]);
      const milestoneNames = new Map(milestones.map((m) => [m.id, m.name]));
      return rows.flatMap((row) => {
        const token = shareTokenOf(deps.shareKey, row.id);
        // Links made before tokens were derived from their id cannot be shown again.
        if (hashToken(token) !== row.tokenHash) return [];
        const id = (row.attachmentId ?? row.userMilestoneId)!;
        const title = row.attachmentId ? files.get(id) : milestoneNames.get(id);
        if (!title) return [];
        return [
          {
            token,
            kind: row.kind,
            url: urlOf(token),
            createdAt: row.createdAt.toISOString(),
            expiresAt: iso(row.expiresAt),
            showFounderName: row.showFounderName,
            showStartupName: row.showStartupName,
            id,
            title,
            opens: row.openCount,
            lastOpenedAt: iso(row.lastOpenedAt),
          },
        ];
      });
    },

    async revokeShare(startupId: string, token: string): Promise<void> {
      if (!(await sharesRepository(db).revoke(startupId, hashToken(token))))
        throw notFound('Share link not found');
    },

    /** Public: only what the link shares. Every answer counts as one opening for the owner's list. */
    async preview(token: string): Promise<Preview> {
      const share = await openShare(token);
      const sharedBy = await sharedByOf(share);
      const expiresAt = iso(share.expiresAt);
      let result: Preview;
      if (share.kind === 'attachment') {
        const { attachment, mission, milestone, program } = await sharedAttachment(share);
        result = {
          kind: 'attachment',
          attachment: {
            fileName: attachment.fileName,
            mimeType: attachment.mimeType,
            size: attachment.size,
            createdAt: attachment.createdAt.toISOString(),
            downloadUrl: `/api/preview/${encodeURIComponent(token)}/file`,
          },
          missionName: mission.name,
          milestoneName: milestone.name,
          programName: program.name,
          sharedBy,
          expiresAt,
        };
      } else {
        const outcome = await deps.milestoneOutcome(share.startupId, share.userMilestoneId!);
        const answers = await answersByMission(
          share.startupId,
          outcome.missions.map((m) => m.id),
        );
        result = {
          kind: 'outcome',
          outcome: outcome.outcome,
          completedAt: outcome.completedAt,
          iconUrl: outcome.milestone.iconUrl,
          milestoneName: outcome.milestone.name,
          programName: outcome.milestone.programName,
          sharedBy,
          expiresAt,
          missions: outcome.missions.map((m) => ({
            name: m.name,
            deliverableTitle: m.deliverable?.title ?? null,
            answers: answers.get(m.id) ?? [],
            attachments: m.attachments.map((a) => ({
              fileName: a.fileName,
              mimeType: a.mimeType,
              size: a.size,
              downloadUrl: fileUrl(token, a.id),
            })),
          })),
        };
      }
      await sharesRepository(db).countOpen(share.id, now());
      return result;
    },

    /** Public: the bytes of a shared deliverable. */
    async previewFile(
      token: string,
    ): Promise<{ attachment: Pick<Attachment, 'fileName' | 'mimeType' | 'size'>; stream: Readable }> {
      const { attachment } = await sharedAttachment(await openShare(token));
      return { attachment, stream: await storage.getStream(attachment.storageKey) };
    },

    /** Public: one file of a shared outcome; any attachment outside that milestone is not found. */
    async outcomeFile(
      token: string,
      attachmentId: string,
    ): Promise<{ attachment: Pick<Attachment, 'fileName' | 'mimeType' | 'size'>; stream: Readable }> {
      const share = await openShare(token);
      if (share.kind !== 'outcome' || !share.userMilestoneId || !uuidPattern.test(attachmentId))
        throw notFound('File not found');
      const attachment = await sharesRepository(db).findAttachmentById(share.startupId, attachmentId);
      if (!attachment) throw notFound('File not found');
      const [mission] = await progressRepository(db).missions(share.startupId, {
        ids: [attachment.userMissionId],
      });
      if (mission?.userMilestoneId !== share.userMilestoneId) throw notFound('File not found');
      return { attachment, stream: await storage.getStream(attachment.storageKey) };
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
