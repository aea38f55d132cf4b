import { useMemo } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { renderMarkdown } from '../lib/markdown';
import { ContentHtml } from './content-html';

/** Content Markdown, rendered and sanitised in the browser (lib/markdown), set for reading. */
export function Markdown({
  source,
  dropTitle = false,
  sx,
}: {
  source: string;
  dropTitle?: boolean;
  sx?: SxProps<Theme>;
}) {
  // Sanitised by DOMPurify in renderMarkdown.
  const html = useMemo(() => renderMarkdown(source, { dropTitle }), [source, dropTitle]);
  return <ContentHtml html={html} sx={sx} />;
}
