import type { ReactNode } from 'react';
import type { Expert } from '@liftoff/contracts/experts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { apiHref } from '../lib/urls';

/**
 * The milestone's expert: photo, name, headline. `actions` is the slot where asking a question and
 * booking a meeting go once the experts feature provides them (composed in src/app).
 */
export function ExpertCard({
  expert,
  actions,
  headingLevel = 'h3',
}: {
  expert: Expert;
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const name = `${expert.firstName} ${expert.lastName}`.trim();
  const headline = expert.expertMeta[0]?.headline;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`Your expert, ${name}`}
      sx={{ boxShadow: 'none' }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={apiHref(expert.profileImageUrl)} alt={`Photo of ${name}`} sx={{ width: 64, height: 64 }}>
          {expert.firstName[0]}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            Your expert
          </Typography>
          <Typography component={headingLevel} sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
            {name}
          </Typography>
          {headline ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {headline}
            </Typography>
          ) : null}
        </Box>
        {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
      </CardContent>
    </Card>
  );
}
