import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { keyframes } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';

const pop = keyframes`
  0% { transform: scale(0.6); opacity: 0; }
  60% { transform: scale(1.08); opacity: 1; }
  100% { transform: scale(1); opacity: 1; }
`;
const burst = keyframes`
  0% { transform: scale(0.4); opacity: 0.7; }
  100% { transform: scale(1.9); opacity: 0; }
`;

/**
 * The moment that feels earned (design.md): a trophy that pops in under a second with a ring bursting
 * behind it; still under prefers-reduced-motion. Announced politely and focused so it is not missed.
 */
export function CompletionMoment({
  title,
  children,
  actions,
  autoFocus = true,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  autoFocus?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <Card
      component="section"
      aria-labelledby="completion-title"
      sx={{ borderTop: 6, borderColor: 'secondary.main', overflow: 'hidden' }}
    >
      <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Box sx={{ position: 'relative', width: 88, height: 88, mx: 'auto', mb: 2 }} aria-hidden="true">
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              border: 4,
              borderColor: 'secondary.main',
              animation: `${burst} 800ms ease-out both`,
              opacity: 0,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          />
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              display: 'grid',
              placeItems: 'center',
              fontSize: 48,
              animation: `${pop} 600ms cubic-bezier(.2,.8,.2,1.2) both`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <EmojiEventsIcon fontSize="inherit" />
          </Box>
        </Box>
        <Typography
          id="completion-title"
          ref={ref}
          tabIndex={-1}
          variant="h2"
          sx={{ fontSize: '1.5rem', outline: 'none' }}
        >
          {title}
        </Typography>
        {children ? (
          <Box sx={{ color: 'text.secondary', mt: 1, maxWidth: '60ch', mx: 'auto' }}>{children}</Box>
        ) : null}
        {actions ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 3, justifyContent: 'center' }}
          >
            {actions}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
