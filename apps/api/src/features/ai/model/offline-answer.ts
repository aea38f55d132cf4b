import { sourceLabel, type CoachContext } from './context.js';
import { detectLanguage, languageNames } from '../retrieval/language.js';

const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9\s]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 3)
      .map((w) => w.replace(/(ing|ed|es|s)$/, '')),
  );

/**
 * Joins the lines of a hard-wrapped paragraph or list item into one. Program content is wrapped at about 110
 * columns, and the chat shows every newline as a line break (models mean theirs), so a quoted paragraph broke
 * mid-sentence. A line that starts a list item, heading, quote or table row keeps its break; code is left alone.
 */
export function unwrapLines(block: string): string {
  if (/^(```|~~~| {4}|\t)/m.test(block)) return block;
  return block.replace(/\n(?![ \t]*(?:[-*+] |\d+[.)] |#|>|\|))[ \t]*/g, ' ');
}

const blocksOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((b) => unwrapLines(b.trim()))
    .filter((b) => b && !/^\|?\s*-{3,}/.test(b));

/** The paragraphs or list items of a passage that share the most words with the question, in their original order. */
export function bestExcerpt(body: string, question: string, maxChars = 700, skip?: string): string {
  const q = wordsOf(question);
  const scored = blocksOf(body)
    .filter((text) => !skip || !text.includes(skip))
    .map((text, index) => {
      const words = wordsOf(text);
      let score = 0;
      for (const w of q) if (words.has(w)) score += 1;
      return { text, index, score };
    });
  const chosen: typeof scored = [];
  let length = 0;
  for (const block of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (length && length + block.text.length > maxChars) continue;
    chosen.push(block);
    length += block.text.length;
    if (length >= maxChars * 0.6) break;
  }
  const text = chosen
    .sort((a, b) => a.index - b.index)
    .map((b) => b.text)
    .join('\n\n');
  return text.length > maxChars * 1.5 ? `${text.slice(0, maxChars).replace(/\s+\S*$/, '')} …` : text;
}

/**
 * The sentence of a passage that answers the question most directly: plain prose (no heading, table, code or
 * list marker), of a readable length, sharing the most words with the question; earlier sentences win ties.
 */
export function keySentence(body: string, question: string): string | null {
  const q = wordsOf(question);
  let best: { text: string; score: number } | null = null;
  for (const block of blocksOf(body)) {
    if (/^(#|\||```|>)/.test(block)) continue;
    const prose = block
      .replace(/^(?:[-*+]|\d+[.)])\s+/, '')
      .replace(/\*\*|__|`/g, '')
      .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
    for (const sentence of prose.match(/[^.!?]+(?:[.!?]+["')\]]?|$)/g) ?? []) {
      const text = sentence.trim();
      if (text.length < 40 || text.length > 320 || /:$/.test(text)) continue;
      const words = wordsOf(text);
      let score = 0;
      for (const w of q) if (words.has(w)) score += 1;
      if (!best || score > best.score) best = { text, score };
    }
  }
  return best?.text ?? null;
}

/** How the first sentence opens, by the kind of question. */
function opening(question: string, label: string): string {
  const q = question.trim().toLowerCase();
  if (/^(should|shall|is|are|do|does|can|could|will|would|must|am)\b/.test(q))
    return `Short answer, from ${label}:`;
  if (/^how\b/.test(q)) return `Here is how ${label} puts it:`;
  if (/^(why)\b/.test(q)) return `The reason, in ${label}:`;
  return `${label[0]!.toUpperCase()}${label.slice(1)} answers this:`;
}

/** A plain note, in the founder's language and in English, that the answer is in English. */
const inEnglish: Record<string, string> = {
  de: 'Ich antworte auf Englisch: Das Programm und der Blog sind auf Englisch geschrieben.',
  fr: 'Je réponds en anglais : le programme et le blog sont rédigés en anglais.',
  es: 'Respondo en inglés: el programa y el blog están escritos en inglés.',
  it: 'Rispondo in inglese: il programma e il blog sono scritti in inglese.',
  pt: 'Respondo em inglês: o programa e o blog estão escritos em inglês.',
  nl: 'Ik antwoord in het Engels: het programma en de blog zijn in het Engels geschreven.',
};

function languageNote(question: string): string | null {
  const language = detectLanguage(question);
  if (language === 'en') return null;
  const name = languageNames[language] ?? 'your language';
  return `_${inEnglish[language] ? `${inEnglish[language]} ` : ''}I answer in English: the offline coach cannot write in ${name}, and the program is in English._`;
}

/**
 * Writes the offline coach's reply from the retrieved passages: a first sentence that answers the question,
 * then the passages that support it, then the sources. Personal (the founder's name and startup) and grounded.
 */
export function composeOfflineAnswer(question: string, context: CoachContext): string {
  const { user, passages } = context;
  const note = languageNote(question);
  const lines: string[] = note ? [note, ''] : [];
  if (!passages.length) {
    lines.push(
      `${user.firstName ? `${user.firstName}, I` : 'I'} could not find anything about that in your program or the Liftoff blog.`,
      '',
      'Try asking with the words the program uses — for example about customer interviews, your MVP, pricing, unit economics, positioning, sales or fundraising.',
    );
    if (user.mission)
      lines.push('', `Your current mission is **${user.mission.name}**; I can help with any of its steps.`);
    lines.push(
      '',
      '_I am the offline coach: I answer from the program and the blog only. Connect a language model (AI_PROVIDER=openai-compatible) for open-ended advice._',
    );
    return lines.join('\n');
  }
  const [top, ...rest] = passages;
  const label = `the ${sourceLabel(top!.kind).toLowerCase()} **${top!.title}**`;
  const sentence = keySentence(top!.body, question);
  const startup = user.startupName ? ` for **${user.startupName}**` : '';
  // After the founder's name the sentence goes on in lower case.
  const lead = (text: string) =>
    user.firstName ? `${user.firstName}, ${text[0]!.toLowerCase()}${text.slice(1)}` : text;
  lines.push(
    lead(
      sentence
        ? `${opening(question, label)} ${sentence}`
        : `${label[0]!.toUpperCase()}${label.slice(1)} covers this.`,
    ),
    '',
    `What supports it${startup}${top!.context ? ` (${top!.context})` : ''}:`,
    '',
    bestExcerpt(top!.body, question, 700, sentence ?? undefined),
    '',
  );
  const second = rest.find((p) => p.kind !== top!.kind || p.title !== top!.title);
  if (second)
    lines.push(
      `**${sourceLabel(second.kind)}: ${second.title}** adds:`,
      '',
      bestExcerpt(second.body, question, 350),
      '',
    );
  if (user.mission) {
    const inMission = passages.some((p) => p.missionKey && p.missionKey === user.mission?.key);
    lines.push(
      inMission
        ? `This is part of your current mission, **${user.mission.name}** — a good moment to apply it.`
        : `You are currently on the mission **${user.mission.name}**${user.milestone ? ` (${user.milestone.name})` : ''}.`,
      '',
    );
  }
  lines.push('**Sources**', ...passages.map((p) => `- [${sourceLabel(p.kind)}: ${p.title}](${p.link})`));
  return lines.join('\n');
}

/** The titles an earlier answer listed under **Sources**, in order (the first is what it led with). */
export function sourcesOfAnswer(answer: string): string[] {
  const list = answer.split('**Sources**')[1] ?? '';
  return [...list.matchAll(/^- \[[^:\]]+: (.+)\]\([^)]*\)$/gm)].map((m) => m[1]!);
}
