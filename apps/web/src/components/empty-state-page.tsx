import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

type EmptyStatePageProps = {
  title: string;
  icon?: ReactNode;
  heading: string;
  children: ReactNode;
  action?: ReactNode;
};

/** A page whose content has not arrived yet: says honestly what will be here and what to do meanwhile. */
export function EmptyStatePage({ title, icon, heading, children, action }: EmptyStatePageProps) {
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 3 }}>
        {title}
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          {icon ? (
            <Box
              sx={{ fontSize: 56, color: 'primary.main', display: 'flex', justifyContent: 'center', mb: 2 }}
              aria-hidden="true"
            >
              {icon}
            </Box>
          ) : null}
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {heading}
          </Typography>
          <Typography sx={{ mt: 1.5, color: 'text.secondary', maxWidth: '60ch', mx: 'auto' }}>
            {children}
          </Typography>
          {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
        </CardContent>
      </Card>
    </Box>
  );
}
