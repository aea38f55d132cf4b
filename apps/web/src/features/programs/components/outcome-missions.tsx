import type { MilestoneOutcome } from '@liftoff/contracts/programs';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { buildPath } from '../../../config/paths';
import { formatDate } from '../lib/format';
import { byIndex } from '../lib/progress';
import { AttachmentList } from './attachment-list';
import { StatusChip } from './status';

/** The missions of an outcome, each with its deliverable and the files handed in. */
export function OutcomeMissions({
  outcome,
  headingLevel = 'h3',
}: {
  outcome: MilestoneOutcome;
  headingLevel?: 'h3' | 'h4';
}) {
  return (
    <Stack
      component="ol"
      spacing={2}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={`Missions of ${outcome.milestone.name}`}
    >
      {byIndex(outcome.missions).map((mission) => (
        <Box
          component="li"
          key={mission.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component={headingLevel} sx={{ fontWeight: 700, fontSize: '1rem' }}>
              {mission.index}. {mission.name}
            </Typography>
            <StatusChip status={mission.status} />
            {mission.completedAt ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                completed {formatDate(mission.completedAt)}
              </Typography>
            ) : null}
          </Stack>
          {mission.deliverable ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              Deliverable: {mission.deliverable.title}
            </Typography>
          ) : null}
          {mission.attachments.length ? (
            <AttachmentList
              attachments={mission.attachments}
              missionId={mission.id}
              label={`Files of ${mission.name}`}
            />
          ) : mission.status !== 'LOCKED' ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {mission.deliverable ? 'Nothing handed in yet. ' : 'No files. '}
              <Link component={RouterLink} to={buildPath.missionDeliverable(mission.id)}>
                {mission.deliverable ? 'Hand in the deliverable' : 'Add a file'}
              </Link>
            </Typography>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
