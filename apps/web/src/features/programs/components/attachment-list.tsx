import { useId, useState } from 'react';
import type { Attachment } from '@liftoff/contracts/programs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { downloadFile, useDeleteAttachmentMutation } from '../api';
import { formatDate, formatSize } from '../lib/format';
import { useProgramsDispatch } from '../lib/hooks';
import { ShareButton } from './share-dialog';

function DeleteButton({ missionId, attachment }: { missionId: string; attachment: Attachment }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const [remove, removing] = useDeleteAttachmentMutation();
  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${attachment.fileName}`}
        aria-haspopup="dialog"
      >
        Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Delete {attachment.fileName}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The file is removed for good, and share links to it stop working. A mission you already completed
            stays completed.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep the file</Button>
          <Button
            color="error"
            variant="contained"
            loading={removing.isLoading}
            onClick={async () => {
              const result = await remove({ missionId, attachmentId: attachment.id });
              if (!('error' in result)) setOpen(false);
            }}
          >
            Delete file
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Handed-in files with download, share and (optionally) delete. */
export function AttachmentList({
  attachments,
  missionId,
  canDelete = false,
  canShare = true,
  label,
  versionOf,
}: {
  attachments: Attachment[];
  missionId: string;
  canDelete?: boolean;
  canShare?: boolean;
  label: string;
  /** The version number of a deliverable's file, shown before its name. */
  versionOf?: (id: string) => number | undefined;
}) {
  const dispatch = useProgramsDispatch();
  return (
    <List aria-label={label} disablePadding>
      {attachments.map((attachment) => (
        <ListItem
          key={attachment.id}
          divider
          sx={{ px: 0, py: 1.5, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: '1 1 240px', minWidth: 0 }}>
            <InsertDriveFileIcon color="primary" aria-hidden="true" />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {versionOf?.(attachment.id) ? `Version ${versionOf(attachment.id)} · ` : ''}
                {attachment.fileName}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatSize(attachment.size)} · handed in {formatDate(attachment.createdAt)}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => void dispatch(downloadFile(attachment.downloadUrl, attachment.fileName))}
              aria-label={`Download ${attachment.fileName}`}
            >
              Download
            </Button>
            {canShare ? (
              <ShareButton kind="attachment" id={attachment.id} itemName={attachment.fileName} />
            ) : null}
            {canDelete ? <DeleteButton missionId={missionId} attachment={attachment} /> : null}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
