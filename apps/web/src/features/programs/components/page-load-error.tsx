import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { LoadError, PageTitle } from '../../../components/page-states';
import { paths } from '../../../config/paths';

/**
 * A program page (mission, deliverable, milestone outcome) that could not load: its title, the failure (or
 * "could not find" for a wrong link), and the way back to the program map, so no address is a dead end.
 */
export function PageLoadError({
  title,
  query,
  what,
  maxWidth,
}: {
  title: string;
  /** The page's failed query: its error, and how to fetch again. */
  query: { error?: unknown; refetch: () => unknown };
  what: string;
  maxWidth: number;
}) {
  return (
    <Stack spacing={3} sx={{ maxWidth, mx: 'auto' }}>
      <PageTitle>{title}</PageTitle>
      <LoadError error={query.error} onRetry={() => void query.refetch()} what={what} />
      <Box>
        <Button component={RouterLink} to={paths.programs}>
          Back to the program map
        </Button>
      </Box>
    </Stack>
  );
}
