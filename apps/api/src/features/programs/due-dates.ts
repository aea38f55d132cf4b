import type { Mission, ProgramOutline } from '@liftoff/contracts/programs';

/** The founder's cohort's dates per milestone key of one program, from the cohorts room (through app.ts). */
export interface FounderDueDates {
  programKey: string;
  dates: Map<string, { opensOn: string; dueOn: string; dueAt: string }>;
}
export type DueDatesSource = (userId: string) => Promise<FounderDueDates | null>;

/** Puts each milestone's dates on the programs the founder reads (only on the program their cohort runs). */
export function withDueDates<P extends ProgramOutline>(programs: P[], due: FounderDueDates | null): P[] {
  if (!due) return programs;
  return programs.map((program) =>
    program.key !== due.programKey
      ? program
      : {
          ...program,
          userMilestone: program.userMilestone.map((milestone) => ({
            ...milestone,
            ...(due.dates.get(milestone.key) ?? {}),
          })),
        },
  );
}

/** Puts the dates of the mission's milestone on its summary; `programs` finds the milestone's key. */
export function missionWithDueDates(
  mission: Mission,
  programs: ProgramOutline[],
  due: FounderDueDates | null,
): Mission {
  if (!due) return mission;
  const milestone = programs
    .filter((p) => p.key === due.programKey)
    .flatMap((p) => p.userMilestone)
    .find((m) => m.id === mission.userMilestoneId);
  const dates = milestone && due.dates.get(milestone.key);
  return dates ? { ...mission, userMilestone: { ...mission.userMilestone, ...dates } } : mission;
}
