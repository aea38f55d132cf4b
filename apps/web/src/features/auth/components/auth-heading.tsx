import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: children ? 1 : 3 }}>
        {title}
      </Typography>
      {children ? <Typography sx={{ color: 'text.secondary', mb: 3 }}>{children}</Typography> : null}
    </>
  );
}
