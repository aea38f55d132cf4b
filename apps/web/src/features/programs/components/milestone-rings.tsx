import type { MilestoneOutline } from '@liftoff/contracts/programs';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { byIndex, milestoneProgress } from '../lib/progress';
import { ProgressRing } from './progress-ring';
import { statusMeta } from './status';

/** One completion ring per milestone, in program order, with its status in icon, colour and words. */
export function MilestoneRings({
  milestones,
}: {
  milestones: Pick<MilestoneOutline, 'id' | 'index' | 'name' | 'status' | 'userMission'>[];
}) {
  return (
    <Box
      component="ol"
      aria-label="Milestone progress"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          laptop: 'repeat(5, minmax(0, 1fr))',
        },
        gap: 2,
      }}
    >
      {byIndex(milestones).map((milestone) => {
        const { percent } = milestoneProgress(milestone);
        const meta = statusMeta[milestone.status];
        return (
          <Box
            component="li"
            key={milestone.id}
            data-testid="milestone-ring"
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              gap: 1,
              p: 1,
            }}
          >
            <ProgressRing
              value={percent}
              label={`Milestone ${milestone.index}, ${milestone.name}`}
              color={milestone.status === 'COMPLETED' ? 'success' : 'primary'}
            />
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {milestone.name}
            </Typography>
            <Typography
              variant="caption"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: meta.tone }}
            >
              <meta.Icon fontSize="inherit" aria-hidden="true" />
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                {meta.label}
              </Box>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
