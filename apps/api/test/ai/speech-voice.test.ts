import { describe, expect, it } from 'vitest';
import { espeakVoiceFor } from '../../src/features/ai/speech/speech-voice.js';

describe('the eSpeak voice that reads a text', () => {
  it.each([
    ['Talk to twenty customers before you build.', 'en-us'],
    ['先和二十位潜在客户谈谈，再决定要不要开发产品。', 'cmn'],
    // Mostly Han, but the kana make it Japanese.
    ['顧客と話してから製品を作りましょう。', 'ja'],
    ['먼저 고객과 이야기하고 제품을 만드세요.', 'ko'],
    ['Сначала поговорите с клиентами, потом стройте продукт.', 'ru'],
    ['Спочатку поговоріть з клієнтами, а потім будуйте продукт.', 'uk'],
    ['Μιλήστε πρώτα με τους πελάτες σας.', 'el'],
    ['تحدث مع العملاء قبل أن تبني المنتج.', 'ar'],
    ['پیش از ساختن محصول با مشتریان گفتگو کنید.', 'fa'],
    ['पहले ग्राहकों से बात करें, फिर उत्पाद बनाएं।', 'hi'],
    ['พูดคุยกับลูกค้าก่อนสร้างผลิตภัณฑ์', 'th'],
  ])('%s → %s', (text, voice) => {
    expect(espeakVoiceFor(text, 'en-us')).toBe(voice);
  });

  it('goes by most letters: an English answer quoting a Chinese word stays English', () => {
    expect(espeakVoiceFor('The word for customer is 客户, and you should ask them first.', 'en-us')).toBe(
      'en-us',
    );
  });

  it('weighs a Han character as the syllable it is: a Chinese answer quoting an English title is Chinese', () => {
    // 21 Han characters (about 6 s of speech) against 35 Latin letters (about 2.5 s).
    const answer =
      '先和二十位潜在客户谈谈，再决定要不要开发产品。Read The Mom Test by Rob Fitzpatrick first.';
    expect(espeakVoiceFor(answer, 'en-us')).toBe('cmn');
  });

  it('reads Latin text, and text without letters, with the configured voice', () => {
    expect(espeakVoiceFor('Parlez à vingt clients avant de construire.', 'fr-fr')).toBe('fr-fr');
    expect(espeakVoiceFor('42 — 17 = 25', 'en-gb')).toBe('en-gb');
  });
});
