import type { ProgressStatus } from '@liftoff/contracts/programs';
import type { DbOrTx } from '../../db/client.js';

/**
 * What the cohorts room reads from other rooms. app.ts composes these from the auth, programs, experts and
 * ai features, so this room never imports them (architecture.md, convention 1).
 */
export interface Person {
  id: string;
  email: string;
  name: string;
  startup: string;
}

export interface PeopleSource {
  byIds(ids: string[]): Promise<Person[]>;
  byEmail(email: string): Promise<Person | null>;
  /** The program team: everyone who may manage a cohort (the manager or admin role), by name. */
  team(): Promise<Person[]>;
}

export interface ProgressGridCell {
  userId: string;
  index: number;
  status: ProgressStatus;
  stepsDone: number;
  stepsTotal: number;
}

export interface ProgressSource {
  programExists(key: string): Promise<boolean>;
  /** The programs a cohort can run: the newest version of each, by name. */
  programs(): Promise<{ key: string; name: string; summary: string }[]>;
  /** The milestones of the newest version of the program, in order. */
  milestones(programKey: string): Promise<{ index: number; key: string; name: string }[]>;
  /**
   * One cell per founder and milestone of their enrolment in the program, and per founder: when they last
   * completed a step, since when their open step has been open (null when none is), and their last upload.
   */
  overview(
    userIds: string[],
    programKey: string,
  ): Promise<{
    cells: ProgressGridCell[];
    activity: {
      userId: string;
      lastStepAt: Date | null;
      openStepSince: Date | null;
      lastUploadAt: Date | null;
    }[];
  }>;
  /**
   * Deliverables handed in and waiting for the program team. Until deliverable review exists, every
   * handed-in deliverable of an unfinished-review program counts (see app.ts).
   */
  deliverablesAwaitingReview(userIds: string[]): Promise<number>;
  /** Enrols a founder joining a cohort in its program (a no-op when already in it), inside `tx`. */
  enroll(tx: DbOrTx, userId: string, programKey: string): Promise<void>;
  /** Closes the founders' enrolments in the program: unfinished milestones and missions become INCOMPLETED. */
  closeEnrollments(tx: DbOrTx, userIds: string[], programKey: string): Promise<number>;
  /** INCOMPLETED → ONGOING for one mission of the founder (and its milestone and enrolment). */
  reopenMission(userId: string, missionId: string): Promise<'reopened' | 'not-found' | 'not-closed'>;
  /** The founder's missions, and what they completed and handed in, for the timeline. */
  history(
    userId: string,
    programKey: string,
  ): Promise<{
    missions: { id: string; milestoneName: string; name: string; status: ProgressStatus }[];
    steps: { at: Date; title: string; missionName: string }[];
    deliverables: { at: Date; fileName: string; missionName: string }[];
  }>;
}

export interface ExpertsActivitySource {
  /** Questions asked before `before` that no expert answered yet. */
  unansweredQuestions(userIds: string[], before: Date): Promise<number>;
  meetings(
    userIds: string[],
    from: Date,
    to: Date,
  ): Promise<{ userId: string; expertName: string; startsAt: Date; status: string }[]>;
  lastActivity(userIds: string[]): Promise<Map<string, Date>>;
  history(userId: string): Promise<{
    questions: { at: Date; subject: string; expertName: string }[];
    meetings: { at: Date; startsAt: Date; expertName: string; status: string }[];
  }>;
}

/** How the founders use the coach: counts and times only, never what they wrote. */
export interface CoachActivitySource {
  lastActivity(userIds: string[]): Promise<Map<string, Date>>;
  /** The times of the founder's questions to the coach (no text). */
  questionTimes(userId: string): Promise<Date[]>;
}

export type { AuditRecord as AuditEntry } from '../../plugins/audit.js';

export interface CohortsSources {
  people: PeopleSource;
  progress: ProgressSource;
  experts: ExpertsActivitySource;
  coach: CoachActivitySource;
}
