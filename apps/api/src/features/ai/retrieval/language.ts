/**
 * Which language a founder wrote in, as an ISO 639-1 code ('en' when unsure). The coach needs it to answer
 * (or at least to say plainly that it answers in English) and to pick the safety replies' language; a
 * message is a sentence or two, so counting each language's most common words is accurate enough and runs
 * offline in microseconds. Scripts that only one language in reach writes (Greek, Hebrew, Thai…) decide at once.
 */

/** Short, very frequent words of each language; a word shared by two languages counts for both. */
const stopWords: Record<string, string> = {
  en: 'the and is are was were to of in on for with what how why when should can could would do does did my our your i we you it this that have has not be about me at from or if an',
  de: 'der die das und ist sind war ich wir du sie es nicht ein eine einen einem mit auf für wie was warum wann soll sollte kann können mein meine unser unsere mich mir uns bei von zu zum zur dem den des auch noch nur schon aber oder wenn dass habe hat haben ist mehr',
  fr: 'le la les et est sont était je nous vous il elle ne pas un une des du de avec pour sur comment quoi pourquoi quand dois doit puis peux mon ma mes notre nos votre moi dans au aux ce cette qui que plus mais ou si suis avons',
  es: 'el la los las y es son era yo nosotros tú usted no un una unos con para por sobre cómo como qué por qué cuándo debo debería puedo mi mis nuestro nuestra me en del al lo que más pero o si estoy tengo hay muy',
  it: 'il lo la gli le e è sono era io noi tu lei non un una uno con per su come cosa perché quando devo dovrei posso mio mia miei nostro nostra mi nel nella del della che più ma o se sto ho',
  pt: 'o a os as e é são era eu nós você ele ela não um uma com para por sobre como quê porque quando devo deveria posso meu minha nosso nossa me em no na do da que mais mas ou se estou tenho muito',
  nl: 'de het een en is zijn was ik wij we jij je u hij zij niet met voor op hoe wat waarom wanneer moet zou kan kunnen mijn onze ons mij bij van naar ook nog maar of als dat heb heeft hebben er',
  sv: 'och är var jag vi du han hon inte en ett med för på hur vad varför när ska borde kan mitt min vår mig av till också men eller om att har det',
  da: 'og er var jeg vi du han hun ikke en et med for på hvordan hvad hvorfor hvornår skal burde kan min mit vores mig af til også men eller hvis at har det',
  pl: 'i jest są był ja my ty on ona nie z dla na jak co dlaczego kiedy powinienem mogę mój moja nasz nasza mnie w do że ale lub czy się jestem mam',
  tr: 've bir bu için ile ne nasıl neden zaman ben biz sen değil mi çok ama ya da var yok benim bizim olarak gibi daha',
  ro: 'și este sunt eu noi tu nu un o cu pentru pe cum ce de ce când trebuie pot meu mea nostru în la că dar sau dacă am',
};

const tables = new Map<string, Set<string>>(
  Object.entries(stopWords).map(([lang, words]) => [lang, new Set(words.split(' '))]),
);

/** Letters that only (or almost only) one of the Latin-script languages above writes. */
const letterHints: [RegExp, string][] = [
  [/[ß]/, 'de'],
  [/[äöü]/, 'de'],
  [/[ñ¿¡]/, 'es'],
  [/[ãõ]/, 'pt'],
  [/[çêâôœ]/, 'fr'],
  [/[åø]/, 'da'],
  [/[ąęłńśźż]/, 'pl'],
  [/[ğış]/, 'tr'],
  [/[ăîșț]/, 'ro'],
];

/** Scripts, checked before the word counts: each decides a language unless noted. */
const scripts: [RegExp, string][] = [
  [/[\u3040-\u30ff]/, 'ja'],
  [/[\uac00-\ud7af]/, 'ko'],
  [/[\u4e00-\u9fff]/, 'zh'],
  [/[\u0370-\u03ff]/, 'el'],
  [/[\u0590-\u05ff]/, 'he'],
  [/[\u0600-\u06ff]/, 'ar'],
  [/[\u0900-\u097f]/, 'hi'],
  [/[\u0e00-\u0e7f]/, 'th'],
];

const ukrainianLetters = /[іїєґ]/i;

export function detectLanguage(text: string): string {
  const sample = text.slice(0, 2000);
  for (const [pattern, lang] of scripts) if (pattern.test(sample)) return lang;
  const cyrillic = sample.match(/[\u0400-\u04ff]/g)?.length ?? 0;
  const latin = sample.match(/[a-zà-ÿ]/gi)?.length ?? 0;
  if (cyrillic > latin) return ukrainianLetters.test(sample) ? 'uk' : 'ru';

  const words = sample.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  if (!words.length) return 'en';
  const scores = new Map<string, number>();
  for (const word of words) {
    for (const [lang, table] of tables) if (table.has(word)) scores.set(lang, (scores.get(lang) ?? 0) + 1);
  }
  const lower = sample.toLowerCase();
  // A letter only one language writes is worth a common word: it settles "Wie gründe ich…" against Dutch.
  for (const [pattern, lang] of letterHints)
    if (pattern.test(lower)) scores.set(lang, (scores.get(lang) ?? 0) + 1.5);
  let best = 'en';
  let bestScore = 0;
  for (const [lang, score] of scores) {
    // English wins ties: most questions are English, and product words ("MVP", "pitch") are English anyway.
    if (score > bestScore || (score === bestScore && lang === 'en')) {
      best = lang;
      bestScore = score;
    }
  }
  // One shared word ("de", "a") in a sentence of English product jargon is no evidence.
  return bestScore >= 1.5 ? best : 'en';
}

/** The English names of the languages the coach detects, for the model's instruction and plain notes. */
export const languageNames: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  da: 'Danish',
  pl: 'Polish',
  tr: 'Turkish',
  ro: 'Romanian',
  ru: 'Russian',
  uk: 'Ukrainian',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  el: 'Greek',
  he: 'Hebrew',
  ar: 'Arabic',
  hi: 'Hindi',
  th: 'Thai',
};
