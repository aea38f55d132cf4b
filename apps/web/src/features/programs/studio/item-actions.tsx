import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useDocument } from './document-fields';
import { moveIn, removeIn } from './program-document';

/** Move up, move down and remove for one item of a list, named after the item for screen readers. */
export function ItemActions({
  path,
  index,
  count,
  name,
  canRemove = true,
  onMove,
  onRemove,
}: {
  path: string;
  index: number;
  count: number;
  name: string;
  canRemove?: boolean;
  /** After the move or removal, so a selection can follow the item. */
  onMove?: (by: -1 | 1) => void;
  onRemove?: () => void;
}) {
  const { doc, set } = useDocument();
  const move = (by: -1 | 1) => {
    set('', moveIn(doc, path, by));
    onMove?.(by);
  };
  const action = (label: string, icon: ReactNode, disabled: boolean, run: () => void) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} disabled={disabled} onClick={run}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack direction="row" sx={{ flexShrink: 0 }}>
      {action(`Move ${name} up`, <ArrowUpIcon />, index === 0, () => move(-1))}
      {action(`Move ${name} down`, <ArrowDownIcon />, index === count - 1, () => move(1))}
      {action(`Remove ${name}`, <DeleteIcon />, !canRemove, () => {
        set('', removeIn(doc, path));
        onRemove?.();
      })}
    </Stack>
  );
}
