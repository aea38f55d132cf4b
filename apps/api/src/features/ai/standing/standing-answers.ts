import type { MessageSource } from '@liftoff/contracts/ai';
import type { CoachUserContext } from '../model/context.js';
import type { StandingIntent } from './standing-intent.js';

// Which standing question a message asks is told in standing-intent.ts; callers still import it from here.
export { standingIntent } from './standing-intent.js';

/** What a standing answer links: the step to do (or asked about) and its mission. */
export function standingSources(user: CoachUserContext): MessageSource[] {
  const step = user.focusStep ?? user.standing?.step;
  const sources: MessageSource[] = [];
  if (step) sources.push({ kind: 'step', title: step.title, url: step.url });
  const mission = user.standing?.mission;
  if (mission && !user.focusStep) sources.push({ kind: 'mission', title: mission.name, url: mission.url });
  return sources;
}

const link = (title: string, url: string) => `[${title}](${url})`;

function nextLines(user: CoachUserContext): string[] {
  const s = user.standing!;
  const lines: string[] = [];
  if (s.step) {
    lines.push(
      `Your next step is **${link(s.step.title, s.step.url)}**${s.step.minutes ? ` (about ${s.step.minutes} minutes)` : ''}${s.mission ? `, in your mission **${s.mission.name}**` : ''}${s.milestone ? ` of the milestone **${s.milestone.name}**` : ''}.`,
    );
    if (s.step.summary) lines.push('', s.step.summary);
  } else if (s.mission) {
    lines.push(
      `Every step of your mission **${link(s.mission.name, s.mission.url)}** is done or put off${s.due.some((d) => !d.handedIn) ? ' — what is left is to hand in its deliverable' : ''}.`,
    );
  } else {
    lines.push(`You have no open step in **${s.program}** right now — every milestone so far is done.`);
  }
  const due = s.due.filter((d) => !d.handedIn);
  if (due.length)
    lines.push(
      '',
      'Still to hand in:',
      ...due.map((d) => `- **${d.deliverable}** for ${link(d.mission, d.url)}`),
    );
  if (s.putOff.length) lines.push('', 'You put off:', ...s.putOff.map((p) => `- ${link(p.title, p.url)}`));
  return lines;
}

function progressLines(user: CoachUserContext): string[] {
  const s = user.standing!;
  const lines = [
    `In **${s.program}** you have done ${s.done.steps} of ${s.total.steps} steps, ${s.done.missions} of ${s.total.missions} missions and ${s.done.milestones} of ${s.total.milestones} milestones.`,
  ];
  if (s.milestone)
    lines.push(`You are in milestone ${s.milestone.number} of ${s.milestone.of}, **${s.milestone.name}**.`);
  if (s.mission)
    lines.push(
      `Your mission **${link(s.mission.name, s.mission.url)}** has ${s.mission.stepsDone} of ${s.mission.steps} steps done.`,
    );
  if (s.endsAt) lines.push(`The program ends on ${s.endsAt.slice(0, 10)}.`);
  lines.push('', ...nextLines(user));
  if (s.expertReplies.length)
    lines.push(
      '',
      'Recently from experts:',
      ...s.expertReplies.map((r) => `- ${r.expert} on “${r.about}”: ${r.reply}`),
    );
  return lines;
}

function stuckLines(user: CoachUserContext): string[] {
  const step = user.focusStep ?? user.standing?.step;
  if (!step) return nextLines(user);
  const lines = [
    `Let's get you moving on **${link(step.title, step.url)}**.`,
    '',
    ...(step.summary ? [`What it asks: ${step.summary}`, ''] : []),
    'A few ways through:',
    '- Do the smallest version first: ten minutes on one field of the worksheet, then come back to the rest.',
    '- Ask me a specific question about it ("how many interviews are enough?") — I answer from the program.',
    '- If it cannot be done now, put it off for later from the step page; the next step opens meanwhile.',
    '- Ask the milestone’s expert, or tell your program team where you are stuck.',
  ];
  return lines;
}

function reviewLines(user: CoachUserContext): string[] {
  const step = user.focusStep ?? user.standing?.step;
  if (!step) return nextLines(user);
  if (!step.answers.length)
    return [
      `You have not filled in the worksheet of **${link(step.title, step.url)}** yet, so there is nothing of yours to review.`,
      ...(step.summary ? ['', `What it asks: ${step.summary}`] : []),
      '',
      'Write a first draft — rough is fine — and ask me again.',
    ];
  const thin = step.answers.filter((a) => a.answer.split(/\s+/).length < 8);
  return [
    `Here is what you wrote for **${link(step.title, step.url)}**:`,
    '',
    ...step.answers.map(
      (a) => `- **${a.label}:** ${a.answer.length > 400 ? `${a.answer.slice(0, 397)}…` : a.answer}`,
    ),
    '',
    thin.length
      ? `The thinnest part is ${thin.map((a) => `**${a.label}**`).join(', ')}: say who exactly, how often, and what it costs them today.`
      : 'Each answer has some substance. Check that every claim names a specific customer and something you heard from them, not what you assume.',
    'I am the offline coach: I can point you to the parts of the program about this step, but a connected model gives line-by-line feedback.',
  ];
}

/** The offline coach's answer to a standing question, with the step's link; null when the founder has no standing. */
export function standingAnswer(
  intent: StandingIntent,
  user: CoachUserContext,
  language = 'en',
): string | null {
  if (!user.standing && !user.focusStep) return null;
  if (!user.standing && intent !== 'review' && intent !== 'stuck') return null;
  const hello = user.firstName ? `${user.firstName}, here` : 'Here';
  const body =
    intent === 'progress'
      ? progressLines(user)
      : intent === 'stuck'
        ? stuckLines(user)
        : intent === 'review'
          ? reviewLines(user)
          : nextLines(user);
  return [
    `${hello} is where you stand${user.startupName ? ` with **${user.startupName}**` : ''}.`,
    '',
    ...body,
    ...(language !== 'en' ? ['', '_I answer in English: the offline coach writes only in English._'] : []),
  ].join('\n');
}

/** Follow-ups a standing answer offers: other standing questions, which the coach can always answer. */
export function standingFollowUps(intent: StandingIntent, user: CoachUserContext): string[] {
  const step = user.focusStep ?? user.standing?.step;
  const all: [StandingIntent, string][] = [
    ['next', 'What should I do now?'],
    ['stuck', step ? `I'm stuck on "${step.title}"` : "I'm stuck on this step"],
    ['progress', 'How far am I?'],
  ];
  return all.filter(([kind]) => kind !== intent).map(([, question]) => question);
}
