import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import { Menu as BaseMenu } from '@base-ui/react/menu';
import { ArrowDown, ArrowUp, ArrowUpDown, Check, Columns3 } from 'lucide-react';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { TextField } from './text-field';
import styles from './data-table.module.css';

/** What every kit table can do: sort, filter (one search over every column), choose its columns. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    basic: sortFn_basic,
    datetime: sortFn_datetime,
    text: sortFn_text,
  },
  filterFns: { includesString: filterFn_includesString },
});

/** A column of a kit table: `header` is its name (a string, so the column menu and sorting can say it). */
export type DataTableColumn<TData extends RowData> = ColumnDef<typeof dataTableFeatures, TData> & {
  header: string;
};

type DataTableProps<TData extends RowData> = {
  /** The table's name (its caption), for everyone. */
  label: string;
  columns: DataTableColumn<TData>[];
  data: TData[];
  /** A stable id for each row (the record's id), so focus and sorting survive new data. */
  getRowId: (row: TData) => string;
  /** Shows skeleton rows shaped like the table and marks it busy. */
  loading?: boolean;
  /** What goes here and the action that fills it, when there are no rows at all. */
  empty: ReactNode;
  /** A search field over every column; its label. */
  filterLabel?: string;
  /** The column menu: people choose which columns they see. */
  columnChoice?: boolean;
  /** Height of the scrolling area, so the header stays in view; the page scrolls otherwise. */
  maxHeight?: string;
};

const sortLabel = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A data table on TanStack Table: sorting from the column headers, a search over every column, a choice of
 * columns, a header that stays in view while the rows scroll, and a grid's keyboard model (one tab stop; the
 * arrow keys, Home and End move between cells; Enter or Space on a header sorts, on a cell presses the first
 * link or button in it). Empty and loading states are part of it.
 */
export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  getRowId,
  loading = false,
  empty,
  filterLabel,
  columnChoice = false,
  maxHeight,
}: DataTableProps<TData>) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    globalFilterFn: 'includesString',
  });
  const [active, setActive] = useState({ row: 0, column: 0 });
  const gridRef = useRef<HTMLTableElement>(null);

  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const rows = table.getRowModel().rows;
  const filter = String(table.state.globalFilter ?? '');
  const rowCount = rows.length + 1; // the header row is row 0
  const columnCount = headers.length;

  const move = (row: number, column: number) => {
    const next = {
      row: Math.min(Math.max(row, 0), Math.max(rowCount - 1, 0)),
      column: Math.min(Math.max(column, 0), Math.max(columnCount - 1, 0)),
    };
    setActive(next);
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-row="${next.row}"][data-column="${next.column}"]`)
      ?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const { row, column } = active;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(row + 1, column),
      ArrowUp: () => move(row - 1, column),
      ArrowRight: () => move(row, column + 1),
      ArrowLeft: () => move(row, column - 1),
      Home: () => move(event.ctrlKey ? 0 : row, 0),
      End: () => move(event.ctrlKey ? rowCount - 1 : row, columnCount - 1),
      PageDown: () => move(row + 10, column),
      PageUp: () => move(row - 10, column),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLElement) {
      const cell = event.target.closest<HTMLElement>('[data-row]');
      if (cell !== event.target) return; // a control inside the cell handles its own keys
      event.preventDefault();
      if (row === 0) headers[column]?.column.toggleSorting(undefined, event.shiftKey);
      else cell.querySelector<HTMLElement>('a, button')?.click();
    }
  };

  // The grid is one tab stop: links and buttons inside cells are reached with the arrows and pressed with Enter,
  // not each a stop of their own (the APG grid pattern).
  useEffect(() => {
    gridRef.current
      ?.querySelectorAll<HTMLElement>('td a[href], td button, td input, td select, td textarea')
      .forEach((control) => control.setAttribute('tabindex', '-1'));
  });

  const tabIndexOf = (row: number, column: number) =>
    row === active.row && column === active.column ? 0 : -1;
  const hasRows = data.length > 0;

  return (
    <div className={styles.root}>
      {(filterLabel || columnChoice) && hasRows ? (
        <div className={styles.toolbar}>
          {filterLabel ? (
            <TextField
              label={filterLabel}
              type="search"
              value={filter}
              onChange={(event) => table.setGlobalFilter(event.target.value)}
              className={styles.filter}
            />
          ) : null}
          {columnChoice ? (
            <BaseMenu.Root>
              <BaseMenu.Trigger
                render={
                  <Button variant="outline" icon={<Columns3 />}>
                    Columns
                  </Button>
                }
              />
              <BaseMenu.Portal>
                <BaseMenu.Positioner className={styles.menuPositioner} sideOffset={4} align="end">
                  <BaseMenu.Popup className={styles.menu}>
                    {table.getAllLeafColumns().map((column) => (
                      <BaseMenu.CheckboxItem
                        key={column.id}
                        className={styles.menuItem}
                        checked={column.getIsVisible()}
                        disabled={!column.getCanHide()}
                        closeOnClick={false}
                        onCheckedChange={(checked) => column.toggleVisibility(checked)}
                      >
                        <BaseMenu.CheckboxItemIndicator className={styles.menuCheck} keepMounted>
                          <Check aria-hidden="true" />
                        </BaseMenu.CheckboxItemIndicator>
                        {(column.columnDef as DataTableColumn<TData>).header}
                      </BaseMenu.CheckboxItem>
                    ))}
                  </BaseMenu.Popup>
                </BaseMenu.Positioner>
              </BaseMenu.Portal>
            </BaseMenu.Root>
          ) : null}
        </div>
      ) : null}
      <div className={styles.scroller} style={maxHeight ? { maxHeight } : undefined}>
        <table
          ref={gridRef}
          role="grid"
          aria-busy={loading || undefined}
          aria-rowcount={loading ? undefined : rowCount}
          className={styles.table}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
            if (cell) setActive({ row: Number(cell.dataset.row), column: Number(cell.dataset.column) });
          }}
        >
          <caption className={styles.caption}>{label}</caption>
          <thead className={styles.head}>
            <tr>
              {headers.map((header, index) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                const name = (header.column.columnDef as DataTableColumn<TData>).header;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    data-row={0}
                    data-column={index}
                    tabIndex={tabIndexOf(0, index)}
                    aria-sort={sorted ? sortLabel[sorted] : canSort ? 'none' : undefined}
                    className={[styles.headerCell, canSort ? styles.sortable : ''].join(' ')}
                    onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                  >
                    <span className={styles.headerLabel}>
                      {name}
                      {canSort ? (
                        <span className={styles.sortIcon} aria-hidden="true">
                          {sorted === 'asc' ? (
                            <ArrowUp />
                          ) : sorted === 'desc' ? (
                            <ArrowDown />
                          ) : (
                            <ArrowUpDown />
                          )}
                        </span>
                      ) : null}
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading
              ? Array.from({ length: 5 }, (_, index) => (
                  <tr key={`loading-${index}`} aria-hidden="true">
                    {headers.map((header) => (
                      <td key={header.id} className={styles.cell}>
                        <Skeleton />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row, rowIndex) => (
                  <tr key={row.id} className={styles.row}>
                    {row.getVisibleCells().map((cell, columnIndex) => (
                      <td
                        key={cell.id}
                        role="gridcell"
                        data-row={rowIndex + 1}
                        data-column={columnIndex}
                        tabIndex={tabIndexOf(rowIndex + 1, columnIndex)}
                        className={styles.cell}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {loading ? <p className={styles.caption} role="status">{`Loading ${label.toLowerCase()}…`}</p> : null}
        {!loading && !hasRows ? <div className={styles.empty}>{empty}</div> : null}
        {!loading && hasRows && rows.length === 0 ? (
          <p className={styles.empty} role="status">
            {`Nothing matches “${filter}”.`}
          </p>
        ) : null}
      </div>
    </div>
  );
}
