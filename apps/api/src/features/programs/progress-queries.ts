import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  milestoneTemplates,
  missionAttachments,
  missionTemplates,
  programTemplates,
  stepTemplates,
  userMilestones,
  userMissions,
  userPrograms,
  userSteps,
} from './tables.js';

/*
 * The reads every progress page makes (programs, milestones, missions, steps, attachments), prepared once per
 * database handle. Building each query anew was about a fifth of the server's busy time under the founder load
 * (bench/founder-load.mjs); prepared, Drizzle builds the SQL once and PostgreSQL parses it once per connection.
 * A prepared statement has one shape, so an optional id filter is a nullable array parameter: null means
 * "all of the founder's", an array "only these".
 */

// The startup whose progress is read (decision 063).
const owner = sql.placeholder('startupId');

/** `column = any($name)`, or no filter at all when $name is null. */
function amongIfGiven(column: PgColumn, name: string): SQL {
  const ids = sql.placeholder(name);
  return sql`(${ids}::uuid[] is null or ${column} = any(${ids}::uuid[]))`;
}

function among(column: PgColumn, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
}

/** How each read is built and prepared on a handle, once. */
const builders = {
  programs: (db: DbOrTx) =>
    db
      .select({
        id: userPrograms.id,
        status: userPrograms.status,
        endsAt: userPrograms.endsAt,
        completedAt: userPrograms.completedAt,
        createdAt: userPrograms.createdAt,
        key: programTemplates.key,
        version: programTemplates.version,
        name: programTemplates.name,
        summary: programTemplates.summary,
        iconUrl: programTemplates.iconUrl,
        secondaryIconUrl: programTemplates.secondaryIconUrl,
      })
      .from(userPrograms)
      .innerJoin(programTemplates, eq(programTemplates.id, userPrograms.programTemplateId))
      .where(and(eq(userPrograms.startupId, owner), amongIfGiven(userPrograms.id, 'ids')))
      .orderBy(asc(userPrograms.createdAt), asc(userPrograms.id))
      .prepare('progress_programs'),

  milestones: (db: DbOrTx) =>
    db
      .select({
        id: userMilestones.id,
        userProgramId: userMilestones.userProgramId,
        index: userMilestones.index,
        status: userMilestones.status,
        completedAt: userMilestones.completedAt,
        templateId: milestoneTemplates.id,
        key: milestoneTemplates.key,
        name: milestoneTemplates.name,
        overviewSubtitle: milestoneTemplates.overviewSubtitle,
        description: milestoneTemplates.description,
        outcomeTitle: milestoneTemplates.outcomeTitle,
        outcomeDescription: milestoneTemplates.outcomeDescription,
        iconUrl: milestoneTemplates.iconUrl,
        secondaryIconUrl: milestoneTemplates.secondaryIconUrl,
        expertKey: milestoneTemplates.expertKey,
      })
      .from(userMilestones)
      .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, userMilestones.milestoneTemplateId))
      .where(
        and(
          eq(userMilestones.startupId, owner),
          amongIfGiven(userMilestones.userProgramId, 'programIds'),
          amongIfGiven(userMilestones.id, 'ids'),
        ),
      )
      .orderBy(asc(userMilestones.index))
      .prepare('progress_milestones'),

  missions: (db: DbOrTx) =>
    db
      .select({
        id: userMissions.id,
        userMilestoneId: userMissions.userMilestoneId,
        index: userMissions.index,
        status: userMissions.status,
        completedAt: userMissions.completedAt,
        key: missionTemplates.key,
        name: missionTemplates.name,
        summary: missionTemplates.summary,
        estimatedMinutes: missionTemplates.estimatedMinutes,
        deliverable: missionTemplates.deliverable,
      })
      .from(userMissions)
      .innerJoin(missionTemplates, eq(missionTemplates.id, userMissions.missionTemplateId))
      .where(
        and(
          eq(userMissions.startupId, owner),
          amongIfGiven(userMissions.userMilestoneId, 'milestoneIds'),
          amongIfGiven(userMissions.id, 'ids'),
        ),
      )
      .orderBy(asc(userMissions.index))
      .prepare('progress_missions'),

  steps: (db: DbOrTx) =>
    db
      .select({
        id: userSteps.id,
        userMissionId: userSteps.userMissionId,
        index: userSteps.index,
        status: userSteps.status,
        doLater: userSteps.doLater,
        rating: userSteps.rating,
        answers: userSteps.answers,
        answersUpdatedAt: userSteps.answersUpdatedAt,
        answerVersions: userSteps.answerVersions,
        completedAt: userSteps.completedAt,
        key: stepTemplates.key,
        title: stepTemplates.title,
        type: stepTemplates.type,
        body: stepTemplates.body,
        estimatedMinutes: stepTemplates.estimatedMinutes,
        worksheetFields: stepTemplates.worksheetFields,
        templateFile: stepTemplates.templateFile,
      })
      .from(userSteps)
      .innerJoin(stepTemplates, eq(stepTemplates.id, userSteps.stepTemplateId))
      .where(and(eq(userSteps.startupId, owner), among(userSteps.userMissionId, 'missionIds')))
      .orderBy(asc(userSteps.index))
      .prepare('progress_steps'),

  attachments: (db: DbOrTx) =>
    db
      .select()
      .from(missionAttachments)
      .where(
        and(eq(missionAttachments.startupId, owner), among(missionAttachments.userMissionId, 'missionIds')),
      )
      .orderBy(asc(missionAttachments.createdAt), asc(missionAttachments.id))
      .prepare('progress_attachments'),
};

type Builders = typeof builders;
type Prepared = { [K in keyof Builders]: ReturnType<Builders[K]> };

/*
 * Per handle, each statement built on its first use. The application's handle keeps them for its life; a
 * transaction is a handle of its own, so one that reads builds only what it reads, as a plain query would.
 */
const preparedByHandle = new WeakMap<DbOrTx, Partial<Prepared>>();

function statement<K extends keyof Builders>(db: DbOrTx, name: K): Prepared[K] {
  let prepared = preparedByHandle.get(db);
  if (!prepared) preparedByHandle.set(db, (prepared = {}));
  return (prepared[name] ??= builders[name](db) as Prepared[K]) as Prepared[K];
}

/** The founder's progress reads, always scoped by the owning startup; an omitted filter means all of theirs. */
export function progressQueries(db: DbOrTx) {
  return {
    programs: (startupId: string, ids?: string[]) =>
      statement(db, 'programs').execute({ startupId, ids: ids ?? null }),

    milestones: (startupId: string, where: { programIds?: string[]; ids?: string[] }) =>
      statement(db, 'milestones').execute({
        startupId,
        programIds: where.programIds ?? null,
        ids: where.ids ?? null,
      }),

    missions: (startupId: string, where: { milestoneIds?: string[]; ids?: string[] }) =>
      statement(db, 'missions').execute({
        startupId,
        milestoneIds: where.milestoneIds ?? null,
        ids: where.ids ?? null,
      }),

    async steps(startupId: string, missionIds: string[]) {
      if (!missionIds.length) return [];
      return statement(db, 'steps').execute({ startupId, missionIds });
    },

    async attachments(startupId: string, missionIds: string[]) {
      if (!missionIds.length) return [];
      return statement(db, 'attachments').execute({ startupId, missionIds });
    },
  };
}
