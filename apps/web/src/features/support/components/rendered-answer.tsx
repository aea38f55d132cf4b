import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { renderAnswer } from '../lib/markdown';

/** A popular question's answer rendered from its Markdown (sanitised, no raw HTML). */
export function RenderedAnswer({ source }: { source: string }) {
  const html = useMemo(() => renderAnswer(source), [source]);
  return (
    <Box
      // Sanitised by DOMPurify in renderAnswer.
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        maxWidth: '75ch',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& p': { my: 1 },
        '& ul, & ol': { pl: 3, my: 1 },
        '& a': { color: 'primary.main' },
        '& h4, & h5, & h6': { fontSize: '1rem', fontWeight: 700, mt: 2, mb: 0.5 },
      }}
    />
  );
}
