import type { Milestone } from '@liftoff/contracts/programs';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { byIndex, milestoneProgress } from '../lib/progress';
import { ContentIcon } from './content-icon';
import { statusMeta } from './status';

type MapMilestone = Pick<
  Milestone,
  'id' | 'index' | 'name' | 'status' | 'iconUrl' | 'overviewSubtitle' | 'userMission'
>;

/**
 * The program map: milestone boxes along a path — a vertical trail on phones, a winding path across the
 * screen from laptop width. Each box is a button that opens the milestone's missions below the map.
 */
export function ProgramMap({
  milestones,
  selectedId,
  onSelect,
  panelId,
}: {
  milestones: MapMilestone[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  panelId: string;
}) {
  const ordered = byIndex(milestones);
  const count = ordered.length;
  return (
    <Box sx={{ position: 'relative' }}>
      {/* The winding path behind the boxes (laptop and up). */}
      <Box
        component="svg"
        viewBox={`0 0 ${count * 100} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        sx={{
          display: { xs: 'none', laptop: 'block' },
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          zIndex: 0,
        }}
      >
        <path
          d={ordered
            .map((_, i) => {
              const x = i * 100 + 50;
              const y = i % 2 === 0 ? 30 : 70;
              if (i === 0) return `M ${x} ${y}`;
              const px = (i - 1) * 100 + 50;
              const py = (i - 1) % 2 === 0 ? 30 : 70;
              return `C ${px + 50} ${py}, ${x - 50} ${y}, ${x} ${y}`;
            })
            .join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeDasharray="8 8"
          vectorEffect="non-scaling-stroke"
          opacity="0.35"
        />
      </Box>
      <Box
        component="ol"
        aria-label="Program map"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          position: 'relative',
          zIndex: 1,
          display: 'grid',
          gap: { xs: 2, laptop: 2 },
          gridTemplateColumns: { xs: '1fr', laptop: `repeat(${count}, minmax(0, 1fr))` },
          // The vertical trail on phones and tablets.
          '&::before': {
            content: '""',
            display: { xs: 'block', laptop: 'none' },
            position: 'absolute',
            left: 35,
            top: 24,
            bottom: 24,
            borderLeft: '3px dashed',
            borderColor: 'divider',
            zIndex: -1,
          },
        }}
      >
        {ordered.map((milestone, i) => {
          const meta = statusMeta[milestone.status];
          const locked = milestone.status === 'LOCKED';
          const selected = milestone.id === selectedId;
          const { percent } = milestoneProgress(milestone);
          return (
            <Box
              component="li"
              key={milestone.id}
              sx={{ pt: { laptop: i % 2 === 0 ? 0 : 8 }, pb: { laptop: i % 2 === 0 ? 8 : 0 } }}
            >
              <ButtonBase
                onClick={() => onSelect(milestone.id)}
                aria-expanded={selected}
                aria-controls={panelId}
                data-testid="milestone-box"
                sx={{
                  width: '100%',
                  height: '100%',
                  textAlign: 'left',
                  display: 'flex',
                  flexDirection: { xs: 'row', laptop: 'column' },
                  alignItems: { xs: 'center', laptop: 'flex-start' },
                  gap: 1.5,
                  p: 2,
                  borderRadius: 3,
                  bgcolor: 'background.paper',
                  border: 2,
                  borderStyle: locked ? 'dashed' : 'solid',
                  borderColor: selected ? 'primary.main' : locked ? 'divider' : meta.tone,
                  boxShadow: selected ? 4 : 1,
                  transition: 'box-shadow 150ms, transform 150ms',
                  '&:hover': { boxShadow: 4 },
                  '&.Mui-focusVisible': {
                    outline: '3px solid',
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                  },
                  '@media (prefers-reduced-motion: no-preference)': {
                    '&:hover': { transform: 'translateY(-2px)' },
                  },
                }}
              >
                <Box sx={{ position: 'relative', flexShrink: 0 }}>
                  <ContentIcon src={milestone.iconUrl} size={40} muted={locked} />
                  <Box
                    sx={{
                      position: 'absolute',
                      right: -6,
                      bottom: -6,
                      bgcolor: 'background.paper',
                      borderRadius: '50%',
                      display: 'flex',
                      color: meta.tone,
                    }}
                  >
                    <meta.Icon fontSize="small" aria-hidden="true" />
                  </Box>
                </Box>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                    Milestone {milestone.index}
                  </Typography>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.3 }}>
                    {milestone.name}
                  </Typography>
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{
                      display: 'block',
                      mt: 0.5,
                      fontWeight: 600,
                      color: meta.tone === 'text.secondary' ? 'text.secondary' : meta.tone,
                    }}
                  >
                    {meta.label}
                    {milestone.status === 'ONGOING' ? ` · ${percent}%` : ''}
                  </Typography>
                </Box>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
