import { useId } from 'react';
import type { Expert } from '@liftoff/contracts/experts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { visuallyHidden } from '../../../components/product-mark';
import { useBookingUrlQuery } from '../api';
import { apiHref } from '../lib/urls';
import { fullName } from '../lib/names';

/** The external booking page, when the expert has one (GET /expert/set-more-url/{id}). */
export function ExternalBookingLink({ expert }: { expert: Expert }) {
  const { data } = useBookingUrlQuery(expert.id, { skip: !expert.booking.hasExternalBookingPage });
  if (!data?.url) return null;
  return (
    <Button
      component="a"
      href={data.url}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNewIcon aria-hidden="true" />}
    >
      Book on {expert.firstName}&rsquo;s own page
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Button>
  );
}

/** The expert profile panel: bio, expertise, languages, LinkedIn and the external booking page. */
export function ExpertProfileDialog({
  open,
  onClose,
  expert,
}: {
  open: boolean;
  onClose: () => void;
  expert: Expert;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const meta = expert.expertMeta[0];
  const name = fullName(expert);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar src={apiHref(expert.profileImageUrl)} alt={`Photo of ${name}`} sx={{ width: 56, height: 56 }}>
          {expert.firstName[0]}
        </Avatar>
        <Box component="span">
          <Box component="span" sx={{ display: 'block' }}>
            {name}
          </Box>
          {meta?.headline ? (
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              {meta.headline}
            </Typography>
          ) : null}
        </Box>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          {meta?.bio ? <Typography sx={{ maxWidth: '75ch' }}>{meta.bio}</Typography> : null}
          {meta?.expertise.length ? (
            <Box>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
                Expertise
              </Typography>
              <Box
                component="ul"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
              >
                {meta.expertise.map((tag) => (
                  <li key={tag}>
                    <Chip label={tag} size="small" />
                  </li>
                ))}
              </Box>
            </Box>
          ) : null}
          {meta?.languages.length ? (
            <Typography>
              <strong>Languages:</strong> {meta.languages.join(', ')}
            </Typography>
          ) : null}
          {meta?.linkedin ? (
            <Link href={meta.linkedin} target="_blank" rel="noopener noreferrer">
              {name} on LinkedIn
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (opens in a new tab)
              </Box>
            </Link>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <ExternalBookingLink expert={expert} />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
