import { useState } from 'react';
import type { AuditEntry } from '@liftoff/contracts/audit';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadError, PageTitle } from '../../../components/page-states';
import { useAuditLogQuery } from '../api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A before/after summary as one line a person reads: `roles: founder, admin`. */
export function summary(value: Record<string, unknown> | null): string {
  if (!value) return '—';
  return Object.entries(value)
    .map(
      ([key, v]) =>
        `${key}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join('; ');
}

const columns: GridColDef<AuditEntry>[] = [
  {
    field: 'createdAt',
    headerName: 'When',
    width: 180,
    sortable: false,
    valueFormatter: (value: string) =>
      new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  },
  {
    field: 'actorEmail',
    headerName: 'Who',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueGetter: (_value, row) => row.actorEmail ?? (row.actorId ? 'A removed account' : 'Command line'),
  },
  { field: 'action', headerName: 'What', width: 150, sortable: false },
  {
    field: 'record',
    headerName: 'Record',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueGetter: (_value, row) => `${row.recordType} ${row.recordId}`,
  },
  {
    field: 'before',
    headerName: 'Before',
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueGetter: (_value, row) => summary(row.before),
  },
  {
    field: 'after',
    headerName: 'After',
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueGetter: (_value, row) => summary(row.after),
  },
];

/** The audit log: every studio action, newest first, filtered by who, what and which record. */
export function AuditLogPage() {
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState('');
  const [record, setRecord] = useState('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const actorValid = !actorId.trim() || UUID.test(actorId.trim());
  const { data, error, isLoading, isFetching, refetch } = useAuditLogQuery({
    actorId: actorValid ? actorId.trim() || undefined : undefined,
    action: action.trim() || undefined,
    recordId: record.trim() || undefined,
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
  });
  const filtered = Boolean(actorId.trim() || action.trim() || record.trim());
  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>Audit log</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Who did what in the studio, to which record and when, with what it looked like before and after.
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Actor id"
          value={actorId}
          error={!actorValid}
          helperText={actorValid ? ' ' : 'Paste the id of an account'}
          onChange={(event) => {
            setActorId(event.target.value);
            resetPage();
          }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Action"
          placeholder="role.granted"
          value={action}
          helperText=" "
          onChange={(event) => {
            setAction(event.target.value);
            resetPage();
          }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Record id"
          value={record}
          helperText=" "
          onChange={(event) => {
            setRecord(event.target.value);
            resetPage();
          }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} what="the audit log" />
      ) : (
        <Card>
          <DataGrid
            aria-label="Audit log"
            rows={data?.entries ?? []}
            columns={columns}
            loading={isLoading || isFetching}
            rowCount={data?.total ?? 0}
            paginationMode="server"
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={[25, 50, 100]}
            disableRowSelectionOnClick
            disableColumnMenu
            autoHeight
            localeText={{
              noRowsLabel: filtered
                ? 'No action matches these filters.'
                : 'Nothing has been done in the studio yet. Granting a role is written here.',
            }}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            sx={{ border: 0 }}
          />
        </Card>
      )}
    </Stack>
  );
}
