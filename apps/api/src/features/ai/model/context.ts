import { currentProgram } from '@liftoff/contracts/programs';
import type { MessageSource } from '@liftoff/contracts/ai';
import { followUpCandidates } from '../conversations/follow-ups.js';
import type { Passage, RetrievedPassage } from '../retrieval/knowledge.js';
import { languageNames } from '../retrieval/language.js';
import { modelRules } from '../safety/safety.js';
import type { StandingIntent } from '../standing/standing-intent.js';
import {
  standingLines,
  standingOf,
  stepStanding,
  type ExpertReply,
  type ProgramLike,
  type Standing,
  type StepStanding,
} from '../standing/standing.js';

export type { ProgramLike } from '../standing/standing.js';

/** The founder's own step by id, from their programs: what "Ask the coach about this step" asks about. */
function focusStepOf(programs: ProgramLike[], stepId: string): CoachUserContext['focusStep'] {
  for (const program of programs)
    for (const milestone of program.userMilestone)
      for (const mission of milestone.userMission) {
        const step = mission.userStep.find((s) => s.id === stepId);
        if (step) return { ...stepStanding(mission.id, step), mission: mission.name };
      }
  return null;
}

/** What the coach knows about the person asking. app.ts supplies it from the accounts and programs features. */
export interface CoachUserContext {
  firstName: string | null;
  startupName: string | null;
  stage: string | null;
  industry: string | null;
  program?: { name: string };
  milestone?: { key?: string; name: string };
  mission?: { key?: string; name: string; url?: string };
  /** Links to the user's own step pages, keyed by `<milestoneKey>/<missionKey>/<stepKey>` of the content pack. */
  stepLinks?: Record<string, string>;
  /** Links to the user's own mission pages, keyed by `<milestoneKey>/<missionKey>`. */
  missionLinks?: Record<string, string>;
  /** Links that open a milestone on the user's program map, keyed by its content-pack key. */
  milestoneLinks?: Record<string, string>;
  /** The goals the founder gave at onboarding. */
  goals?: string | null;
  /** Where the founder stands in their program (standing.ts); null when they have none. */
  standing?: Standing | null;
  /** The step the founder asked about from inside it, with their own worksheet answers. */
  focusStep?: (StepStanding & { mission: string }) | null;
  /** Facts the founder asked the coach to keep (memory/), oldest first; theirs alone. */
  memories?: string[];
}

export interface CoachContextProvider {
  /** With `stepId`, `focusStep` is that step of the founder's own (null when it is not theirs). */
  userContext(userId: string, options?: { stepId?: string }): Promise<CoachUserContext>;
}

/** Everything a model gets besides the conversation: the same for the offline coach and a real model. */
export interface CoachContext {
  user: CoachUserContext;
  passages: (RetrievedPassage & { link: string })[];
  sources: MessageSource[];
  /**
   * The turn being answered, for the offline coach (set as the answer starts, coach-turn.ts): it searches again
   * with the conversation, and tells a retry by the earlier answers to the same question.
   */
  turn?: {
    userMessageId: string;
    userId: string;
    question: string;
    history: { role: string; content: string }[];
  };
  /** What the offline coach retrieved beyond what it cited; its follow-up questions come from these. */
  related?: RetrievedPassage[];
  /** The question's language (ISO 639-1), as language.ts detects it. */
  language?: string;
  /** The crisis lines (AI_CRISIS_RESOURCES) the model's rules hand to a founder in distress. */
  crisisResources?: string[];
  /** Set when the question is about the founder's own standing: the offline coach answers it from that. */
  intent?: StandingIntent;
}

const kindLabel: Record<RetrievedPassage['kind'], string> = {
  step: 'Step',
  mission: 'Mission',
  milestone: 'Milestone',
  question: 'Popular question',
  post: 'Post',
};
export const sourceLabel = (kind: RetrievedPassage['kind']) => kindLabel[kind];

/**
 * A source opens the founder's own page for it: the exact step, the mission, the milestone on the program map;
 * a popular question links itself (knowledge.ts). /programs is left only for content the founder has not got.
 */
export function linkOf(passage: RetrievedPassage, user: CoachUserContext): string {
  const missionKey =
    passage.milestoneKey && passage.missionKey ? `${passage.milestoneKey}/${passage.missionKey}` : null;
  if (passage.kind === 'step' && passage.stepKey && user.stepLinks?.[passage.stepKey])
    return user.stepLinks[passage.stepKey]!;
  if (
    (passage.kind === 'step' || passage.kind === 'mission') &&
    missionKey &&
    user.missionLinks?.[missionKey]
  )
    return user.missionLinks[missionKey]!;
  if (
    (passage.kind === 'step' || passage.kind === 'mission') &&
    user.mission?.url &&
    user.mission.key &&
    user.mission.key === passage.missionKey
  ) {
    return user.mission.url;
  }
  if (passage.kind === 'milestone' && passage.milestoneKey && user.milestoneLinks?.[passage.milestoneKey])
    return user.milestoneLinks[passage.milestoneKey]!;
  return passage.url;
}

/** Keeps the best passage per step or post (sections of one document count once) and at most `limit`. */
export function pickPassages(retrieved: RetrievedPassage[], user: CoachUserContext, limit = 4): CoachContext {
  const seen = new Set<string>();
  const passages: CoachContext['passages'] = [];
  for (const passage of retrieved) {
    const doc = `${passage.kind}:${passage.stepKey ?? passage.url}:${passage.title}`;
    if (seen.has(doc)) continue;
    seen.add(doc);
    passages.push({ ...passage, link: linkOf(passage, user) });
    if (passages.length >= limit) break;
  }
  const sources = passages.map((p) => ({ kind: p.kind, title: p.title, url: p.link }));
  return { user, passages, sources };
}

function profileLines(user: CoachUserContext): string[] {
  return [
    `Founder: ${user.firstName ?? 'unknown'}`,
    `Startup: ${user.startupName ?? 'unknown'}; stage: ${user.stage ?? 'unknown'}; industry: ${user.industry ?? 'unknown'}`,
    `Program: ${user.program?.name ?? 'not enrolled'}`,
    // The standing says where they are in more detail; these two lines are for a founder without one.
    ...(user.standing
      ? []
      : [
          `Current milestone: ${user.milestone?.name ?? 'unknown'}`,
          `Current mission: ${user.mission?.name ?? 'unknown'}${user.mission?.url ? ` (${user.mission.url})` : ''}`,
        ]),
    ...standingLines(user.standing, user.goals ?? null),
    ...focusLines(user.focusStep),
    ...memoryLines(user.memories),
  ];
}

/** What the founder asked the coach to remember: facts about them, to use where they bear on the question. */
function memoryLines(memories: string[] | undefined): string[] {
  if (!memories?.length) return [];
  return [
    '',
    '## What the founder asked you to remember (their own words; use it where it bears on the question)',
    ...memories.map((m) => `- ${m}`),
  ];
}

/** The step the founder asks about from inside it, with their own worksheet answers, for the model. */
function focusLines(step: CoachUserContext['focusStep']): string[] {
  if (!step) return [];
  return [
    '',
    `## The step the founder is asking about: "${step.title}" (mission "${step.mission}") ${step.url}`,
    step.summary,
    ...(step.answers.length
      ? [
          'Their worksheet answers so far:',
          ...step.answers.map((a) => `- ${a.label}: ${a.answer.slice(0, 1500)}`),
        ]
      : ['They have not filled in its worksheet yet.']),
  ];
}

/** The system prompt every model receives. */
export function systemPrompt(context: CoachContext): string {
  const sources = context.passages.map(
    (p, i) =>
      `[${i + 1}] ${sourceLabel(p.kind)}: "${p.title}" — ${p.context} — link: ${p.link}\n${p.body.slice(0, 1800)}`,
  );
  const language = languageNames[context.language ?? 'en'] ?? 'the language of the question';
  return [
    'You are the Liftoff coach, helping an early-stage founder through a venture program.',
    'Answer in Markdown, concretely, for this founder and their startup. Ground the answer in the sources below when they help,',
    'and name and link each source you used as a Markdown link, e.g. [Step: Title](link). Do not invent links.',
    'If the sources do not cover the question, say so briefly and give your best general advice.',
    `Answer in ${language}, the language of the founder's question, even though the sources are in English.`,
    '',
    ...modelRules,
    'Crisis lines:',
    ...(context.crisisResources ?? []).map((r) => `- ${r}`),
    '',
    '## The founder',
    ...profileLines(context.user),
    '',
    '## Sources',
    ...(sources.length ? sources : ['(none matched)']),
  ].join('\n');
}

/** The instruction of the short second call that proposes follow-up questions (and a title for a new session). */
export function followUpPrompt(question: string, answer: string, wantTitle: boolean): string {
  return [
    'Given this exchange between a founder and their coach, propose 3 short follow-up questions the founder might ask next',
    wantTitle ? 'and a title of at most 6 words for the conversation.' : '.',
    `Answer with JSON only: {"followUpQuestions": ["…", "…", "…"]${wantTitle ? ', "title": "…"' : ''}}`,
    '',
    `Founder: ${question.slice(0, 2000)}`,
    `Coach: ${answer.slice(0, 4000)}`,
  ].join('\n');
}

/** Reads the JSON of the follow-up call, tolerating code fences and chatter around it. */
export function parseFollowUps(text: string): { followUpQuestions: string[]; title: string | null } {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) return { followUpQuestions: [], title: null };
  try {
    const parsed = JSON.parse(match[0]) as { followUpQuestions?: unknown; title?: unknown };
    const questions = Array.isArray(parsed.followUpQuestions)
      ? parsed.followUpQuestions
          .filter((q): q is string => typeof q === 'string' && q.trim().length > 0)
          .map((q) => q.trim().slice(0, 200))
      : [];
    const title =
      typeof parsed.title === 'string' && parsed.title.trim()
        ? parsed.title
            .trim()
            .replace(/^["']|["']$/g, '')
            .slice(0, 80)
        : null;
    return { followUpQuestions: [...new Set(questions)].slice(0, 4), title };
  } catch {
    return { followUpQuestions: [], title: null };
  }
}

/**
 * Follow-ups from the retrieved knowledge, used when a model gives none: the related popular questions, then the
 * topics of the cited steps' and posts' other sections, asked in their own words so the coach can answer them.
 */
export function fallbackFollowUps(
  context: CoachContext,
  question: string,
  related: RetrievedPassage[],
): string[] {
  const cited = new Set(context.passages.map((p) => `${p.kind}:${p.title}`));
  // Sections of the cited documents that the search also found, in its order.
  const sections = (doc: Passage) =>
    related.filter((p) => p.kind === doc.kind && p.title === doc.title && p.key !== doc.key);
  const out = followUpCandidates(
    question,
    context.passages,
    related.filter((p) => p.kind === 'question' || cited.has(`${p.kind}:${p.title}`)),
    sections,
  ).map((c) => c.question);
  // The founder's standing is always something the coach can answer.
  for (const standing of ['What should I focus on next?', 'How far am I in the program?'])
    if (out.length < 2) out.push(standing);
  return out.slice(0, 3);
}

/** A title from the first question when the model gave none. */
export function fallbackTitle(question: string): string {
  const clean = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!]+$/, '');
  return clean.length <= 60 ? clean : `${clean.slice(0, 57).replace(/\s+\S*$/, '')}…`;
}

/**
 * Builds the coach's context provider from lookups app.ts hands in: the user row (first name, meta with
 * startupName, stage, industry) and, when available, the user's programs with their progress.
 */
export function coachContextFrom(lookups: {
  findUser: (
    userId: string,
  ) => Promise<{ firstName: string | null; meta: Record<string, unknown> } | undefined>;
  listPrograms?: (userId: string) => Promise<ProgramLike[]>;
  /** What experts last answered this founder, newest first. */
  expertReplies?: (userId: string) => Promise<ExpertReply[]>;
}): CoachContextProvider {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    async userContext(userId, options = {}) {
      const [user, programs, replies] = await Promise.all([
        lookups.findUser(userId),
        lookups.listPrograms ? lookups.listPrograms(userId).catch(() => []) : Promise.resolve([]),
        lookups.expertReplies ? lookups.expertReplies(userId).catch(() => []) : Promise.resolve([]),
      ]);
      const meta = user?.meta ?? {};
      const context: CoachUserContext = {
        firstName: user?.firstName ?? null,
        startupName: text(meta.startupName),
        stage: text(meta.stage),
        industry: text(meta.industry),
        goals: text(meta.goals),
        standing: standingOf(programs, replies),
      };
      if (options.stepId) context.focusStep = focusStepOf(programs, options.stepId);
      const program = currentProgram(programs);
      if (!program) return context;
      context.program = { name: program.name };
      const milestone = program.userMilestone.find((m) => m.status === 'ONGOING');
      const stepLinks: Record<string, string> = {};
      const missionLinks: Record<string, string> = {};
      const milestoneLinks: Record<string, string> = {};
      for (const m of program.userMilestone) {
        if (m.id) milestoneLinks[m.key] = `/programs?milestone=${encodeURIComponent(m.id)}`;
        for (const mission of m.userMission) {
          missionLinks[`${m.key}/${mission.key}`] = `/mission-details/${mission.id}`;
          for (const step of mission.userStep)
            stepLinks[`${m.key}/${mission.key}/${step.key}`] = `/mission-details/${mission.id}/${step.id}`;
        }
      }
      Object.assign(context, { stepLinks, missionLinks, milestoneLinks });
      if (milestone) {
        context.milestone = { key: milestone.key, name: milestone.name };
        const mission =
          milestone.userMission.find((m) => m.status === 'ONGOING') ??
          milestone.userMission.find((m) => m.status !== 'COMPLETED');
        if (mission)
          context.mission = { key: mission.key, name: mission.name, url: `/mission-details/${mission.id}` };
      }
      return context;
    },
  };
}
