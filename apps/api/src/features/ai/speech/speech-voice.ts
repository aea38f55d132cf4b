/**
 * Which eSpeak NG voice reads a text aloud. An English voice spells text in another script out sign by sign
 * ("CJK ideograph…"), which no one can follow and which takes two to three times as long, so text mostly in
 * another script is read by a voice of that script's main language. Latin text keeps the configured voice:
 * telling French from English takes language detection, which eSpeak does not offer and a guess would get
 * wrong often enough to be worse than one steady voice.
 */

/**
 * Scripts with an eSpeak NG voice (as shipped in the `espeak-ng` package), with the voice to use. `weight` is
 * how many Latin letters one sign is worth when spoken: a Han character, a kana or a Hangul block is a whole
 * syllable, so a Chinese answer with an English code sample in it is still mostly Chinese to the ear.
 */
const scriptVoices: { script: RegExp; voice: string; weight?: number }[] = [
  { script: /[\p{Script=Hiragana}\p{Script=Katakana}]/gu, voice: 'ja', weight: 3 },
  { script: /\p{Script=Han}/gu, voice: 'cmn', weight: 3 },
  { script: /\p{Script=Hangul}/gu, voice: 'ko', weight: 3 },
  { script: /\p{Script=Cyrillic}/gu, voice: 'ru' },
  { script: /\p{Script=Greek}/gu, voice: 'el' },
  { script: /\p{Script=Arabic}/gu, voice: 'ar' },
  { script: /\p{Script=Hebrew}/gu, voice: 'he' },
  { script: /\p{Script=Devanagari}/gu, voice: 'hi' },
  { script: /\p{Script=Bengali}/gu, voice: 'bn' },
  { script: /\p{Script=Gurmukhi}/gu, voice: 'pa' },
  { script: /\p{Script=Gujarati}/gu, voice: 'gu' },
  { script: /\p{Script=Tamil}/gu, voice: 'ta' },
  { script: /\p{Script=Telugu}/gu, voice: 'te' },
  { script: /\p{Script=Kannada}/gu, voice: 'kn' },
  { script: /\p{Script=Malayalam}/gu, voice: 'ml' },
  { script: /\p{Script=Thai}/gu, voice: 'th' },
  { script: /\p{Script=Georgian}/gu, voice: 'ka' },
  { script: /\p{Script=Armenian}/gu, voice: 'hy' },
];

/** Letters that only some languages of a shared script use, and the voice they point to. */
const languageHints: Record<string, { letters: RegExp; voice: string }[]> = {
  ru: [{ letters: /[іїєґІЇЄҐ]/u, voice: 'uk' }],
  ar: [
    { letters: /[ٹڈڑںے]/u, voice: 'ur' },
    { letters: /[پچژگ]/u, voice: 'fa' },
  ],
};

const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * The voice for `text`: the voice of the script that most of it is written in (by spoken weight), or
 * `latinVoice` when most is Latin (or there are no letters at all).
 */
export function espeakVoiceFor(text: string, latinVoice: string): string {
  const letters = new Map<string, number>([[latinVoice, countOf(text, /\p{Script=Latin}/gu)]]);
  for (const { script, voice, weight = 1 } of scriptVoices)
    letters.set(voice, (letters.get(voice) ?? 0) + weight * countOf(text, script));
  // Japanese writes with Han and kana together: with any kana, the Han letters are Japanese too.
  const kana = letters.get('ja') ?? 0;
  if (kana > 0) {
    letters.set('ja', kana + (letters.get('cmn') ?? 0));
    letters.delete('cmn');
  }
  let best = latinVoice;
  for (const [voice, count] of letters) if (count > (letters.get(best) ?? 0)) best = voice;
  const hint = languageHints[best]?.find(({ letters: hinted }) => hinted.test(text));
  return hint?.voice ?? best;
}
