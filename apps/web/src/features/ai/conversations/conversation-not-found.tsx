import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../../components/page-states';
import { paths } from '../../../config/paths';

/**
 * A conversation that is not the founder's (deleted elsewhere, an old or mistyped link): say so and offer a
 * new chat.
 */
export function ConversationNotFound() {
  return (
    <Box sx={{ pt: 2 }}>
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" />}
        title="Conversation not found"
        action={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.aiWorkspace}>
            Start a new chat
          </Button>
        }
      >
        It may have been deleted, or the link is incomplete.
      </EmptyState>
    </Box>
  );
}
