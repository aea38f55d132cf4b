import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';

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
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 3, sm: 6 }, maxWidth: 640, mx: 'auto' }}>
      <Box
        aria-hidden="true"
        sx={{ fontSize: 48, color: 'primary.main', display: 'flex', justifyContent: 'center' }}
      >
        <AutoAwesomeIcon fontSize="inherit" />
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 1 }}>
        Ask your coach anything about your program
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>
        {aboutStep
          ? `Asking about ${aboutTitle ? `“${aboutTitle}”` : 'your step'}: the coach sees your saved worksheet answers. Try one of these:`
          : 'It knows your startup, your milestone and your mission. Try one of these:'}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        aria-label="Suggested questions"
        sx={{ listStyle: 'none', p: 0, mt: 2.5, flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}
      >
        {(aboutStep && offered ? [offered, ...STEP_QUESTIONS] : STARTER_QUESTIONS).map((question) => (
          <li key={question}>
            <Chip
              label={question}
              color="primary"
              variant="outlined"
              onClick={() => onAsk(question)}
              sx={{
                height: 'auto',
                minHeight: 32,
                maxWidth: '100%',
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
              }}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}
