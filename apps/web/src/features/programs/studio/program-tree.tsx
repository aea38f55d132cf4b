import { useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { ProgramDocument } from '@liftoff/contracts/programs-authoring';
import { hasErrorUnder, pathOf, type FieldErrors, type NodeAddress } from './program-document';

const same = (a: NodeAddress, b: NodeAddress) => a.length === b.length && a.every((v, i) => v === b[i]);
/** Two nodes in the same list (the only moves a drag makes; moving between parents changes keys' meaning). */
const siblings = (a: NodeAddress, b: NodeAddress) =>
  a.length > 0 && a.length === b.length && same(a.slice(0, -1), b.slice(0, -1));

type NodeProps = {
  address: NodeAddress;
  label: string;
  current: boolean;
  broken: boolean;
  dropTarget: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  drag: {
    onDragStart: () => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
};

function Node({ address, label, current, broken, dropTarget, onSelect, onKeyDown, drag }: NodeProps) {
  const movable = address.length > 0;
  return (
    <li>
      <ListItemButton
        selected={current}
        aria-current={current ? 'true' : undefined}
        // One tab stop for the outline; the arrow keys move within it.
        tabIndex={current ? 0 : -1}
        onClick={onSelect}
        onKeyDown={onKeyDown}
        draggable={movable}
        onDragStart={
          movable
            ? (event) => {
                event.dataTransfer?.setData('text/plain', label);
                drag.onDragStart();
              }
            : undefined
        }
        onDragOver={drag.onDragOver}
        onDrop={drag.onDrop}
        onDragEnd={drag.onDragEnd}
        sx={{
          pl: 1 + address.length * 2,
          py: 0.5,
          borderRadius: 1,
          outline: dropTarget ? 2 : 0,
          outlineColor: 'primary.main',
          outlineStyle: dropTarget ? 'dashed' : 'none',
        }}
      >
        <ListItemText
          primary={label}
          secondary={broken ? 'Has a problem' : undefined}
          slotProps={{
            primary: { sx: { overflowWrap: 'anywhere', fontWeight: address.length < 2 ? 600 : 400 } },
            secondary: { sx: { color: 'error.main' } },
          }}
        />
        {broken ? <ErrorIcon color="error" fontSize="small" aria-hidden="true" /> : null}
      </ListItemButton>
    </li>
  );
}

/**
 * The program's outline: milestones → missions → steps; choosing one opens its form. Tab reaches it once and
 * the arrow keys walk it; a drag reorders within one list (the form's move buttons do the same by keyboard).
 */
export function ProgramTree({
  doc,
  selected,
  errors,
  onSelect,
  onMove,
}: {
  doc: ProgramDocument;
  selected: NodeAddress;
  errors: FieldErrors;
  onSelect: (address: NodeAddress) => void;
  /** Move the node at `from` to the place of its sibling `to`. */
  onMove: (from: NodeAddress, to: NodeAddress) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const dragged = useRef<NodeAddress | null>(null);
  const [over, setOver] = useState<NodeAddress | null>(null);

  // One flat list, indented by depth, in reading order.
  const nodes: { address: NodeAddress; label: string }[] = [{ address: [], label: doc.name || doc.key }];
  doc.milestones.forEach((milestone, m) => {
    nodes.push({ address: [m], label: `${m + 1}. ${milestone.name || milestone.key}` });
    milestone.missions.forEach((mission, i) => {
      nodes.push({ address: [m, i], label: mission.name || mission.key });
      mission.steps.forEach((step, s) => nodes.push({ address: [m, i, s], label: step.title || step.key }));
    });
  });

  const focusAt = (index: number) => {
    const buttons = list.current?.querySelectorAll<HTMLElement>('[role="button"], button');
    const target = nodes[index];
    if (!buttons || !target) return;
    onSelect(target.address);
    buttons[index]?.focus();
  };
  const keyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: nodes.length - 1 }[event.key];
    if (to === undefined || to < 0 || to >= nodes.length) return;
    event.preventDefault();
    focusAt(to);
  };
  const dragFor = (address: NodeAddress) => ({
    onDragStart: () => (dragged.current = address),
    onDragOver: (event: DragEvent) => {
      if (!dragged.current || !siblings(dragged.current, address)) return;
      event.preventDefault();
      if (!over || !same(over, address)) setOver(address);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragged.current;
      dragged.current = null;
      setOver(null);
      if (from && siblings(from, address) && !same(from, address)) onMove(from, address);
    },
    onDragEnd: () => {
      dragged.current = null;
      setOver(null);
    },
  });

  return (
    <nav aria-label="Program outline">
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 1, pb: 1 }}>
        Arrow keys move through the outline. Drag to reorder, or use the move buttons of the chosen part.
      </Typography>
      <List ref={list} dense disablePadding>
        {nodes.map((node, index) => (
          <Node
            key={pathOf(node.address) || 'program'}
            {...node}
            current={same(node.address, selected)}
            broken={hasErrorUnder(errors, pathOf(node.address))}
            dropTarget={Boolean(over && same(over, node.address))}
            onSelect={() => onSelect(node.address)}
            onKeyDown={keyDown(index)}
            drag={dragFor(node.address)}
          />
        ))}
      </List>
    </nav>
  );
}
