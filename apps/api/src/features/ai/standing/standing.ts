/**
 * Where a founder stands in their program, as the coach reads it: the current milestone, mission and step with
 * its link, what is done, put off and due, and recent replies from experts. Built from the programs feature's
 * own shapes (structural types, so no feature import) by app.ts's composition, and written into the model's
 * prompt as a few compact lines.
 */

import { currentProgram } from '@liftoff/contracts/programs';

/** The parts of the programs feature's Program shape the coach reads. */
export interface ProgramLike {
  name: string;
  status: string;
  /** Order of enrolment: the newest ONGOING one is the founder's current program. */
  index: number;
  endsAt?: string | null;
  userMilestone: {
    id?: string;
    key: string;
    name: string;
    status: string;
    userMission: {
      id: string;
      key: string;
      name: string;
      status: string;
      deliverable?: { title: string } | null;
      attachments?: unknown[];
      userStep: {
        id: string;
        key: string;
        title?: string;
        body?: string;
        status?: string;
        doLater?: boolean;
        estimatedMinutes?: number;
        worksheet?: {
          fields: { key: string; label: string }[];
          answers: Record<string, string>;
        } | null;
      }[];
    }[];
  }[];
}

export interface StepStanding {
  id: string;
  title: string;
  url: string;
  minutes: number | null;
  /** The step's own text, cut to its opening, so the coach can say what it asks. */
  summary: string;
  /** The founder's own worksheet answers, by field label (empty fields left out). */
  answers: { label: string; answer: string }[];
}

/** What an expert last said to this founder (a meeting accepted or declined, a question answered). */
export interface ExpertReply {
  expert: string;
  about: string;
  reply: string;
  at: string;
}

export interface Standing {
  program: string;
  endsAt: string | null;
  milestone: { name: string; number: number; of: number } | null;
  mission: { name: string; url: string; stepsDone: number; steps: number } | null;
  /** The step to do now: the first open one of the current mission that is not put off. */
  step: StepStanding | null;
  done: { milestones: number; missions: number; steps: number };
  total: { milestones: number; missions: number; steps: number };
  putOff: { title: string; url: string }[];
  /** Deliverables of the current milestone's open missions, handed in or not. */
  due: { mission: string; deliverable: string; url: string; handedIn: boolean }[];
  expertReplies: ExpertReply[];
}

const stepUrl = (missionId: string, stepId: string) => `/mission-details/${missionId}/${stepId}`;
const missionUrl = (missionId: string) => `/mission-details/${missionId}`;

function summaryOf(body: string | undefined): string {
  const text = (body ?? '')
    .split(/\n\s*\n/)
    .filter((block) => !/^\s*#/.test(block))
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .find((block) => block.length > 40);
  if (!text) return '';
  return text.length > 280 ? `${text.slice(0, 277).replace(/\s+\S*$/, '')}…` : text;
}

type StepLike = ProgramLike['userMilestone'][number]['userMission'][number]['userStep'][number];

export function stepStanding(missionId: string, step: StepLike): StepStanding {
  const answers = step.worksheet
    ? step.worksheet.fields
        .map((field) => ({ label: field.label, answer: (step.worksheet!.answers[field.key] ?? '').trim() }))
        .filter((a) => a.answer)
    : [];
  return {
    id: step.id,
    title: step.title ?? step.key,
    url: stepUrl(missionId, step.id),
    minutes: step.estimatedMinutes ?? null,
    summary: summaryOf(step.body),
    answers,
  };
}

/** The founder's standing in their ongoing program (else their first), or null when they have none. */
export function standingOf(programs: ProgramLike[], expertReplies: ExpertReply[] = []): Standing | null {
  const program = currentProgram(programs);
  if (!program) return null;
  const milestones = program.userMilestone;
  const missions = milestones.flatMap((m) => m.userMission);
  const steps = missions.flatMap((m) => m.userStep);
  const milestoneIndex = milestones.findIndex((m) => m.status === 'ONGOING');
  const milestone = milestoneIndex >= 0 ? milestones[milestoneIndex]! : null;
  const mission =
    milestone?.userMission.find((m) => m.status === 'ONGOING') ??
    milestone?.userMission.find((m) => m.status !== 'COMPLETED') ??
    null;
  const open = mission?.userStep.filter((s) => s.status === 'ONGOING') ?? [];
  const now = open.find((s) => !s.doLater) ?? open[0] ?? null;
  const putOff = missions.flatMap((m) =>
    m.userStep
      .filter((s) => s.doLater && s.status !== 'COMPLETED')
      .map((s) => ({ title: s.title ?? s.key, url: stepUrl(m.id, s.id) })),
  );
  const due = (milestone?.userMission ?? [])
    .filter((m) => m.deliverable && m.status !== 'COMPLETED' && m.status !== 'LOCKED')
    .map((m) => ({
      mission: m.name,
      deliverable: m.deliverable!.title,
      url: missionUrl(m.id),
      handedIn: (m.attachments?.length ?? 0) > 0,
    }));
  return {
    program: program.name,
    endsAt: program.endsAt ?? null,
    milestone: milestone && { name: milestone.name, number: milestoneIndex + 1, of: milestones.length },
    mission: mission && {
      name: mission.name,
      url: missionUrl(mission.id),
      stepsDone: mission.userStep.filter((s) => s.status === 'COMPLETED').length,
      steps: mission.userStep.length,
    },
    step: mission && now ? stepStanding(mission.id, now) : null,
    done: {
      milestones: milestones.filter((m) => m.status === 'COMPLETED').length,
      missions: missions.filter((m) => m.status === 'COMPLETED').length,
      steps: steps.filter((s) => s.status === 'COMPLETED').length,
    },
    total: { milestones: milestones.length, missions: missions.length, steps: steps.length },
    putOff: putOff.slice(0, 5),
    due,
    expertReplies: expertReplies.slice(0, 3),
  };
}

/** The standing as the model's prompt carries it: a handful of short lines, no program content. */
export function standingLines(standing: Standing | null | undefined, goals: string | null): string[] {
  const lines: string[] = [];
  if (goals) lines.push(`Goals: ${goals.slice(0, 300)}`);
  if (!standing) return lines;
  const s = standing;
  lines.push(
    `Progress in "${s.program}": ${s.done.milestones}/${s.total.milestones} milestones, ${s.done.missions}/${s.total.missions} missions, ${s.done.steps}/${s.total.steps} steps done${s.endsAt ? `; program ends ${s.endsAt.slice(0, 10)}` : ''}`,
  );
  if (s.milestone)
    lines.push(`Current milestone: "${s.milestone.name}" (${s.milestone.number} of ${s.milestone.of})`);
  if (s.mission)
    lines.push(
      `Current mission: "${s.mission.name}" (${s.mission.stepsDone}/${s.mission.steps} steps done) ${s.mission.url}`,
    );
  if (s.step) lines.push(`Step to do now: "${s.step.title}" ${s.step.url}`);
  if (s.putOff.length) lines.push(`Put off: ${s.putOff.map((p) => `"${p.title}" ${p.url}`).join('; ')}`);
  if (s.due.length)
    lines.push(
      `Deliverables: ${s.due.map((d) => `"${d.deliverable}" for "${d.mission}" (${d.handedIn ? 'handed in' : 'due'})`).join('; ')}`,
    );
  for (const r of s.expertReplies)
    lines.push(`Expert ${r.expert} on "${r.about}" (${r.at.slice(0, 10)}): ${r.reply.slice(0, 200)}`);
  return lines;
}
