import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { ChatSession } from '@liftoff/contracts/ai';
import { buildPath } from '../../../config/paths';
import { SessionRenameField, prefetchRenameField } from '../conversations/lazy-parts';

/**
 * One conversation in the sidebar's list: its link, a checkbox while selecting, and a menu to rename (in
 * place), archive or delete it.
 */
export function SessionRow({
  session,
  active,
  selecting,
  selected,
  onToggle,
  onOpen,
  onArchive,
  onDelete,
}: {
  session: ChatSession;
  active: boolean;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onArchive: () => void;
  onDelete: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const link = useRef<HTMLAnchorElement | null>(null);
  const renamed = useRef(false);
  const menuId = useId();

  // Back from renaming, focus returns to the conversation rather than to the top of the page.
  useEffect(() => {
    if (editing || !renamed.current) return;
    renamed.current = false;
    link.current?.focus();
  }, [editing]);

  if (editing) {
    return (
      <Box component="li" sx={{ listStyle: 'none', py: 0.5 }}>
        <SessionRenameField
          session={session}
          onDone={() => {
            renamed.current = true;
            setEditing(false);
          }}
        />
      </Box>
    );
  }

  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        borderRadius: 2,
        bgcolor: active ? 'action.selected' : 'transparent',
        '&:hover': { bgcolor: active ? 'action.selected' : 'action.hover' },
      }}
    >
      {selecting ? (
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${session.title}` } }}
          size="small"
        />
      ) : null}
      <Box
        component={RouterLink}
        ref={link}
        to={buildPath.aiWorkspaceConversation(session.conversationId)}
        onClick={onOpen}
        aria-current={active ? 'page' : undefined}
        sx={{
          flex: 1,
          minWidth: 0,
          px: selecting ? 0.5 : 1.5,
          py: 1.25,
          color: 'text.primary',
          textDecoration: 'none',
          fontWeight: active ? 700 : 500,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          borderRadius: 2,
        }}
      >
        {session.title}
      </Box>
      {!selecting ? (
        <>
          <IconButton
            size="small"
            aria-label={`Actions for ${session.title}`}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(event) => {
              prefetchRenameField();
              setAnchor(event.currentTarget);
            }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            <MenuItem
              onClick={() => {
                setAnchor(null);
                setEditing(true);
              }}
            >
              <ListItemIcon>
                <EditIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Rename</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onArchive();
              }}
            >
              <ListItemIcon>
                <ArchiveIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Archive</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onDelete();
              }}
            >
              <ListItemIcon>
                <DeleteIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Delete</ListItemText>
            </MenuItem>
          </Menu>
        </>
      ) : null}
    </Box>
  );
}
