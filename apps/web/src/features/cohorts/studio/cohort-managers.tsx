import type { Cohort } from '@liftoff/contracts/cohorts';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectSessionUser } from '../../../lib/session';
import { useUpdateCohortMutation } from '../api';
import { ManagerPicker } from './new-cohort-dialog';

/**
 * Who manages the cohort: only they (and admins) reach its founders, dashboard and deliverables. A manager
 * cannot take themselves off (the API keeps them on, or they would lose the cohort they are changing).
 */
export function CohortManagers({ cohort }: { cohort: Cohort }) {
  const me = useSelector(selectSessionUser);
  const isAdmin = Boolean(me?.roles?.includes('admin'));
  const [update, { isLoading }] = useUpdateCohortMutation();
  const [adding, setAdding] = useState<string[]>([]);
  const current = cohort.managers.map((m) => m.id);
  const save = async (managerIds: string[]) => {
    const result = await update({ id: cohort.id, body: { managerIds } });
    return 'data' in result;
  };
  return (
    <Stack spacing={3} component="section" aria-labelledby="managers-heading">
      <Box>
        <Typography id="managers-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
          Managers
        </Typography>
        <Typography color="text.secondary">
          Managers see this cohort in their studio, its founders, its dashboard and its deliverables.
        </Typography>
      </Box>
      {cohort.managers.length === 0 ? (
        <Typography>No one manages this cohort yet; only admins reach it.</Typography>
      ) : (
        <List aria-label="Managers of this cohort" sx={{ maxWidth: 640 }}>
          {cohort.managers.map((m) => {
            const self = m.id === me?.id;
            return (
              <ListItem
                key={m.id}
                divider
                secondaryAction={
                  self && !isAdmin ? null : (
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${m.name} as manager`}
                      disabled={isLoading}
                      onClick={() => void save(current.filter((id) => id !== m.id))}
                    >
                      <PersonRemoveOutlined />
                    </IconButton>
                  )
                }
              >
                <ListItemText primary={self ? `${m.name} (you)` : m.name} secondary={m.email} />
              </ListItem>
            );
          })}
        </List>
      )}
      <Box
        component="form"
        sx={{ maxWidth: 640 }}
        onSubmit={(event) => {
          event.preventDefault();
          void save([...current, ...adding]).then((saved) => saved && setAdding([]));
        }}
      >
        <Stack spacing={2} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ flex: 1 }}>
            <ManagerPicker label="Add managers" value={adding} onChange={setAdding} exclude={current} />
          </Box>
          <Button type="submit" variant="contained" disabled={!adding.length || isLoading} sx={{ mt: 1 }}>
            Add
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
