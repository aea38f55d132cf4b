import type { Invitation } from '@liftoff/contracts/cohorts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { LoadError } from '../../../components/page-states';
import { useInvitationsQuery, useResendInvitationMutation, useRevokeInvitationMutation } from '../api';

const statusColour = {
  PENDING: 'info',
  ACCEPTED: 'success',
  REVOKED: 'default',
  EXPIRED: 'warning',
} as const;

/** The cohort's invitations, with resend and revoke where they still apply. */
export function InvitationsList({ cohortId }: { cohortId: string }) {
  const { data, error, isLoading, refetch } = useInvitationsQuery(cohortId);
  const [resend, resending] = useResendInvitationMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const busy = resending.isLoading || revoking.isLoading;

  const columns: GridColDef<Invitation>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
    { field: 'email', headerName: 'E-mail', flex: 1, minWidth: 200 },
    { field: 'startup', headerName: 'Startup', minWidth: 120 },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.status.toLowerCase()} color={statusColour[row.status]} />
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      width: 190,
      renderCell: ({ row }) =>
        row.status === 'PENDING' || row.status === 'EXPIRED' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button
              size="small"
              disabled={busy}
              onClick={() => void resend({ id: cohortId, invitationId: row.id })}
            >
              Resend
            </Button>
            <Button
              size="small"
              color="error"
              disabled={busy}
              onClick={() => void revoke({ id: cohortId, invitationId: row.id })}
            >
              Revoke
            </Button>
          </Stack>
        ) : null,
    },
  ];

  return (
    <Box component="section" aria-labelledby="invitations-heading">
      <Typography id="invitations-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        Invitations
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={200} aria-label="Loading invitations" />
      ) : error || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} what="the invitations" />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No invitations yet. Invite founders above.</Typography>
      ) : (
        <Box sx={{ height: 400, width: '100%' }}>
          <DataGrid rows={data} columns={columns} disableRowSelectionOnClick aria-label="Invitations" />
        </Box>
      )}
    </Box>
  );
}
