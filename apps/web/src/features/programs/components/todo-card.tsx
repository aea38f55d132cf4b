import type { ProgramOutline } from '@liftoff/contracts/programs';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { UpcomingMeetingsSlot } from '../../../components/feature-slots';
import { todoOf, type TodoKind } from '../lib/todo';

const icons: Record<TodoKind, typeof ScheduleIcon> = {
  'put-off': ScheduleIcon,
  'empty-worksheet': AssignmentIcon,
  deliverable: UploadFileIcon,
};

const actions: Record<TodoKind, string> = {
  'put-off': 'Finish',
  'empty-worksheet': 'Fill in',
  deliverable: 'Hand in',
};

/**
 * "Your to-do" on the overview: what the founder put off or left open anywhere in the program, so nothing
 * put off for later is visible only inside its mission. Meetings come from the experts feature's slot.
 */
export function TodoCard({ program }: { program: ProgramOutline }) {
  const items = todoOf(program);
  return (
    <Card component="section" aria-labelledby="todo-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="todo-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Your to-do
        </Typography>
        {items.length ? (
          <List aria-label="Left to do in your program" disablePadding sx={{ mt: 1 }}>
            {items.map((item) => {
              const Icon = icons[item.kind];
              return (
                <ListItem key={item.id} divider disableGutters sx={{ gap: 2, flexWrap: 'wrap', py: 1.25 }}>
                  <Icon color="secondary" aria-hidden="true" />
                  <Stack sx={{ flex: 1, minWidth: 180 }}>
                    <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {item.detail}
                    </Typography>
                  </Stack>
                  <Link component={RouterLink} to={item.to}>
                    {actions[item.kind]}
                    <Typography component="span" sx={visuallyHidden}>
                      {` “${item.title}”`}
                    </Typography>
                  </Link>
                </ListItem>
              );
            })}
          </List>
        ) : (
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            Nothing left behind: no step put off, no worksheet left empty, no deliverable missing.
          </Typography>
        )}
        <UpcomingMeetingsSlot />
      </CardContent>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
