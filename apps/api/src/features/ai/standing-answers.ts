import type { MessageSource } from '@liftoff/contracts/ai';
import type { CoachUserContext } from './context.js';
import { normalise } from './safety-lexicon.js';

/**
 * Questions about the founder's own standing, which the program's text cannot answer and the founder's
 * progress can: what to do now, help with the step they are stuck on, how far they are. The offline coach
 * answers them from the standing with the step's link; a model gets the standing in its prompt instead.
 */
export type StandingIntent = 'next' | 'stuck' | 'progress' | 'review';

const intents: [StandingIntent, RegExp[]][] = [
  [
    'review',
    [
      /\b(review|check|look at|give (me )?feedback on|improve|critique) (my|our) (answers?|worksheet|work|draft|problem statement|hypothes[ie]s|canvas|profile|statement)\b/,
      /\b(uberpruf|prufe|schau dir) (meine|unsere)\b/,
      /\b(relis|revois|verifie|corrige) (mon|ma|mes)\b/,
      /\b(revisa|corrige) (mi|mis)\b/,
    ],
  ],
  [
    'stuck',
    [
      // Stuck on its own, or on this step: "I'm stuck with pricing tiers" is a question for the program's text.
      /\b(i'?m|i am|we'?re|we are|feel|got) (a bit |really |totally )?(stuck|blocked|lost)( here| now)?\s*[.!?]*$/,
      /\bstuck (on|with|at) (this|the|my) (step|mission|worksheet)\b/,
      /\bhelp (me )?with (this|my current|the current) step\b/,
      /\b(komme nicht weiter|hange fest|stecke fest)\b/,
      /\b(je suis|suis) (bloque|coince)e?\b/,
      /\b(estoy|me he quedado) (atascad|bloquead)[oa]\b/,
      /\b(sono|mi sono) (bloccat|incastrat)[oa]\b/,
      /\b(estou|fiquei) (travad|pres|bloquead)[oa]\b/,
      /\b(ik zit vast|ik kom er niet uit)\b/,
    ],
  ],
  [
    'progress',
    [
      /\bhow far (am i|are we|along)\b/,
      /\b(my|our) progress\b/,
      /\bhow much (is )?(left|remains|to go)\b/,
      /\bwhat (have i|did i|we have) (done|completed|finished)\b/,
      /\bwhat('s| is) (due|left)\b/,
      /\b(my|our) deliverables?\b/,
      /\bnext deliverables?\b/,
      /\bwie weit bin ich\b/,
      /\bou en suis[- ]je\b/,
      /\b(cuanto me falta|como voy|mi progreso)\b/,
      /\b(a che punto sono|il mio progresso)\b/,
      /\b(em que ponto estou|meu progresso|quanto falta)\b/,
      /\bhoe ver ben ik\b/,
    ],
  ],
  [
    'next',
    [
      // "What should I do?" on its own, or with now/next/today: "what do I do with the notes" asks about the notes.
      /\bwhat (should|do|can|must) (i|we) (do|work on|focus on|tackle)( now| next| today| this week| first)?\s*[.!?]*$/,
      /\bwhat (should|do|can|must) (i|we) (do|work on|focus on|tackle) (now|next|today|this week|first)\b/,
      /\bwhat('s| is) (next|my next step|the next step)\b/,
      /\bwhere (should|do) (i|we) (start|continue|pick up)\b/,
      /\bfocus on in (my|the) current (milestone|mission)\b/,
      /\bmy (current|next) (step|mission|milestone)\b/,
      /\bwas (soll|sollte|muss) ich (jetzt|als nachstes|heute)\b/,
      /\bque (dois|devrais)[- ]je faire\b/,
      /\bque (debo|deberia|tengo que) hacer\b/,
      /\bcosa (devo|dovrei) fare\b/,
      /\bo que (devo|deveria|tenho de|tenho que) fazer\b/,
      /\bwat (moet|zou) ik (nu )?(doen|eerst)\b/,
    ],
  ],
];

/** The standing question a message asks, or null; `stepFocused` is set when it was asked from inside a step. */
export function standingIntent(question: string, stepFocused = false): StandingIntent | null {
  const text = normalise(question);
  for (const [intent, patterns] of intents) if (patterns.some((p) => p.test(text))) return intent;
  // From inside a step, "what do you think?" is about that step and the founder's work on it.
  return stepFocused ? 'review' : null;
}

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
