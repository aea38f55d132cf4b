import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { buildPath, paths } from '../../../config/paths';
import { useOutcomesQuery, useProgramsQuery } from '../api';
import { ContentIcon } from '../components/content-icon';
import { OutcomeMissions } from '../components/outcome-missions';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { ShareButton } from '../components/share-dialog';
import { SharedLinksCard } from '../components/shared-links-card';
import { StatusChip } from '../components/status';
import { formatDate } from '../lib/format';
import { byIndex } from '../lib/progress';

const ALL = 'all';

/** Outcomes repository (spec section 2): all of the founder's work, filterable by program and milestone. */
export function OutcomesRepositoryPage() {
  const [params, setParams] = useSearchParams();
  const programs = useProgramsQuery();
  const programId = params.get('program') ?? undefined;
  const milestoneId = params.get('milestone') ?? undefined;
  const outcomes = useOutcomesQuery({ programId, milestoneId });
  const program = programs.data?.find((p) => p.id === programId);
  // With a single program its milestones can be picked straight away.
  const scope = program ?? (programs.data?.length === 1 ? programs.data[0] : undefined);
  const milestones = scope ? byIndex(scope.userMilestone).filter((m) => m.status !== 'LOCKED') : [];

  const setFilter = (next: { program?: string; milestone?: string }) => {
    const search = new URLSearchParams();
    if (next.program) search.set('program', next.program);
    if (next.program && next.milestone) search.set('milestone', next.milestone);
    setParams(search, { replace: true });
  };

  const filters = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      component="form"
      role="search"
      aria-label="Filter outcomes"
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        select
        label="Program"
        value={programId ?? ALL}
        onChange={(event) =>
          setFilter({ program: event.target.value === ALL ? undefined : event.target.value })
        }
        sx={{ minWidth: 240 }}
        disabled={!programs.data?.length}
      >
        <MenuItem value={ALL}>All programs</MenuItem>
        {(programs.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Milestone"
        value={milestoneId ?? ALL}
        onChange={(event) =>
          setFilter({
            program: scope?.id,
            milestone: event.target.value === ALL ? undefined : event.target.value,
          })
        }
        sx={{ minWidth: 280 }}
        disabled={!scope}
      >
        <MenuItem value={ALL}>All milestones</MenuItem>
        {milestones.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.index}. {m.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );

  const filtered = Boolean(programId || milestoneId);
  const items = outcomes.data ?? [];
  const files = items.reduce((sum, o) => sum + o.missions.reduce((n, m) => n + m.attachments.length, 0), 0);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <PageTitle>Outcomes</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          Everything you produced, by milestone: download it, or share a read-only link.
        </Typography>
      </Box>
      {filters}
      {outcomes.isLoading || outcomes.isFetching ? (
        <PageSkeleton label="Loading your outcomes" cards={2} />
      ) : outcomes.isError ? (
        <LoadError error={outcomes.error} onRetry={() => void outcomes.refetch()} what="your outcomes" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Inventory2Icon fontSize="inherit" />}
          title={filtered ? 'Nothing matches this filter' : 'No outcomes yet'}
          action={
            filtered ? (
              <Button variant="contained" onClick={() => setFilter({})}>
                Show all outcomes
              </Button>
            ) : (
              <Button component={RouterLink} to={paths.programs} variant="contained">
                Open the program map
              </Button>
            )
          }
        >
          {filtered
            ? 'Outcomes appear here once their milestone is open.'
            : 'Your work collects here, grouped by milestone, as soon as your first milestone opens.'}
        </EmptyState>
      ) : (
        <>
          {files === 0 ? (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to={paths.overview} color="inherit" size="small">
                  Continue
                </Button>
              }
            >
              No deliverables yet — upload your first one from a mission.
            </Alert>
          ) : null}
          {items.map((outcome) => {
            const lastMission = byIndex(outcome.missions).at(-1);
            const titleId = `outcome-${outcome.milestone.id}`;
            return (
              <Card component="section" key={outcome.milestone.id} aria-labelledby={titleId}>
                <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
                  <Stack
                    direction="row"
                    spacing={2}
                    sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
                  >
                    <ContentIcon src={outcome.milestone.iconUrl} size={44} />
                    <Box sx={{ flex: 1, minWidth: 200 }}>
                      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                        {outcome.milestone.programName} · Milestone {outcome.milestone.index}
                      </Typography>
                      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
                        {outcome.milestone.name}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {outcome.outcome.title}
                        {outcome.completedAt ? ` · completed ${formatDate(outcome.completedAt)}` : ''}
                      </Typography>
                    </Box>
                    <StatusChip status={outcome.milestone.status} />
                  </Stack>
                  <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
                    {lastMission ? (
                      <Link
                        component={RouterLink}
                        to={buildPath.milestoneOutcome(
                          outcome.milestone.userProgramId,
                          outcome.milestone.id,
                          lastMission.id,
                        )}
                        sx={{ alignSelf: 'center', mr: 2 }}
                      >
                        Open the outcome of {outcome.milestone.name}
                      </Link>
                    ) : null}
                    <ShareButton
                      kind="outcome"
                      id={outcome.milestone.id}
                      itemName={`the outcome of ${outcome.milestone.name}`}
                      label="Share outcome"
                    />
                  </Stack>
                  <Box sx={{ mt: 2 }}>
                    <OutcomeMissions outcome={outcome} />
                  </Box>
                </CardContent>
              </Card>
            );
          })}
        </>
      )}
      <SharedLinksCard />
    </Stack>
  );
}
