import { useId, useRef, useState } from 'react';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  shareExpiryDays,
  type Share,
  type ShareLink,
} from '@liftoff/contracts/programs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { useCreateShareMutation, useRevokeShareMutation, useShareLinksQuery } from '../api';
import type { ShareKind } from '../api';
import { expiryLabel, hasExpired, openedLabel } from '../lib/share-labels';
import { useCopyLink } from '../lib/hooks';

const NEVER = 'never';
const nameChoices = [
  { key: 'showFounderName', label: 'Show my name' },
  { key: 'showStartupName', label: "Show my startup's name" },
] as const;

/** Makes a read-only link to a deliverable or an outcome, with a copy-link input and revoke. */
export function ShareDialog({
  kind,
  id,
  itemName,
  open,
  onClose,
}: {
  kind: ShareKind;
  id: string;
  itemName: string;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  // A link made earlier for this item is shown again, so it can be copied or revoked at any time.
  const links = useShareLinksQuery({ kind, id }, { skip: !open });
  const [created, setCreated] = useState<Share | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [createShare, creating] = useCreateShareMutation();
  const [revokeShare, revoking] = useRevokeShareMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  // An expired link opens nothing any more: the dialog offers a new one instead of showing it.
  const live = links.data?.find((link) => !hasExpired(link.expiresAt)) ?? null;
  const share: Share | null = created ?? (revoked ? null : live);

  const [expiry, setExpiry] = useState<string>(String(DEFAULT_SHARE_EXPIRY_DAYS));
  const [names, setNames] = useState({ showFounderName: true, showStartupName: true });

  const create = async () => {
    const result = await createShare({
      kind,
      id,
      expiresInDays: expiry === NEVER ? null : (Number(expiry) as (typeof shareExpiryDays)[number]),
      ...names,
    });
    if ('data' in result && result.data) {
      setCreated(result.data);
      setRevoked(false);
    }
  };
  const revoke = async () => {
    if (!share) return;
    const result = await revokeShare(share.token);
    if (!('error' in result)) {
      setCreated(null);
      setRevoked(true);
    }
  };
  const copyLink = useCopyLink();
  const copy = () => (share ? copyLink(share.url, inputRef.current) : undefined);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Share {itemName}</DialogTitle>
      <DialogContent>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Anyone with the link sees this {kind === 'attachment' ? 'file' : 'outcome'}, read-only, without
          signing in — and nothing else of yours. You can revoke the link at any time.
        </Typography>
        {links.isLoading ? (
          <Skeleton variant="rounded" height={56} aria-label="Loading the share link" />
        ) : links.isError && !share ? (
          <RetryAlert message={errorMessage(links.error)} onRetry={() => void links.refetch()} />
        ) : share ? (
          <Stack spacing={2}>
            <TextField
              label="Share link"
              value={share.url}
              fullWidth
              inputRef={inputRef}
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': 'share-url' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button onClick={copy} startIcon={<ContentCopyIcon />} size="small">
                        Copy link
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="share-expiry">
              {expiryLabel(share.expiresAt)}
              {'opens' in share ? ` · ${openedLabel(share as ShareLink)}` : ''}
            </Typography>
            <div>
              <Button color="error" startIcon={<LinkOffIcon />} onClick={revoke} loading={revoking.isLoading}>
                Revoke link
              </Button>
            </div>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            {revoked ? (
              <Alert severity="info">The link is revoked: it no longer opens anything.</Alert>
            ) : null}
            <TextField
              select
              label="Link expires after"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              sx={{ minWidth: 220 }}
            >
              {shareExpiryDays.map((days) => (
                <MenuItem key={days} value={String(days)}>
                  {days} days
                </MenuItem>
              ))}
              <MenuItem value={NEVER}>Never</MenuItem>
            </TextField>
            <FormGroup>
              {nameChoices.map(({ key, label }) => (
                <FormControlLabel
                  key={key}
                  control={
                    <Switch
                      checked={names[key]}
                      onChange={(event) => setNames({ ...names, [key]: event.target.checked })}
                    />
                  }
                  label={label}
                />
              ))}
            </FormGroup>
            <Button
              variant="contained"
              startIcon={<ShareIcon />}
              onClick={create}
              loading={creating.isLoading}
            >
              {revoked ? 'Create a new link' : 'Create share link'}
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A "Share" button that opens the share dialog. */
export function ShareButton({
  kind,
  id,
  itemName,
  label = 'Share',
  variant = 'text',
}: {
  kind: ShareKind;
  id: string;
  itemName: string;
  label?: string;
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        startIcon={<ShareIcon />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={label === 'Share' ? `Share ${itemName}` : undefined}
      >
        {label}
      </Button>
      {open ? (
        <ShareDialog kind={kind} id={id} itemName={itemName} open={open} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
