import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { DataTable } from './data-table';
import type { DataTableColumn } from './data-table';

type Person = { id: string; name: string; role: string; missions: number };

const people: Person[] = [
  { id: 'p1', name: 'Grace Hopper', role: 'Expert', missions: 3 },
  { id: 'p2', name: 'Ada Lovelace', role: 'Founder', missions: 12 },
  { id: 'p3', name: 'Alan Turing', role: 'Founder', missions: 7 },
];

const columns: DataTableColumn<Person>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'role', header: 'Role' },
  { accessorKey: 'missions', header: 'Missions' },
];

const namesInOrder = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);

describe('DataTable', () => {
  it('sorts by a column from its header, by mouse and by Enter, and says which way', async () => {
    const user = userEvent.setup();
    render(
      <DataTable label="People" columns={columns} data={people} getRowId={(p) => p.id} empty="No one yet." />,
    );
    expect(screen.getByRole('grid', { name: 'People' })).toBeTruthy();
    expect(namesInOrder()).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name.getAttribute('aria-sort')).toBe('none');
    await user.click(name);
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(namesInOrder()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);

    const missions = screen.getByRole('columnheader', { name: 'Missions' });
    missions.focus();
    await user.keyboard('{Enter}');
    // Numbers sort highest first on the first press, as people expect of counts.
    expect(missions.getAttribute('aria-sort')).not.toBe('none');
    const order = namesInOrder();
    expect(order).toEqual(
      missions.getAttribute('aria-sort') === 'ascending'
        ? ['Grace Hopper', 'Alan Turing', 'Ada Lovelace']
        : ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'],
    );
  });

  it('is one tab stop, moved through with the arrows, Home and End; Enter presses a cell’s button', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const withAction: DataTableColumn<Person>[] = [
      ...columns,
      {
        id: 'open',
        header: 'Open',
        enableSorting: false,
        cell: ({ row }) => (
          <Button size="small" variant="ghost" onClick={() => onOpen(row.original.id)}>
            Open
          </Button>
        ),
      },
    ];
    render(
      <>
        <DataTable
          label="People"
          columns={withAction}
          data={people}
          getRowId={(p) => p.id}
          empty="No one yet."
        />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('columnheader', { name: 'Name' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Grace Hopper');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('3');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Open');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onOpen).toHaveBeenCalledWith('p2');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Ada Lovelace');
    // Tab leaves the table: the cells are one stop, not one each.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('filters over every column and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        label="People"
        columns={columns}
        data={people}
        getRowId={(p) => p.id}
        empty="No one yet."
        filterLabel="Search people"
      />,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'founder');
    expect(namesInOrder()).toEqual(['Ada Lovelace', 'Alan Turing']);
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'zzz');
    expect(screen.getByRole('status').textContent).toBe('Nothing matches “founderzzz”.');
  });

  it('lets people choose the columns they see from the Columns menu', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        label="People"
        columns={columns}
        data={people}
        getRowId={(p) => p.id}
        empty="No one yet."
        columnChoice
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const role = await screen.findByRole('menuitemcheckbox', { name: 'Role' });
    expect(role.getAttribute('aria-checked')).toBe('true');
    await user.click(role);
    expect(screen.queryByRole('columnheader', { name: 'Role' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Missions' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Columns' }));
  });

  it('shows its empty state with no rows, and is busy with no rows while loading', () => {
    const { rerender } = render(
      <DataTable
        label="People"
        columns={columns}
        data={[]}
        getRowId={(p) => p.id}
        empty="No one has joined yet."
      />,
    );
    expect(screen.getByText('No one has joined yet.')).toBeTruthy();
    rerender(
      <DataTable
        label="People"
        columns={columns}
        data={[]}
        getRowId={(p) => p.id}
        empty="No one yet."
        loading
      />,
    );
    expect(screen.getByRole('grid', { name: 'People' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading people…');
    expect(screen.queryByText('No one yet.')).toBeNull();
  });
});
