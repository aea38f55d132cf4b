import { Link as RouterLink } from 'react-router';
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import { paths } from '../../../config/paths';
import { selectSessionUser } from '../../../lib/session';

function OverviewSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading your overview">
      <Skeleton variant="text" width="50%" height={48} />
      <Skeleton variant="text" width="30%" />
      <Skeleton variant="rounded" height={180} sx={{ mt: 3 }} />
    </Box>
  );
}

/** Home of a signed-in founder: who they are, what is next. Program progress arrives with the programs issue. */
export function OverviewPage() {
  const user = useSelector(selectSessionUser);
  if (!user) return <OverviewSkeleton />;
  const { startupName, stage, industry } = user.meta;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.625rem', sm: '2rem' } }}>
          Welcome{user.firstName ? `, ${user.firstName}` : ''}
        </Typography>
        {startupName ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}
          >
            <Typography sx={{ color: 'text.secondary' }}>
              Building <strong>{startupName}</strong>
            </Typography>
            {stage ? <Chip size="small" label={stage} /> : null}
            {industry ? <Chip size="small" variant="outlined" label={industry} /> : null}
          </Stack>
        ) : null}
      </Box>

      <Card
        component="section"
        aria-labelledby="next-action-title"
        sx={{ borderLeft: 6, borderColor: 'secondary.main' }}
      >
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack
            direction={{ xs: 'column', tablet: 'row' }}
            spacing={3}
            sx={{ alignItems: { tablet: 'center' } }}
          >
            <Box sx={{ fontSize: 56, color: 'primary.main', display: 'flex' }} aria-hidden="true">
              <MapIcon fontSize="inherit" />
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography variant="overline" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
                Next
              </Typography>
              <Typography id="next-action-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
                Your program appears here once you are enrolled
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: '65ch' }}>
                When your program is ready, this card shows the mission to work on next and how far each
                milestone has come. Until then, the product tour explains how programs, experts and the AI
                coach fit together.
              </Typography>
            </Box>
            <Stack spacing={1} sx={{ minWidth: { tablet: 200 } }}>
              <Button component={RouterLink} to={paths.programs} variant="contained">
                Open programs
              </Button>
              <Button
                component={RouterLink}
                to={paths.tutorial}
                variant="outlined"
                startIcon={<SchoolIcon />}
              >
                Replay the tour
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="explore-title">
        <CardContent
          sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <ExploreIcon color="secondary" aria-hidden="true" />
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography id="explore-title" variant="h3" sx={{ fontSize: '1.0625rem' }}>
              Five minutes between calls?
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Explore has short reads for founders.
            </Typography>
          </Box>
          <Button component={RouterLink} to="/explore">
            Go to Explore
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
