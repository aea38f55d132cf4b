import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useInAppLinkClicks } from '../../../lib/in-app-links';
import { sanitizeArticleHtml } from '../sanitize';

/**
 * The article's HTML in a reading column (design.md: line length ≤ 75 characters). The HTML is
 * sanitized again here; links to this site stay inside the app instead of reloading it.
 */
export function ArticleBody({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeArticleHtml(html), [html]);
  const onClick = useInAppLinkClicks();

  return (
    <Box
      className="article-body"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: safe }}
      sx={(theme) => ({
        maxWidth: '70ch',
        fontSize: { xs: '1rem', sm: '1.0625rem' },
        lineHeight: 1.75,
        color: 'text.primary',
        overflowWrap: 'break-word',
        '& > :first-of-type': { mt: 0 },
        '& p, & ul, & ol, & blockquote, & pre, & figure, & .table-scroll': { my: 2.5 },
        '& h1, & h2, & h3, & h4, & h5, & h6': {
          lineHeight: 1.3,
          fontWeight: 700,
          letterSpacing: '-0.01em',
          mt: 5,
          mb: 1.5,
          scrollMarginTop: 96,
        },
        '& h1, & h2': { fontSize: { xs: '1.375rem', sm: '1.5rem' } },
        '& h3': { fontSize: '1.25rem' },
        '& h4, & h5, & h6': { fontSize: '1.0625rem' },
        '& ul, & ol': { pl: 3.5 },
        '& li + li': { mt: 0.75 },
        '& li > ul, & li > ol': { my: 0.75 },
        '& a': {
          color: 'primary.main',
          textDecoration: 'underline',
          textUnderlineOffset: '0.15em',
          '&:hover': { textDecorationThickness: 2 },
        },
        '& strong, & b': { fontWeight: 700 },
        '& blockquote': {
          mx: 0,
          pl: 2.5,
          py: 0.5,
          borderLeft: '4px solid',
          borderColor: 'secondary.main',
          color: 'text.secondary',
          fontStyle: 'italic',
          '& p': { my: 1 },
        },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.875em',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 0.5,
          py: 0.25,
        },
        '& pre': {
          p: 2,
          borderRadius: 2,
          bgcolor: 'action.hover',
          // Wrapped rather than scrolled: no keyboard trap or hidden text on a phone.
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          '& code': { bgcolor: 'transparent', p: 0, fontSize: '0.875rem' },
        },
        '& hr': { border: 0, borderTop: '1px solid', borderColor: 'divider', my: 4 },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 2, display: 'block' },
        '& figcaption': { fontSize: '0.875rem', color: 'text.secondary', mt: 1 },
        '& .table-scroll': {
          overflowX: 'auto',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 2,
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
        },
        '& table': { borderCollapse: 'collapse', width: '100%', fontSize: '0.9375rem', lineHeight: 1.5 },
        '& caption': { textAlign: 'left', p: 1.5, fontWeight: 600 },
        '& th, & td': {
          textAlign: 'left',
          verticalAlign: 'top',
          p: 1.25,
          borderBottom: '1px solid',
          borderColor: 'divider',
        },
        '& th': { fontWeight: 700, bgcolor: 'action.hover' },
        '& tr:last-of-type td': { borderBottom: 0 },
      })}
    />
  );
}
