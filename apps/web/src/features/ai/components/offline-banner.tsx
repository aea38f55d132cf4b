import { useState } from 'react';
import { useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { selectSessionUser } from '../../../lib/session';

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
    <Box component="p" sx={{ m: 0, mt: 1 }}>
      <strong>For admins:</strong> no AI model is connected. To connect one, set{' '}
      <code>AI_PROVIDER=openai-compatible</code> with <code>AI_BASE_URL</code>, <code>AI_API_KEY</code> and{' '}
      <code>AI_MODEL</code> (OpenAI, Ollama, vLLM or LM Studio) and restart the server.
    </Box>
  );
}

/**
 * Says what the coach can do while no AI model is connected. In full on an empty chat on a wide screen; once the
 * conversation has messages, or on a phone, it is one line with the rest behind "More", so the
 * answers keep the room. It can be hidden for the rest of the visit.
 */
export function OfflineBanner({ show, compact }: { show: boolean; compact: boolean }) {
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(OFFLINE_KEY) === '1');
  const [expanded, setExpanded] = useState(false);
  const admin = useSelector(selectSessionUser)?.roles.includes('admin') ?? false;
  if (!show || hidden) return null;
  const full = !compact || expanded;
  return (
    <Alert
      severity="info"
      role="note"
      icon={compact ? false : <AutoAwesomeIcon />}
      onClose={() => {
        sessionStorage.setItem(OFFLINE_KEY, '1');
        setHidden(true);
      }}
      slotProps={{ closeButton: { 'aria-label': 'Hide this note' } }}
      sx={{
        mb: compact ? 1 : 1.5,
        overflowWrap: 'anywhere',
        alignItems: 'center',
        '& .MuiAlert-message': { minWidth: 0, py: compact && !expanded ? 0.5 : undefined },
        '& .MuiAlert-action': { pt: 0 },
        ...(compact ? { py: 0, px: 1.5 } : {}),
      }}
    >
      {full ? (
        <>
          <AlertTitle sx={compact ? { mb: 0.5, fontSize: '0.875rem' } : undefined}>
            {OFFLINE_TITLE}
          </AlertTitle>
          {WHAT_IT_DOES}
          {admin ? <ConnectAModel /> : null}
        </>
      ) : (
        <>
          {/* One line at 320 px beside the close button. */}
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {OFFLINE_SHORT}
          </Box>{' '}
          ·{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            aria-expanded={false}
            aria-label="More about the coach"
            onClick={() => setExpanded(true)}
            sx={{ verticalAlign: 'baseline' }}
          >
            More
          </Link>
        </>
      )}
    </Alert>
  );
}
