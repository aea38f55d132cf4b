import { currentProgram } from '@liftoff/contracts/programs';
import type { FounderContext } from '@liftoff/contracts/experts';
import { badRequest } from '../../lib/errors.js';

/** The parts of the programs feature's answers this feature reads (structural, so nothing is imported). */
interface ProgramLike {
  id: string;
  name: string;
  status: string;
  index: number;
  userMilestone: {
    key: string;
    name: string;
    status: string;
    userMission: { id: string; name: string; status: string }[];
  }[];
}
interface MissionLike {
  id: string;
  name: string;
  userStep: { id: string; title: string }[];
  userMilestone: { name: string; userProgramId: string };
}
interface UserLike {
  email: string;
  firstName: string | null;
  lastName: string | null;
  meta: Record<string, unknown>;
}

export interface FounderPosition {
  program: { id: string; name: string } | null;
  milestone: { key: string; name: string } | null;
  mission: { id: string; name: string } | null;
}

export type FounderDetails = FounderContext & { email: string | null };

/** What experts (and support) need to know about a founder; app.ts builds it from the accounts and programs features. */
export interface FounderContextProvider {
  /** Where the founder is now: the ongoing program, its ongoing milestone and mission (each null when none). */
  position(userId: string): Promise<FounderPosition>;
  /**
   * The founder's name, startup and position for a mail to an expert. With `missionId` the program and
   * milestone are that mission's; a mission that is not the founder's throws the programs feature's 404.
   * With `stepId` too, the step's title; a step not of that mission is refused naming `stepId`.
   */
  details(userId: string, missionId?: string, stepId?: string): Promise<FounderDetails>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function founderContextFrom(lookups: {
  findUser(userId: string): Promise<UserLike | undefined>;
  listPrograms(userId: string): Promise<ProgramLike[]>;
  getMission(userId: string, missionId: string): Promise<MissionLike>;
}): FounderContextProvider {
  async function position(userId: string): Promise<FounderPosition & { programs: ProgramLike[] }> {
    const programs = await lookups.listPrograms(userId);
    const current = currentProgram(programs);
    const program = current?.status === 'ONGOING' ? current : null;
    const milestone = program?.userMilestone.find((m) => m.status === 'ONGOING') ?? null;
    const mission =
      milestone?.userMission.find((m) => m.status === 'ONGOING') ??
      milestone?.userMission.find((m) => m.status !== 'COMPLETED') ??
      null;
    return {
      programs,
      program: program && { id: program.id, name: program.name },
      milestone: milestone && { key: milestone.key, name: milestone.name },
      mission: mission && { id: mission.id, name: mission.name },
    };
  }
  return {
    async position(userId) {
      const { program, milestone, mission } = await position(userId);
      return { program, milestone, mission };
    },
    async details(userId, missionId, stepId) {
      const user = await lookups.findUser(userId);
      const named = missionId ? await lookups.getMission(userId, missionId) : null;
      const where = await position(userId);
      const founderName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || null;
      const base = {
        email: user?.email ?? null,
        founderName,
        startupName: text(user?.meta.startupName),
        stage: text(user?.meta.stage),
        stepName: null,
      };
      if (named) {
        const step = stepId ? named.userStep.find((s) => s.id === stepId) : undefined;
        if (stepId && !step)
          throw badRequest('stepId: not a step of that mission.', [
            { path: 'stepId', message: 'Choose a step of the mission the question is asked from' },
          ]);
        const program = where.programs.find((p) => p.id === named.userMilestone.userProgramId);
        return {
          ...base,
          programName: program?.name ?? null,
          milestoneName: named.userMilestone.name,
          missionName: named.name,
          stepName: step?.title ?? null,
        };
      }
      return {
        ...base,
        programName: where.program?.name ?? null,
        milestoneName: where.milestone?.name ?? null,
        missionName: where.mission?.name ?? null,
      };
    },
  };
}
