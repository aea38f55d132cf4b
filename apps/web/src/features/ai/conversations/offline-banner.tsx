import { useState } from 'react';
import { useSelector } from 'react-redux';
import { iconPaths } from '../../../components/icon-paths';
import { PlainIcon } from '../../../components/plain-icon';
import { selectSessionUser } from '../../../lib/session';
import '../../../components/plain.css';
import './offline-banner.css';

const OFFLINE_KEY = 'liftoff-ai-offline-note-hidden';

export const OFFLINE_TITLE = 'Your coach answers from your program';
const OFFLINE_SHORT = 'Answers from your program';

/**
 * What the coach does without a model, for the founder asking: no talk of models or servers, which a founder
 * can do nothing about.
 */
const WHAT_IT_DOES =
  'It finds the parts of your missions, steps and the blog that fit your question, quotes them and links to ' +
  'them, and suggests what to ask next. Name the topic you are working on (pricing, interviews, your first ' +
  'customers) for the best answer.';

/** Only an admin can connect a model, so only an admin is told how. */
function ConnectAModel() {
  return (
    <p className="coach-note__admin">
      <strong>For admins:</strong> no AI model is connected. To connect one, set{' '}
      <code>AI_PROVIDER=openai-compatible</code> with <code>AI_BASE_URL</code>, <code>AI_API_KEY</code> and{' '}
      <code>AI_MODEL</code> (OpenAI, Ollama, vLLM or LM Studio) and restart the server.
    </p>
  );
}

/**
 * Says what the coach can do while no AI model is connected. In full on an empty chat on a wide screen; once the
 * conversation has messages, or on a phone, it is one line with the rest behind "More", so the
 * answers keep the room. It can be hidden for the rest of the visit.
 *
 * Drawn as MUI's standard info Alert with plain elements (offline-banner.css, decision 057): it is on the
 * coach's first screen wherever no model is connected, `npm start`'s default, and the Alert, its icon, title,
 * link and close button were eight styled components there.
 */
export function OfflineBanner({ show, compact }: { show: boolean; compact: boolean }) {
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(OFFLINE_KEY) === '1');
  const [expanded, setExpanded] = useState(false);
  const admin = useSelector(selectSessionUser)?.roles.includes('admin') ?? false;
  if (!show || hidden) return null;
  const full = !compact || expanded;
  const look = ['coach-note', compact ? 'coach-note--compact' : '', full ? '' : 'coach-note--line'];
  return (
    <div role="note" className={look.filter(Boolean).join(' ')}>
      {compact ? null : (
        <div className="coach-note__icon">
          <PlainIcon d={iconPaths.autoAwesome} />
        </div>
      )}
      <div className="coach-note__message">
        {full ? (
          <>
            <div className="coach-note__title">{OFFLINE_TITLE}</div>
            {WHAT_IT_DOES}
            {admin ? <ConnectAModel /> : null}
          </>
        ) : (
          <>
            {/* One line at 320 px beside the close button. */}
            <strong className="coach-note__short">{OFFLINE_SHORT}</strong> ·{' '}
            <button
              type="button"
              className="plain-button coach-note__more"
              aria-expanded={false}
              aria-label="More about the coach"
              onClick={() => setExpanded(true)}
            >
              More
            </button>
          </>
        )}
      </div>
      <div className="coach-note__action">
        <button
          type="button"
          className="plain-button coach-note__close"
          aria-label="Hide this note"
          title="Hide this note"
          onClick={() => {
            sessionStorage.setItem(OFFLINE_KEY, '1');
            setHidden(true);
          }}
        >
          <PlainIcon d={iconPaths.close} />
        </button>
      </div>
    </div>
  );
}
