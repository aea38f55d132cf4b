import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import { documentOf, type ParsedProgram } from './program-document.js';
import { milestoneTemplates, missionTemplates, programTemplates, stepTemplates } from './tables.js';

/** Program templates: written by the importer, read at enrolment and for display. */
export function templatesRepository(db: DbOrTx) {
  return {
    async findProgramVersion(key: string, version: number) {
      const [row] = await db
        .select()
        .from(programTemplates)
        .where(and(eq(programTemplates.key, key), eq(programTemplates.version, version)));
      return row ?? null;
    },

    /** The newest version of the program `key`, or null when it has none. */
    async findNewest(key: string) {
      const [row] = await db
        .select()
        .from(programTemplates)
        .where(eq(programTemplates.key, key))
        .orderBy(desc(programTemplates.version))
        .limit(1);
      return row ?? null;
    },

    /** The newest version of the default program, or null when no pack was imported. */
    async findDefault() {
      const [row] = await db
        .select()
        .from(programTemplates)
        .where(eq(programTemplates.isDefault, true))
        .orderBy(desc(programTemplates.version))
        .limit(1);
      return row ?? null;
    },

    async setDefault(key: string, isDefault: boolean) {
      await db.update(programTemplates).set({ isDefault }).where(eq(programTemplates.key, key));
      if (isDefault)
        await db
          .update(programTemplates)
          .set({ isDefault: false })
          .where(sql`${programTemplates.key} <> ${key}`);
    },

    async insertProgram(program: ParsedProgram, publication?: { summary: string; publishedBy: string }) {
      const [row] = await db
        .insert(programTemplates)
        .values({
          key: program.key,
          version: program.version,
          name: program.name,
          summary: program.summary.trim(),
          isDefault: program.default,
          iconUrl: program.iconUrl,
          secondaryIconUrl: program.secondaryIconUrl,
          durationDays: program.durationDays ?? null,
          requiresApproval: program.requiresApproval ?? false,
          structureHash: program.structureHash,
          contentHash: program.contentHash,
          document: documentOf(program),
          changeSummary: publication?.summary ?? null,
          publishedBy: publication?.publishedBy ?? null,
        })
        .returning({ id: programTemplates.id });
      const milestones = await db
        .insert(milestoneTemplates)
        .values(
          program.milestones.map((m, i) => ({
            programTemplateId: row!.id,
            index: i + 1,
            ...milestoneTexts(m),
          })),
        )
        .returning({ id: milestoneTemplates.id, key: milestoneTemplates.key });
      const milestoneIds = new Map(milestones.map((m) => [m.key, m.id]));
      const missionValues = program.milestones.flatMap((m) =>
        m.missions.map((mission, i) => ({
          milestoneTemplateId: milestoneIds.get(m.key)!,
          index: i + 1,
          ...missionTexts(mission),
        })),
      );
      const missions = await db.insert(missionTemplates).values(missionValues).returning({
        id: missionTemplates.id,
        key: missionTemplates.key,
        milestoneTemplateId: missionTemplates.milestoneTemplateId,
      });
      const missionIds = new Map(missions.map((m) => [`${m.milestoneTemplateId}/${m.key}`, m.id]));
      const stepValues = program.milestones.flatMap((m) =>
        m.missions.flatMap((mission) =>
          mission.steps.map((step, i) => ({
            missionTemplateId: missionIds.get(`${milestoneIds.get(m.key)}/${mission.key}`)!,
            index: i + 1,
            ...stepTexts(step),
          })),
        ),
      );
      await db.insert(stepTemplates).values(stepValues);
      return row!.id;
    },

    async keepDocument(programTemplateId: string, document: ProgramDocument) {
      await db.update(programTemplates).set({ document }).where(eq(programTemplates.id, programTemplateId));
    },

    /** Same structure, new wording: refreshes texts in place, matching rows by key. */
    async updateTexts(programTemplateId: string, program: ParsedProgram) {
      await db
        .update(programTemplates)
        .set({
          name: program.name,
          summary: program.summary.trim(),
          iconUrl: program.iconUrl,
          secondaryIconUrl: program.secondaryIconUrl,
          durationDays: program.durationDays ?? null,
          requiresApproval: program.requiresApproval ?? false,
          contentHash: program.contentHash,
          document: documentOf(program),
          importedAt: new Date(),
        })
        .where(eq(programTemplates.id, programTemplateId));
      const milestones = await db
        .select()
        .from(milestoneTemplates)
        .where(eq(milestoneTemplates.programTemplateId, programTemplateId));
      for (const milestone of program.milestones) {
        const row = milestones.find((m) => m.key === milestone.key)!;
        await db
          .update(milestoneTemplates)
          .set(milestoneTexts(milestone))
          .where(eq(milestoneTemplates.id, row.id));
        const missions = await db
          .select()
          .from(missionTemplates)
          .where(eq(missionTemplates.milestoneTemplateId, row.id));
        for (const mission of milestone.missions) {
          const missionRow = missions.find((m) => m.key === mission.key)!;
          await db
            .update(missionTemplates)
            .set(missionTexts(mission))
            .where(eq(missionTemplates.id, missionRow.id));
          const steps = await db
            .select()
            .from(stepTemplates)
            .where(eq(stepTemplates.missionTemplateId, missionRow.id));
          for (const step of mission.steps) {
            const stepRow = steps.find((s) => s.key === step.key)!;
            await db.update(stepTemplates).set(stepTexts(step)).where(eq(stepTemplates.id, stepRow.id));
          }
        }
      }
    },

    /**
     * The whole template tree of one version, in program order, with each row's stable key and its parents'
     * (enrolment copies it; publishing matches founders' progress to it by key).
     */
    async tree(programTemplateId: string) {
      const milestones = await db
        .select({ id: milestoneTemplates.id, key: milestoneTemplates.key, index: milestoneTemplates.index })
        .from(milestoneTemplates)
        .where(eq(milestoneTemplates.programTemplateId, programTemplateId))
        .orderBy(asc(milestoneTemplates.index));
      const missions = await db
        .select({
          id: missionTemplates.id,
          key: missionTemplates.key,
          index: missionTemplates.index,
          milestoneTemplateId: missionTemplates.milestoneTemplateId,
          milestoneKey: milestoneTemplates.key,
          hasDeliverable: missionTemplates.deliverable,
        })
        .from(missionTemplates)
        .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, missionTemplates.milestoneTemplateId))
        .where(eq(milestoneTemplates.programTemplateId, programTemplateId))
        .orderBy(asc(milestoneTemplates.index), asc(missionTemplates.index));
      const steps = await db
        .select({
          id: stepTemplates.id,
          key: stepTemplates.key,
          index: stepTemplates.index,
          missionTemplateId: stepTemplates.missionTemplateId,
          missionKey: missionTemplates.key,
          milestoneKey: milestoneTemplates.key,
        })
        .from(stepTemplates)
        .innerJoin(missionTemplates, eq(missionTemplates.id, stepTemplates.missionTemplateId))
        .innerJoin(milestoneTemplates, eq(milestoneTemplates.id, missionTemplates.milestoneTemplateId))
        .where(eq(milestoneTemplates.programTemplateId, programTemplateId))
        .orderBy(asc(milestoneTemplates.index), asc(missionTemplates.index), asc(stepTemplates.index));
      return { milestones, missions, steps };
    },
  };
}

const milestoneTexts = (m: ParsedProgram['milestones'][number]) => ({
  key: m.key,
  name: m.name,
  overviewSubtitle: m.overviewSubtitle,
  description: m.description.trim(),
  outcomeTitle: m.outcome.title,
  outcomeDescription: m.outcome.description.trim(),
  iconUrl: m.iconUrl,
  secondaryIconUrl: m.secondaryIconUrl,
  expertKey: m.expert,
});
const missionTexts = (m: ParsedProgram['milestones'][number]['missions'][number]) => ({
  key: m.key,
  name: m.name,
  summary: m.summary.trim(),
  estimatedMinutes: m.estimatedMinutes,
  deliverable: m.deliverable
    ? {
        title: m.deliverable.title,
        description: m.deliverable.description.trim(),
        acceptedHint: m.deliverable.acceptedHint,
      }
    : null,
});
const stepTexts = (s: ParsedProgram['milestones'][number]['missions'][number]['steps'][number]) => ({
  key: s.key,
  title: s.title,
  type: s.type,
  body: s.body,
  estimatedMinutes: s.estimatedMinutes,
  worksheetFields: s.worksheet?.fields ?? null,
  templateFile: s.worksheet?.template ?? null,
});
