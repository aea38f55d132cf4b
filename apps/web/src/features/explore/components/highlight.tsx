import { Fragment, useMemo } from 'react';
import { matchParts } from '@liftoff/contracts/explore-search';
import Box from '@mui/material/Box';

/**
 * Text with the words a search matched in <mark>. The text is cut into React text nodes, never turned
 * into HTML, so neither a post's title nor the search can inject markup. Which words match is the API's
 * own rule (explore-search.ts), so a highlighted word is one the ranking counted.
 */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const parts = useMemo(() => matchParts(text, terms), [text, terms]);
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <Box
            component="mark"
            key={index}
            sx={{ bgcolor: 'secondary.light', color: 'text.primary', borderRadius: 0.5, px: 0.25 }}
          >
            {part.text}
          </Box>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
