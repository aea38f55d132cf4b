import type { AssignedMilestone } from '@liftoff/contracts/experts-profile';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/**
 * The milestones the program names this expert for: founders working on them come to this expert first.
 * Read-only: the program team assigns experts to milestones in the program's content.
 */
export function AssignedMilestones({ milestones }: { milestones: AssignedMilestone[] }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="assigned-milestones-title">
      <CardContent>
        <Typography id="assigned-milestones-title" variant="h6" component="h2">
          Your milestones
        </Typography>
        {milestones.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No milestone names you as its expert yet. The program team assigns experts to milestones; founders
            can still ask you from the experts list.
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Founders working on these milestones see you as their expert. The program team sets them.
            </Typography>
            <List dense>
              {milestones.map((m) => (
                <ListItem key={`${m.programKey}/${m.key}`} disableGutters>
                  <ListItemText
                    primary={`${m.programName} · Milestone ${m.index}: ${m.name}`}
                    secondary={m.overviewSubtitle}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
