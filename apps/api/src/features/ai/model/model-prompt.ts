import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ChatTurn } from './generation-state.js';

/** The coach's conversation as the model interface takes it: the system prompt, earlier turns, the question. */
export function modelPrompt(system: string, history: ChatTurn[], question: string): LanguageModelV3Prompt {
  return [
    { role: 'system', content: system },
    // A failed or stopped answer's text is a fragment the model did not finish: sent back as its own words it
    // would be continued or quoted as if it were advice. The question stays, so the model sees it went unanswered.
    ...history
      .filter(({ role, status }) => role === 'user' || !status || status === 'COMPLETE')
      .map(({ role, content }) => ({ role, content: [{ type: 'text' as const, text: content }] })),
    { role: 'user', content: [{ type: 'text', text: question }] },
  ];
}
