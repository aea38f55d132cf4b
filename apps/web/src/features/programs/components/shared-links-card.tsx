import type { ShareLink } from '@liftoff/contracts/programs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useId } from 'react';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { useRevokeShareMutation, useShareLinksQuery } from '../api';
import { formatDate } from '../lib/format';
import { useCopyLink } from '../lib/hooks';
import { expiryLabel, openedLabel } from '../lib/share-labels';

function LinkRow({ link }: { link: ShareLink }) {
  const [revoke, revoking] = useRevokeShareMutation();
  const what = link.kind === 'attachment' ? 'File' : 'Outcome';
  const copyLink = useCopyLink();
  const copy = () => copyLink(link.url);
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', columnGap: 2 }} data-testid="shared-link">
      <ListItemText
        primary={link.title}
        secondary={`${what} · shared ${formatDate(link.createdAt)} · ${openedLabel(link)} · ${expiryLabel(link.expiresAt)}`}
        sx={{ minWidth: 200 }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={copy}
          aria-label={`Copy link to ${link.title}`}
        >
          Copy link
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<LinkOffIcon />}
          loading={revoking.isLoading}
          onClick={() => void revoke(link.token)}
          aria-label={`Revoke the link to ${link.title}`}
        >
          Revoke
        </Button>
      </Stack>
    </ListItem>
  );
}

/** Every live read-only link the founder has made, so none is forgotten: copy it again or revoke it. */
export function SharedLinksCard() {
  const titleId = useId();
  const links = useShareLinksQuery({});
  if (links.isLoading || (links.data && links.data.length === 0)) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          Shared links
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Anyone with one of these links can see what it shares, read-only, until it expires or you revoke it.
        </Typography>
        {links.isError ? (
          <RetryAlert
            sx={{ mt: 2 }}
            message={errorMessage(links.error)}
            onRetry={() => void links.refetch()}
          />
        ) : (
          <List sx={{ mt: 1 }}>
            {links.data!.map((link) => (
              <LinkRow key={link.token} link={link} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
