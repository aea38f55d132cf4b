import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { copyText } from '../../../lib/clipboard';
import { useInAppLinkClicks } from '../../../lib/in-app-links';
import { CODE_BLOCK_SLOT, chatMarkdown } from './markdown';
import type { MarkdownCode } from './markdown';

function CodeBlock({ code, language }: { code: string; language: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Box
      sx={{
        position: 'relative',
        my: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 1.5,
          py: 0.25,
          borderBottom: 1,
          borderColor: 'divider',
          fontSize: 13,
          color: 'text.secondary',
        }}
      >
        <span>{language || 'code'}</span>
        <Button
          size="small"
          startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
          onClick={() => void copyText(code).then((ok) => setCopied(ok))}
          aria-label={copied ? 'Code copied' : `Copy ${language || ''} code`.replace(/\s+/g, ' ')}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={`${language || 'Code'} example`}
        sx={{ m: 0, p: 1.5, overflowX: 'auto', fontSize: 14, lineHeight: 1.5 }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}

/**
 * A reply rendered from Markdown: safe HTML, code blocks with copy buttons, site links in the app. The HTML is
 * set as it is; each fenced code block, top level or inside a list item or a quote, is then rendered into the
 * place the HTML keeps for it, so it gets its copy button wherever it sits.
 */
export function ChatMarkdown({ source }: { source: string }) {
  const { html, codeBlocks } = useMemo(() => chatMarkdown(source), [source]);
  const container = useRef<HTMLDivElement | null>(null);
  const [placed, setPlaced] = useState<Array<{ block: MarkdownCode; place: Element }>>([]);
  // Before paint: the new HTML's places replace the old ones, which left the page with the old HTML.
  useLayoutEffect(() => {
    const root = container.current;
    setPlaced(
      codeBlocks.flatMap((block) => {
        const place = root?.querySelector(`[${CODE_BLOCK_SLOT}="${block.slot}"]`);
        return place ? [{ block, place }] : [];
      }),
    );
  }, [codeBlocks]);
  const onClick = useInAppLinkClicks();
  return (
    <>
      <Box
        ref={container}
        onClick={onClick}
        sx={{
          overflowWrap: 'anywhere',
          '& p': { my: 1 },
          '& p:first-of-type': { mt: 0 },
          '& ul, & ol': { my: 1, pl: 3 },
          '& h3, & h4, & h5, & h6': { fontSize: '1rem', fontWeight: 700, mt: 2, mb: 1 },
          '& a': { color: 'primary.main', textDecoration: 'underline' },
          '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9em' },
          '& :not(pre) > code': { bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
          '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
          '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        }}
        // Sanitized by DOMPurify in chatMarkdown.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {placed.map(({ block, place }) =>
        createPortal(<CodeBlock code={block.code} language={block.language} />, place, block.slot),
      )}
    </>
  );
}
