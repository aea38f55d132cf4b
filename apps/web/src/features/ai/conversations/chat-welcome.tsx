import { iconPaths } from '../../../components/icon-paths';
import { PlainIcon } from '../../../components/plain-icon';
import '../../../components/plain.css';
import './chat-welcome.css';

export const STARTER_QUESTIONS = [
  'How do I run customer interviews?',
  'What should I focus on in my current milestone?',
  'How do I find my first ten customers?',
  'How do I write an ideal customer profile?',
];

/** Offered after the step's own question when the coach is opened from a step. */
const STEP_QUESTIONS = ["I'm stuck on this step", 'What should I do now?'];

/**
 * What a new chat shows before its first question: what the coach knows, and questions to start with. Opened
 * from a step (`aboutStep`), it names the step and offers the step's question (`offered`) first.
 */
export function ChatWelcome({
  aboutStep,
  aboutTitle,
  offered,
  onAsk,
}: {
  aboutStep: string | null;
  aboutTitle: string | null;
  offered: string | null;
  onAsk: (question: string) => void;
}) {
  // The coach's first screen, in plain elements (decisions 052, 056).
  return (
    <div className="chat-welcome">
      <span className="chat-welcome__icon">
        <PlainIcon d={iconPaths.autoAwesome} className="plain-icon--inherit" />
      </span>
      <h2 className="plain-h2 chat-welcome__title">Ask your coach anything about your program</h2>
      <p className="plain-body1 plain-secondary chat-welcome__lead">
        {aboutStep
          ? `Asking about ${aboutTitle ? `“${aboutTitle}”` : 'your step'}: the coach sees your saved worksheet answers. Try one of these:`
          : 'It knows your startup, your milestone and your mission. Try one of these:'}
      </p>
      <ul aria-label="Suggested questions" className="chat-welcome__questions">
        {(aboutStep && offered ? [offered, ...STEP_QUESTIONS] : STARTER_QUESTIONS).map((question) => (
          <li key={question}>
            <button
              type="button"
              className="plain-button chat-welcome__question"
              onClick={() => onAsk(question)}
            >
              <span>{question}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
