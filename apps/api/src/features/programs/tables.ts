import type { DeliverableSpec, WorksheetField } from '@liftoff/contracts/programs';
import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';
import { startups } from '../startups/tables.js';

/*
 * Templates: one row set per (program key, version), imported from the content pack and never changed
 * structurally afterwards (docs/decisions/004-progress-rules.md). Re-importing the same version may only
 * refresh texts in place; a structural change needs a new version, which gets new rows.
 */

export const programTemplates = pgTable(
  'program_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    iconUrl: text('icon_url').notNull(),
    secondaryIconUrl: text('secondary_icon_url').notNull(),
    /** Days from enrolment until the program closes (INCOMPLETED if unfinished); null = no end. */
    durationDays: integer('duration_days'),
    /**
     * Whether a mission with a deliverable completes only once the program team approves it; otherwise
     * handing it in completes the mission (docs/decisions/004-progress-rules.md).
     */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Hash of the structure (keys, order, step types, worksheet fields, deliverables). */
    structureHash: text('structure_hash').notNull(),
    /** Hash of everything; equal on re-import means nothing to do. */
    contentHash: text('content_hash').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The version exactly as authored (the pack's shape), so an export gives back the same content hash;
     * null only for versions stored before documents were kept and not in the pack since.
     */
    document: jsonb('document').$type<ProgramDocument>(),
    /** What changed, written by whoever published it in the studio; null for versions from the files. */
    changeSummary: text('change_summary'),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('program_templates_key_version_unique').on(table.key, table.version)],
);

/**
 * The studio's working copy of a program, one per key, never read by founders' routes. Publishing turns it
 * into a new version (docs/decisions/042-publishing-a-program-version.md).
 */
export const programDrafts = pgTable('program_drafts', {
  programKey: text('program_key').primaryKey(),
  basedOnVersion: integer('based_on_version').notNull(),
  document: jsonb('document').$type<ProgramDocument>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const milestoneTemplates = pgTable(
  'milestone_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programTemplateId: uuid('program_template_id')
      .notNull()
      .references(() => programTemplates.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    index: integer('index').notNull(),
    name: text('name').notNull(),
    overviewSubtitle: text('overview_subtitle').notNull(),
    description: text('description').notNull(),
    outcomeTitle: text('outcome_title').notNull(),
    outcomeDescription: text('outcome_description').notNull(),
    iconUrl: text('icon_url').notNull(),
    secondaryIconUrl: text('secondary_icon_url').notNull(),
    expertKey: text('expert_key').notNull(),
  },
  (table) => [uniqueIndex('milestone_templates_program_key_unique').on(table.programTemplateId, table.key)],
);

export const missionTemplates = pgTable(
  'mission_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    milestoneTemplateId: uuid('milestone_template_id')
      .notNull()
      .references(() => milestoneTemplates.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    index: integer('index').notNull(),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    deliverable: jsonb('deliverable').$type<DeliverableSpec>(),
  },
  (table) => [uniqueIndex('mission_templates_milestone_key_unique').on(table.milestoneTemplateId, table.key)],
);

export const stepTemplates = pgTable(
  'step_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionTemplateId: uuid('mission_template_id')
      .notNull()
      .references(() => missionTemplates.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    index: integer('index').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: ['TOOL', 'CONTENT'] }).notNull(),
    body: text('body').notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    worksheetFields: jsonb('worksheet_fields').$type<WorksheetField[]>(),
    /** A file name in content/templates/, served at /api/content/templates/<file>. */
    templateFile: text('template_file'),
  },
  (table) => [uniqueIndex('step_templates_mission_key_unique').on(table.missionTemplateId, table.key)],
);

/*
 * A startup's progress: rows created at enrolment from one template version, pointing at its rows. The
 * startup owns them (its members share one program, decision 063); `user_id` says who made the row or last
 * changed it, and stays behind as null when that account goes.
 */

const statusColumn = (name: string) =>
  text(name, { enum: ['ONGOING', 'LOCKED', 'COMPLETED', 'INCOMPLETED'] }).notNull();
/** The owner: the progress, files and shares go with the startup, not with one member's account. */
const startupColumn = () =>
  uuid('startup_id')
    .notNull()
    .references(() => startups.id, { onDelete: 'cascade' });
/** Who made the row (or last changed it); null once that account is deleted, the work stays. */
const userColumn = () => uuid('user_id').references(() => users.id, { onDelete: 'set null' });

export const userPrograms = pgTable(
  'user_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    programTemplateId: uuid('program_template_id')
      .notNull()
      .references(() => programTemplates.id),
    programKey: text('program_key').notNull(),
    status: statusColumn('status'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_programs_startup_program_unique').on(table.startupId, table.programKey),
    index('user_programs_user_idx').on(table.userId),
  ],
);

export const userMilestones = pgTable(
  'user_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    userProgramId: uuid('user_program_id')
      .notNull()
      .references(() => userPrograms.id, { onDelete: 'cascade' }),
    milestoneTemplateId: uuid('milestone_template_id')
      .notNull()
      .references(() => milestoneTemplates.id),
    index: integer('index').notNull(),
    status: statusColumn('status'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /*
     * A summary of the milestone's steps, so the studio's dashboard reads one row per founder and milestone
     * instead of every step of a cohort. Kept by triggers on user_steps, in the statement that changes a
     * step, whatever writes it (docs/decisions/038-milestone-step-counts-kept-by-the-database.md).
     */
    stepsTotal: integer('steps_total').notNull().default(0),
    stepsDone: integer('steps_done').notNull().default(0),
    /** Steps ONGOING and not put off for later: someone is working on this milestone. */
    stepsOpen: integer('steps_open').notNull().default(0),
    lastStepAt: timestamp('last_step_at', { withTimezone: true }),
    lastAnswerAt: timestamp('last_answer_at', { withTimezone: true }),
  },
  (table) => [
    index('user_milestones_program_idx').on(table.userProgramId),
    index('user_milestones_startup_idx').on(table.startupId),
    // For the account's deletion, which sets who made the row to null.
    index('user_milestones_user_idx').on(table.userId),
  ],
);

export const userMissions = pgTable(
  'user_missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    userMilestoneId: uuid('user_milestone_id')
      .notNull()
      .references(() => userMilestones.id, { onDelete: 'cascade' }),
    missionTemplateId: uuid('mission_template_id')
      .notNull()
      .references(() => missionTemplates.id),
    index: integer('index').notNull(),
    status: statusColumn('status'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('user_missions_milestone_idx').on(table.userMilestoneId),
    index('user_missions_startup_idx').on(table.startupId),
    // For the account's deletion, which sets who made the row to null.
    index('user_missions_user_idx').on(table.userId),
  ],
);

export const userSteps = pgTable(
  'user_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    userMissionId: uuid('user_mission_id')
      .notNull()
      .references(() => userMissions.id, { onDelete: 'cascade' }),
    stepTemplateId: uuid('step_template_id')
      .notNull()
      .references(() => stepTemplates.id),
    index: integer('index').notNull(),
    status: statusColumn('status'),
    doLater: boolean('do_later').notNull().default(false),
    rating: smallint('rating'),
    /** The worksheet answers of a TOOL step, by field key. */
    answers: jsonb('answers')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    answersUpdatedAt: timestamp('answers_updated_at', { withTimezone: true }),
    /**
     * Each answered field's version, who saved it and when, by field key: saves are per field and check the
     * version, so two people on one worksheet never overwrite each other unseen (decision 063).
     */
    answerVersions: jsonb('answer_versions')
      .$type<Record<string, { version: number; by: string | null; at: string }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('user_steps_mission_idx').on(table.userMissionId),
    index('user_steps_startup_idx').on(table.startupId),
    // For the account's deletion, which sets who made the row to null.
    index('user_steps_user_idx').on(table.userId),
  ],
);

/**
 * A founder's step that a newer version of the program no longer has: kept with its texts and answers when
 * the founder moves to that version, and shown with the milestone's outcome (decision 042).
 */
export const userRetiredSteps = pgTable(
  'user_retired_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    userProgramId: uuid('user_program_id')
      .notNull()
      .references(() => userPrograms.id, { onDelete: 'cascade' }),
    /** The version the step was last part of. */
    fromVersion: integer('from_version').notNull(),
    milestoneKey: text('milestone_key').notNull(),
    missionKey: text('mission_key').notNull(),
    stepKey: text('step_key').notNull(),
    title: text('title').notNull(),
    status: statusColumn('status'),
    doLater: boolean('do_later').notNull(),
    rating: smallint('rating'),
    /** The answers with the labels of the fields they answered, readable without the old template. */
    answers: jsonb('answers').$type<{ key: string; label: string; value: string }[]>().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_retired_steps_program_idx').on(table.userProgramId)],
);

/** Deliverable files handed in for a mission; the bytes live in the file storage under `storageKey`. */
export const missionAttachments = pgTable(
  'mission_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    userMissionId: uuid('user_mission_id')
      .notNull()
      .references(() => userMissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mission_attachments_mission_idx').on(table.userMissionId),
    index('mission_attachments_user_idx').on(table.userId),
  ],
);

/**
 * Read-only share links. Only the SHA-256 of the token is stored; the token itself is shown once, when
 * the link is made. A share dies with what it shares (cascade) or when revoked.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startupId: startupColumn(),
    userId: userColumn(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['attachment', 'outcome'] }).notNull(),
    attachmentId: uuid('attachment_id').references(() => missionAttachments.id, { onDelete: 'cascade' }),
    userMilestoneId: uuid('user_milestone_id').references(() => userMilestones.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** null: open until revoked (every link made before founders chose an expiry). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    showFounderName: boolean('show_founder_name').notNull().default(true),
    showStartupName: boolean('show_startup_name').notNull().default(true),
  },
  (table) => [
    uniqueIndex('shares_token_hash_unique').on(table.tokenHash),
    index('shares_startup_idx').on(table.startupId),
    // For the account's deletion, which sets who made the row to null.
    index('shares_user_idx').on(table.userId),
  ],
);

/**
 * The review of a mission's deliverable: one row per mission, made when its first file is handed in. Every
 * file handed in since is a version of it (mission_attachments, in order); the thread is its comments.
 * Status moves: docs/decisions/004-progress-rules.md "Review".
 */
export const deliverableReviews = pgTable(
  'deliverable_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The founder who hands in. */
    startupId: startupColumn(),
    userId: userColumn(),
    userMissionId: uuid('user_mission_id')
      .notNull()
      .references(() => userMissions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['submitted', 'in_review', 'changes_requested', 'approved'] }).notNull(),
    /** When the newest version was handed in. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /** Who last moved the status; kept as null if that account is deleted. */
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deliverable_reviews_mission_unique').on(table.userMissionId),
    index('deliverable_reviews_status_idx').on(table.status, table.submittedAt),
    index('deliverable_reviews_startup_idx').on(table.startupId),
    index('deliverable_reviews_user_idx').on(table.userId),
  ],
);

/** The thread on a deliverable: the founder and the reviewers, oldest first. */
export const deliverableComments = pgTable(
  'deliverable_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => deliverableReviews.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted; the thread keeps what was said. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deliverable_comments_deliverable_idx').on(table.deliverableId, table.createdAt)],
);
