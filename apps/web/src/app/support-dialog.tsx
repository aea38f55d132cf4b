import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import { paths } from '../config/paths';

/** The support modal: what help exists today. Contact and expert questions arrive with their issue. */
export function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="support-title" fullWidth maxWidth="xs">
      <DialogTitle id="support-title">How can we help?</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          Pick up the basics again, or browse the founder guides.
        </Typography>
        <List>
          <ListItemButton component={RouterLink} to={paths.tutorial} onClick={onClose}>
            <ListItemIcon>
              <SchoolIcon />
            </ListItemIcon>
            <ListItemText primary="Replay the product tour" secondary="Six short steps through Liftoff" />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/explore" onClick={onClose}>
            <ListItemIcon>
              <ExploreIcon />
            </ListItemIcon>
            <ListItemText primary="Browse Explore" secondary="Articles for founders" />
          </ListItemButton>
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
