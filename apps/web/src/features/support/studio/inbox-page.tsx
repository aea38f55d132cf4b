import { useState } from 'react';
import { feedbackKinds, supportStatuses, type SupportTicket } from '@liftoff/contracts/support';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadError, PageTitle } from '../../../components/page-states';
import { useSupportInboxQuery } from './api';
import { TicketDialog } from './ticket-dialog';

const statusLabels = { new: 'New', answered: 'Answered', closed: 'Closed' } as const;
const kindLabels = { CONTACT_US: 'Contact us', TUTORIAL: 'Tutorial' } as const;

const columns: GridColDef<SupportTicket>[] = [
  {
    field: 'createdAt',
    headerName: 'Received',
    width: 170,
    sortable: false,
    valueFormatter: (value: string) =>
      new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    sortable: false,
    valueFormatter: (value: SupportTicket['status']) => statusLabels[value],
  },
  {
    field: 'kind',
    headerName: 'Kind',
    width: 110,
    sortable: false,
    valueFormatter: (value: SupportTicket['kind']) => kindLabels[value],
  },
  { field: 'email', headerName: 'From', flex: 1, minWidth: 180, sortable: false },
  { field: 'subject', headerName: 'Subject', flex: 1.5, minWidth: 200, sortable: false },
];

/** The support inbox: founders' messages, newest first; open one to answer it by e-mail or close it. */
export function SupportInboxPage() {
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const { data, error, isLoading, isFetching, refetch } = useSupportInboxQuery({
    status: (status || undefined) as SupportTicket['status'] | undefined,
    kind: (kind || undefined) as SupportTicket['kind'] | undefined,
    q: q.trim() || undefined,
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
  });
  const filtered = Boolean(status || kind || q.trim());
  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));
  const open = data?.tickets.find((ticket) => ticket.id === openId);
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>Support inbox</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Messages founders send from the support form. Open one to answer by e-mail or close it.
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any status</MenuItem>
          {supportStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {statusLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value);
            resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any kind</MenuItem>
          {feedbackKinds.map((value) => (
            <MenuItem key={value} value={value}>
              {kindLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Search"
          placeholder="Subject, message or e-mail"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            resetPage();
          }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} what="the support inbox" />
      ) : (
        <Card>
          <DataGrid
            aria-label="Support messages"
            rows={data?.tickets ?? []}
            columns={columns}
            loading={isLoading || isFetching}
            rowCount={data?.total ?? 0}
            paginationMode="server"
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={[25, 50, 100]}
            onRowClick={(params) => setOpenId(String(params.id))}
            // Rows open with the keyboard too: Enter on any cell of the row.
            onCellKeyDown={(params, event) => {
              if (event.key === 'Enter') setOpenId(String(params.id));
            }}
            disableRowSelectionOnClick
            disableColumnMenu
            autoHeight
            localeText={{
              noRowsLabel: filtered
                ? 'No message matches these filters.'
                : 'No support messages yet. What founders send from the support form lands here.',
            }}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Card>
      )}
      {open ? <TicketDialog ticket={open} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}
