import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ErrorDetail } from '@liftoff/contracts/common';
import type {
  ProgramDocument,
  ProgramDraft,
  ProgramVersion,
  importPackBody,
} from '@liftoff/contracts/programs-authoring';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuditRecord } from '../../plugins/audit.js';
import { ProgramsContentError, storeProgramVersion, withHashes } from './import.js';
import { moveFoundersToVersion } from './program-migration.js';
import type { ExpertLookup } from './service.js';
import { programDrafts, programTemplates, userPrograms } from './tables.js';

/*
 * The studio's program authoring: a draft per program key, publishing it as a new version (stored by the
 * pack importer's own code) and moving the enrolled founders to it, exporting and importing versions as
 * packs. Rules: docs/decisions/042-publishing-a-program-version.md.
 */

export interface AuthoringDeps {
  db: Db;
  contentDir: string;
  findExperts: ExpertLookup;
  audit: (entry: AuditRecord, tx: DbOrTx) => Promise<void>;
  /** Names of the people who published versions (the auth room's directory, through app.ts). */
  people: (ids: string[]) => Promise<Map<string, { name: string }>>;
}

export const PACK_FORMAT = 'liftoff-program-pack/1' as const;

/** The pack's checks that need the files and the experts: what the schema alone cannot know. */
async function packProblems(deps: AuthoringDeps, program: ProgramDocument): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const url = (at: string, value: string) => {
    if (!existsSync(path.join(deps.contentDir, value.slice('/api/content/'.length))))
      problems.push({ path: at, message: `no such file: ${value}` });
  };
  url('iconUrl', program.iconUrl);
  url('secondaryIconUrl', program.secondaryIconUrl);
  const experts = await deps.findExperts([...new Set(program.milestones.map((m) => m.expert))]);
  program.milestones.forEach((milestone, i) => {
    url(`milestones.${i}.iconUrl`, milestone.iconUrl);
    url(`milestones.${i}.secondaryIconUrl`, milestone.secondaryIconUrl);
    if (!experts.has(milestone.expert))
      problems.push({ path: `milestones.${i}.expert`, message: `unknown expert "${milestone.expert}"` });
    milestone.missions.forEach((mission, j) =>
      mission.steps.forEach((step, k) => {
        const template = step.worksheet?.template;
        if (
          template &&
          (template.includes('/') || !existsSync(path.join(deps.contentDir, 'templates', template)))
        )
          problems.push({
            path: `milestones.${i}.missions.${j}.steps.${k}.worksheet.template`,
            message: `no such file in templates/: ${template}`,
          });
      }),
    );
  });
  return problems;
}

async function checkPack(deps: AuthoringDeps, program: ProgramDocument, key?: string) {
  const problems = await packProblems(deps, program);
  if (key !== undefined && program.key !== key)
    problems.unshift({ path: 'key', message: `must stay "${key}"` });
  if (problems.length)
    throw badRequest(
      `The program is invalid: ${problems.map((p) => p.path).join(', ')}`,
      problems.map((p) => ({ path: p.path, message: p.message })),
    );
}

type TemplateRow = typeof programTemplates.$inferSelect;

function versionOf(row: TemplateRow, founders: number): ProgramVersion {
  return {
    key: row.key,
    version: row.version,
    name: row.name,
    contentHash: row.contentHash,
    structureHash: row.structureHash,
    changeSummary: row.changeSummary,
    publishedBy: row.publishedBy,
    publishedAt: row.importedAt.toISOString(),
    founders,
  };
}

export function createAuthoringService(deps: AuthoringDeps) {
  const { db } = deps;

  /**
   * The versions with who published them by name instead of by id (a deleted account's name nobody). Called
   * after a transaction: the directory reads outside it, and the embedded database runs one at a time.
   */
  async function named<T extends ProgramVersion>(versions: T[]): Promise<T[]> {
    const ids = [...new Set(versions.flatMap((v) => (v.publishedBy ? [v.publishedBy] : [])))];
    const people = ids.length ? await deps.people(ids) : new Map<string, { name: string }>();
    return versions.map((v) => ({
      ...v,
      publishedBy: (v.publishedBy && people.get(v.publishedBy)?.name) || null,
    }));
  }

  async function withNamedVersion<T extends { version: ProgramVersion }>(result: T): Promise<T> {
    const [version] = await named([result.version]);
    return { ...result, version: version! };
  }

  async function versionRows(tx: DbOrTx, key: string) {
    return tx
      .select()
      .from(programTemplates)
      .where(eq(programTemplates.key, key))
      .orderBy(desc(programTemplates.version));
  }

  async function foundersIn(tx: DbOrTx, templateId: string) {
    const [row] = await tx
      .select({ n: count() })
      .from(userPrograms)
      .where(eq(userPrograms.programTemplateId, templateId));
    return row?.n ?? 0;
  }

  async function readVersion(tx: DbOrTx, key: string, version: number) {
    const row = (await versionRows(tx, key)).find((r) => r.version === version);
    if (!row) throw notFound(`Program ${key} has no version ${version}.`);
    return row;
  }

  const draftOf = (row: typeof programDrafts.$inferSelect): ProgramDraft => ({
    key: row.programKey,
    basedOnVersion: row.basedOnVersion,
    document: row.document,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  });

  /**
   * Stores `program` as its version, moves the founders of older versions to it and writes the audit entry,
   * all in the caller's transaction. The importer's rules refuse other content under a stored version.
   */
  async function publishVersion(
    tx: DbOrTx,
    actorId: string,
    program: ProgramDocument,
    summary: string,
    action: string,
  ) {
    const parsed = withHashes(program);
    try {
      await storeProgramVersion(tx, parsed, { summary, publishedBy: actorId });
    } catch (error) {
      if (error instanceof ProgramsContentError) throw conflict(error.problems[0]!.message);
      throw error;
    }
    const row = await readVersion(tx, program.key, program.version);
    const foundersMoved = await moveFoundersToVersion(tx, program.key, row.id);
    await deps.audit(
      {
        actorId,
        action,
        recordType: 'program',
        recordId: row.id,
        after: { key: row.key, version: row.version, summary, contentHash: row.contentHash, foundersMoved },
      },
      tx,
    );
    return { version: versionOf(row, await foundersIn(tx, row.id)), foundersMoved };
  }

  /** The draft of `key`, made from the newest version on first read. Never read by founders' routes. */
  async function readDraft(key: string): Promise<ProgramDraft> {
    return db.transaction(async (tx) => {
      const [existing] = await tx.select().from(programDrafts).where(eq(programDrafts.programKey, key));
      if (existing) return draftOf(existing);
      const [latest] = await versionRows(tx, key);
      if (!latest) throw notFound(`No program has the key ${key}.`);
      if (!latest.document)
        throw conflict(
          `Version ${latest.version} of ${key} was stored before versions kept their document; run the content import once to fill it in.`,
        );
      const [row] = await tx
        .insert(programDrafts)
        .values({ programKey: key, basedOnVersion: latest.version, document: latest.document })
        .onConflictDoNothing()
        .returning();
      if (row) return draftOf(row);
      const [raced] = await tx.select().from(programDrafts).where(eq(programDrafts.programKey, key));
      return draftOf(raced!);
    });
  }

  return {
    draft: readDraft,

    /** Replaces the draft with a whole document, checked like the pack; nothing is saved on refusal. */
    async saveDraft(actorId: string, key: string, document: ProgramDocument): Promise<ProgramDraft> {
      const current = await readDraft(key);
      await checkPack(deps, document, key);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(programDrafts)
          .set({ document, updatedBy: actorId, updatedAt: new Date() })
          .where(eq(programDrafts.programKey, key))
          .returning();
        await deps.audit(
          {
            actorId,
            action: 'program.draft_saved',
            recordType: 'program_draft',
            recordId: key,
            before: { contentHash: withHashes(current.document).contentHash },
            after: { contentHash: withHashes(document).contentHash },
          },
          tx,
        );
        return draftOf(row!);
      });
    },

    /** Publishes the draft as version max+1 and moves the program's founders to it; the draft is used up. */
    async publish(actorId: string, key: string, summary: string) {
      // The pack's checks read the experts through their own room (not this transaction): before it starts.
      const [draft] = await db.select().from(programDrafts).where(eq(programDrafts.programKey, key));
      if (!draft) throw conflict(`Program ${key} has no draft to publish; open and edit the draft first.`);
      await checkPack(deps, draft.document, key);
      const published = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(programDrafts).where(eq(programDrafts.programKey, key));
        if (current?.updatedAt.getTime() !== draft.updatedAt.getTime())
          throw conflict('The draft changed while publishing; publish again.');
        const [latest] = await versionRows(tx, key);
        const version = (latest?.version ?? 0) + 1;
        const program = { ...draft.document, version };
        const same = (document: ProgramDocument) => withHashes({ ...document, version }).contentHash;
        if (latest?.document && same(latest.document) === same(program))
          throw conflict(
            `The draft is the same as version ${latest.version}; change something before publishing.`,
          );
        const result = await publishVersion(tx, actorId, program, summary, 'program.published');
        await tx.delete(programDrafts).where(eq(programDrafts.programKey, key));
        return result;
      });
      return withNamedVersion(published);
    },

    async versions(key: string): Promise<ProgramVersion[]> {
      const rows = await versionRows(db, key);
      if (!rows.length) throw notFound(`No program has the key ${key}.`);
      return named(await Promise.all(rows.map(async (row) => versionOf(row, await foundersIn(db, row.id)))));
    },

    /** One version as a pack: the document as authored and the content hash the importer gives it. */
    async exportVersion(key: string, version: number) {
      const row = await readVersion(db, key, version);
      if (!row.document)
        throw conflict(
          `Version ${version} of ${key} was stored before versions kept their document; it cannot be exported.`,
        );
      return { format: PACK_FORMAT, contentHash: row.contentHash, program: row.document };
    },

    /** Imports a pack as the draft of its key, or as a version (unchanged when already stored as is). */
    async importPack(actorId: string, body: z.infer<typeof importPackBody>) {
      const { program } = body;
      await checkPack(deps, program);
      const contentHash = withHashes(program).contentHash;
      if (body.as === 'draft') {
        const [latest] = await versionRows(db, program.key);
        await db.transaction(async (tx) => {
          await tx
            .insert(programDrafts)
            .values({
              programKey: program.key,
              basedOnVersion: latest?.version ?? 0,
              document: program,
              updatedBy: actorId,
            })
            .onConflictDoUpdate({
              target: programDrafts.programKey,
              set: { document: program, updatedBy: actorId, updatedAt: new Date() },
            });
          await deps.audit(
            {
              actorId,
              action: 'program.draft_imported',
              recordType: 'program_draft',
              recordId: program.key,
              after: { contentHash },
            },
            tx,
          );
        });
        return { outcome: 'draft' as const, contentHash, version: null, foundersMoved: 0 };
      }
      const imported = await db.transaction(async (tx) => {
        const rows = await versionRows(tx, program.key);
        const same = rows.find((r) => r.version === program.version);
        if (same) {
          if (same.contentHash !== contentHash)
            throw conflict(
              `Version ${program.version} of ${program.key} exists with other content; import as a draft or raise the version.`,
            );
          return {
            outcome: 'unchanged' as const,
            contentHash,
            version: versionOf(same, await foundersIn(tx, same.id)),
            foundersMoved: 0,
          };
        }
        if (rows[0] && program.version < rows[0].version)
          throw conflict(
            `Version ${program.version} is older than the newest version ${rows[0].version}; founders never move back.`,
          );
        if (!body.summary)
          throw badRequest('Say what changed in this version.', [{ path: 'summary', message: 'Required' }]);
        const result = await publishVersion(tx, actorId, program, body.summary, 'program.imported');
        return { outcome: 'created' as const, contentHash, ...result };
      });
      return withNamedVersion(imported);
    },
  };
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;
