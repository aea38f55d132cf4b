import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { reviewStatuses, type ReviewQueueItem, type ReviewStatus } from '@liftoff/contracts/programs-review';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { EmptyState, LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { buildPath } from '../../../config/paths';
import { reviewStatusMeta, ReviewStatusChip } from '../components/review-status';
import { formatDate } from '../lib/format';
import { useReviewQueueQuery } from './api';

/** "Waiting" is what needs someone from the team: handed in, or being read. */
const WAITING = 'waiting';
const waitingStatuses: ReviewStatus[] = ['submitted', 'in_review'];
const ALL = 'all';

const columns: GridColDef<ReviewQueueItem>[] = [
  {
    field: 'founder',
    headerName: 'Founder',
    flex: 1.2,
    minWidth: 180,
    valueGetter: (_value, row) => row.founder.name,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1, lineHeight: 1.4 }}>
        <Link component={RouterLink} to={buildPath.studioReview(row.id)} sx={{ fontWeight: 600 }}>
          {row.founder.name}
        </Link>
        {row.founder.startupName ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {row.founder.startupName}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  {
    field: 'deliverableTitle',
    headerName: 'Deliverable',
    flex: 1.6,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1, lineHeight: 1.4, whiteSpace: 'normal' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.deliverableTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {row.milestoneName} · {row.missionName}
        </Typography>
      </Box>
    ),
  },
  {
    field: 'cohort',
    headerName: 'Cohort',
    flex: 0.8,
    minWidth: 120,
    valueGetter: (_value, row) => row.cohort?.name ?? '—',
  },
  {
    field: 'status',
    headerName: 'Status',
    minWidth: 190,
    valueGetter: (_value, row) => reviewStatusMeta[row.status].label,
    renderCell: ({ row }) => <ReviewStatusChip status={row.status} />,
  },
  { field: 'versionCount', headerName: 'Versions', type: 'number', minWidth: 90 },
  {
    field: 'submittedAt',
    headerName: 'Handed in',
    minWidth: 130,
    valueGetter: (value: string) => new Date(value),
    type: 'date',
    valueFormatter: (value: Date) => formatDate(value.toISOString()),
  },
];

/**
 * The review queue: deliverables of the founders the caller looks after, oldest waiting first, filtered
 * by status and cohort (kept in the address, so a link from the dashboard opens the same view).
 */
export function ReviewQueuePage() {
  const queue = useReviewQueueQuery({});
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? WAITING;
  const cohort = params.get('cohort') ?? ALL;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const cohorts = useMemo(() => {
    const byId = new Map<string, string>();
    for (const item of queue.data ?? []) if (item.cohort) byId.set(item.cohort.id, item.cohort.name);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [queue.data]);
  const rows = useMemo(
    () =>
      (queue.data ?? []).filter(
        (item) =>
          (status === ALL ||
            (status === WAITING ? waitingStatuses.includes(item.status) : item.status === status)) &&
          (cohort === ALL || item.cohort?.id === cohort),
      ),
    [queue.data, status, cohort],
  );
  const setFilter = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  let body;
  if (queue.isLoading) body = <PageSkeleton label="Loading the review queue" cards={1} height={360} />;
  else if (queue.isError)
    body = <LoadError error={queue.error} onRetry={() => void queue.refetch()} what="the review queue" />;
  else if (!queue.data?.length)
    body = (
      <EmptyState icon={<AssignmentTurnedInIcon fontSize="inherit" />} title="Nothing to review yet">
        When founders in your cohorts hand in a deliverable, it waits here for you.
      </EmptyState>
    );
  else
    body = (
      <Card sx={{ p: 0 }}>
        <DataGrid
          aria-label="Deliverables"
          rows={rows}
          columns={columns}
          columnVisibilityModel={phone ? { cohort: false, versionCount: false, submittedAt: false } : {}}
          getRowHeight={() => 'auto'}
          disableRowSelectionOnClick
          autoHeight
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          localeText={{ noRowsLabel: 'No deliverables match these filters.' }}
          sx={{ border: 0 }}
        />
      </Card>
    );

  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>Review deliverables</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          Read what founders handed in, ask for changes or approve it.
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => setFilter('status', event.target.value, WAITING)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={WAITING}>Waiting for the team</MenuItem>
          <MenuItem value={ALL}>All statuses</MenuItem>
          {reviewStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {reviewStatusMeta[value].label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Cohort"
          value={cohorts.some(([id]) => id === cohort) ? cohort : ALL}
          onChange={(event) => setFilter('cohort', event.target.value, ALL)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ALL}>All cohorts</MenuItem>
          {cohorts.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {body}
    </Stack>
  );
}
