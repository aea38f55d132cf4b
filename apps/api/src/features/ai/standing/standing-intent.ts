import { normalise } from '../safety/safety-lexicon.js';

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
