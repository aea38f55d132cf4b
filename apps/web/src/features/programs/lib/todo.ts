import type { ProgramOutline } from '@liftoff/contracts/programs';
import { buildPath } from '../../../config/paths';
import { awaitsDeliverable, byIndex } from './progress';

export type TodoKind = 'put-off' | 'empty-worksheet' | 'deliverable';
export type TodoItem = { id: string; kind: TodoKind; title: string; detail: string; to: string };

type WorksheetLike = { fields: { key: string; required?: boolean }[]; answers: Record<string, string> };

/** No answer at all, or a required field still blank: the worksheet would not let the step be done. */
function worksheetEmpty(worksheet: WorksheetLike | null): boolean {
  if (!worksheet) return false;
  const filled = (key: string) => Boolean(worksheet.answers[key]?.trim());
  return (
    !worksheet.fields.some((f) => filled(f.key)) || worksheet.fields.some((f) => f.required && !filled(f.key))
  );
}

/**
 * What the founder left behind in their program, in program order: steps put off, worksheets left empty
 * on steps already marked done, and deliverables still to hand in where every step is done or put off.
 * Locked and closed milestones hold nothing to do.
 */
export function todoOf(program: Pick<ProgramOutline, 'userMilestone'>): TodoItem[] {
  const items: TodoItem[] = [];
  for (const milestone of byIndex(program.userMilestone)) {
    if (milestone.status === 'LOCKED' || milestone.status === 'INCOMPLETED') continue;
    for (const mission of byIndex(milestone.userMission)) {
      if (mission.status === 'LOCKED' || mission.status === 'INCOMPLETED') continue;
      for (const step of byIndex(mission.userStep)) {
        const to = buildPath.missionDetails(mission.id, step.id);
        const empty = worksheetEmpty(step.worksheet);
        if (step.doLater && step.status !== 'COMPLETED') {
          items.push({
            id: `put-off-${step.id}`,
            kind: 'put-off',
            title: step.title,
            detail: `Put off in “${mission.name}”${empty ? ' · its worksheet is empty' : ''}`,
            to,
          });
        } else if (step.status === 'COMPLETED' && empty) {
          items.push({
            id: `worksheet-${step.id}`,
            kind: 'empty-worksheet',
            title: step.title,
            detail: `Worksheet left empty in “${mission.name}”`,
            to,
          });
        }
      }
      if (awaitsDeliverable(mission)) {
        items.push({
          id: `deliverable-${mission.id}`,
          kind: 'deliverable',
          title: mission.deliverable?.title ?? mission.name,
          detail: `Deliverable missing for “${mission.name}”`,
          to: buildPath.missionDeliverable(mission.id),
        });
      }
    }
  }
  return items;
}
