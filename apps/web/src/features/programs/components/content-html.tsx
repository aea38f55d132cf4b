import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useInAppLinkClicks } from '../../../lib/in-app-links';

const readingStyles: SxProps<Theme> = {
  maxWidth: '75ch',
  fontSize: '1rem',
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  '& h2': { fontSize: '1.25rem', fontWeight: 700, mt: 3, mb: 1 },
  '& h3': { fontSize: '1.0625rem', fontWeight: 700, mt: 2.5, mb: 1 },
  '& h4, & h5, & h6': { fontSize: '1rem', fontWeight: 700, mt: 2, mb: 0.5 },
  '& p': { my: 1.25 },
  '& ul, & ol': { pl: 3, my: 1.25 },
  '& li': { my: 0.5 },
  '& a': { color: 'primary.main', textUnderlineOffset: '2px' },
  '& blockquote': {
    borderLeft: 4,
    borderColor: 'secondary.main',
    m: 0,
    my: 2,
    pl: 2,
    color: 'text.secondary',
  },
  '& code': {
    fontFamily: 'ui-monospace, monospace',
    fontSize: '0.9em',
    bgcolor: 'action.hover',
    px: 0.5,
    borderRadius: 0.5,
  },
  '& pre': { bgcolor: 'action.hover', p: 2, borderRadius: 1, overflowX: 'auto' },
  '& pre code': { bgcolor: 'transparent', p: 0 },
  '& table': {
    borderCollapse: 'collapse',
    my: 2,
    display: 'block',
    overflowX: 'auto',
    maxWidth: '100%',
  },
  '& th, & td': {
    border: 1,
    borderColor: 'divider',
    px: 1.25,
    py: 0.75,
    textAlign: 'left',
    verticalAlign: 'top',
  },
  '& img': { maxWidth: '100%' },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
};

/**
 * Program content's HTML set for reading (≤ 75 characters a line). The HTML must be safe already: a step's
 * body comes sanitized from the server (`bodyHtml`), other content through `Markdown`, which sanitizes.
 * Light on purpose: a step's page draws its body with this alone, without a Markdown renderer. Links to a
 * screen of the app move within it, as in an explore article.
 */
export function ContentHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const onClick = useInAppLinkClicks();
  return (
    <Box
      className="markdown"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
      sx={[readingStyles, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
