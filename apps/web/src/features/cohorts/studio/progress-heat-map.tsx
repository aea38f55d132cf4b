import type { Dashboard, FounderRow, MilestoneCell } from '@liftoff/contracts/cohorts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';

const statusWords: Record<MilestoneCell['status'], string> = {
  COMPLETED: 'done',
  ONGOING: 'in progress',
  LOCKED: 'not started',
  INCOMPLETED: 'closed unfinished',
};

/** Tints dark enough text stays readable on (AA contrast with the default text colour). */
function cellColour(cell: MilestoneCell): string {
  if (cell.status === 'COMPLETED') return '#B7E4C7';
  if (cell.status === 'INCOMPLETED') return '#F8C9C4';
  if (cell.status === 'LOCKED') return '#F1F3F5';
  const share = cell.stepsTotal ? cell.stepsDone / cell.stepsTotal : 0;
  return share >= 0.66 ? '#A5C8FF' : share >= 0.33 ? '#C9DCFF' : '#E4EDFF';
}

function HeatCell({ cell, milestone }: { cell: MilestoneCell | undefined; milestone: string }) {
  if (!cell) return null;
  const share = cell.stepsTotal ? Math.round((cell.stepsDone / cell.stepsTotal) * 100) : 0;
  return (
    <Box
      role="img"
      aria-label={`${milestone}: ${statusWords[cell.status]}, ${cell.stepsDone} of ${cell.stepsTotal} steps`}
      title={`${statusWords[cell.status]} · ${cell.stepsDone}/${cell.stepsTotal} steps`}
      sx={{
        width: '100%',
        height: '80%',
        borderRadius: 1,
        bgcolor: cellColour(cell),
        color: '#1F2937',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: '0.8125rem',
        fontWeight: 600,
      }}
    >
      {cell.status === 'LOCKED' ? '–' : `${share}%`}
    </Box>
  );
}

const stuckWords = (row: FounderRow) =>
  row.stuck === 'NO_ACTIVITY'
    ? `No activity for ${row.stuckDays} days`
    : row.stuck === 'STEP_TOO_LONG'
      ? `On one step for ${row.stuckDays} days`
      : row.stuck === 'BEHIND_PACE'
        ? `${row.stuckDays} days behind pace`
        : '';

/**
 * Founders × milestones: each cell coloured by status and share of steps done. MUI X Data Grid renders
 * only the rows in view, so hundreds of founders scroll smoothly, and it brings sorting and filtering.
 */
export function ProgressHeatMap({
  data,
  founderHref,
}: {
  data: Dashboard;
  founderHref: (id: string) => string;
}) {
  const columns: GridColDef<FounderRow>[] = [
    {
      field: 'name',
      headerName: 'Founder',
      minWidth: 180,
      flex: 1,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <Link component={RouterLink} to={founderHref(row.id)} underline="hover" sx={{ fontWeight: 600 }}>
            {row.name}
          </Link>
          <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{row.startup || row.email}</Box>
        </Box>
      ),
    },
    {
      field: 'progress',
      headerName: 'Steps',
      width: 90,
      type: 'number',
      valueGetter: (_value, row) => (row.stepsTotal ? Math.round((row.stepsDone / row.stepsTotal) * 100) : 0),
      valueFormatter: (value: number) => `${value}%`,
    },
    {
      field: 'stuck',
      headerName: 'Stuck',
      width: 200,
      valueGetter: (_value, row) => stuckWords(row),
      renderCell: ({ row }) =>
        row.stuck ? <Chip size="small" color="warning" variant="outlined" label={stuckWords(row)} /> : null,
    },
    ...data.milestones.map((milestone): GridColDef<FounderRow> => ({
      field: `m${milestone.index}`,
      headerName: `${milestone.index}. ${milestone.name}`,
      description: milestone.name,
      width: 120,
      sortable: true,
      valueGetter: (_value, row) => {
        const cell = row.milestones.find((c) => c.index === milestone.index);
        return cell?.stepsTotal ? cell.stepsDone / cell.stepsTotal : 0;
      },
      renderCell: ({ row }) => (
        <HeatCell cell={row.milestones.find((c) => c.index === milestone.index)} milestone={milestone.name} />
      ),
    })),
  ];
  return (
    <Box sx={{ height: 560, width: '100%' }}>
      <DataGrid
        rows={data.founders}
        columns={columns}
        rowHeight={52}
        disableRowSelectionOnClick
        pageSizeOptions={[25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
        aria-label="Founders by milestone"
      />
    </Box>
  );
}
