import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/features/ai/retrieval/language.js';

// The coach answers (or says it answers in English) in the language the founder wrote in.
describe('detectLanguage', () => {
  it.each([
    ['How should I price my SaaS for small teams?', 'en'],
    ['What should I do now?', 'en'],
    ['Wie finde ich die ersten Kunden für unser Produkt?', 'de'],
    ['Was soll ich jetzt tun?', 'de'],
    ['Comment trouver mes premiers clients ?', 'fr'],
    ['Je suis bloqué sur cette étape, que dois-je faire ?', 'fr'],
    ['¿Cómo encuentro a mis primeros clientes?', 'es'],
    ['Qué debo hacer ahora con mi startup', 'es'],
    ['Come trovo i miei primi clienti per la startup?', 'it'],
    ['Como encontro os meus primeiros clientes? Não sei', 'pt'],
    ['Hoe vind ik mijn eerste klanten voor onze startup?', 'nl'],
    ['Как найти первых клиентов?', 'ru'],
    ['最初の顧客はどうやって見つけますか', 'ja'],
    ['如何找到第一批客户', 'zh'],
    ['Jak znaleźć pierwszych klientów dla mojego startupu?', 'pl'],
  ])('%s → %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('falls back to English for jargon, numbers and empty text', () => {
    expect(detectLanguage('MVP CAC LTV')).toBe('en');
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 ?!')).toBe('en');
    expect(detectLanguage('Pitch deck de Sequoia template')).toBe('en');
  });
});
