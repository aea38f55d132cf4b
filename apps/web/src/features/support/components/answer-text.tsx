import { Suspense, lazy } from 'react';
import Box from '@mui/material/Box';

/** The answer as written, for the moment before the Markdown renderer arrives (or if it cannot). */
function PlainAnswer({ source }: { source: string }) {
  return (
    <Box sx={{ maxWidth: '75ch', lineHeight: 1.7, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {source}
    </Box>
  );
}

// The Markdown renderer and its sanitiser are fetched when the first answer is opened, not with the overview.
const RenderedAnswer = lazy(() =>
  import('./rendered-answer').then(
    (module) => ({ default: module.RenderedAnswer }),
    // Offline: the answer stays readable as plain text.
    () => ({ default: PlainAnswer }),
  ),
);

/** A popular question's answer (Markdown, sanitised, no raw HTML). */
export function AnswerText({ source }: { source: string }) {
  return (
    <Suspense fallback={<PlainAnswer source={source} />}>
      <RenderedAnswer source={source} />
    </Suspense>
  );
}
