import { useState } from 'react';
import { roles as allRoles, type Person, type Role } from '@liftoff/contracts/auth';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import { LoadError, PageTitle } from '../../../components/page-states';
import { useGrantRoleMutation, usePeopleQuery, useRevokeRoleMutation } from './api';

const roleLabels: Record<Role, string> = {
  founder: 'Founder',
  expert: 'Expert',
  manager: 'Manager',
  admin: 'Admin',
};

/** A person's roles as toggles: a filled chip is held (click removes it), an outlined one is not (click grants it). */
function RoleChips({ person }: { person: Person }) {
  const [grant, { isLoading: granting }] = useGrantRoleMutation();
  const [revoke, { isLoading: revoking }] = useRevokeRoleMutation();
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', py: 0.5 }}>
      {allRoles.map((role) => {
        const held = person.roles.includes(role);
        return (
          <Chip
            key={role}
            size="small"
            label={roleLabels[role]}
            color={held ? 'primary' : 'default'}
            variant={held ? 'filled' : 'outlined'}
            disabled={granting || revoking}
            aria-pressed={held}
            aria-label={`${roleLabels[role]} role for ${name}: ${held ? 'held, press to remove' : 'not held, press to grant'}`}
            onClick={() => void (held ? revoke({ id: person.id, role }) : grant({ id: person.id, role }))}
          />
        );
      })}
    </Stack>
  );
}

const columns: GridColDef<Person>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => [row.firstName, row.lastName].filter(Boolean).join(' ') || '—',
  },
  { field: 'email', headerName: 'E-mail', flex: 1.2, minWidth: 200, sortable: false },
  {
    field: 'twoFactorEnabled',
    headerName: 'Two-factor',
    width: 110,
    sortable: false,
    valueFormatter: (value: boolean) => (value ? 'On' : 'Off'),
  },
  {
    field: 'roles',
    headerName: 'Roles',
    flex: 1.6,
    minWidth: 320,
    sortable: false,
    renderCell: (params) => <RoleChips person={params.row} />,
  },
];

/** People and roles: admins grant and remove roles; every change is written to the audit log. */
export function PeoplePage() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const { data, error, isLoading, isFetching, refetch } = usePeopleQuery({
    search: search.trim() || undefined,
    role: role || undefined,
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
  });
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>People and roles</PageTitle>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Grant or remove a role by pressing it. Managers and admins need two-factor on to open the studio.
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Search by name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Role"
          value={role}
          onChange={(event) => {
            setRole(event.target.value as Role | '');
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {allRoles.map((r) => (
            <MenuItem key={r} value={r}>
              {roleLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} what="the people" />
      ) : (
        <Card>
          <DataGrid
            aria-label="People"
            rows={data?.people ?? []}
            columns={columns}
            getRowHeight={() => 'auto'}
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
              noRowsLabel: search || role ? 'Nobody matches this search.' : 'Nobody has signed up yet.',
            }}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            sx={{ border: 0 }}
          />
        </Card>
      )}
    </Stack>
  );
}
