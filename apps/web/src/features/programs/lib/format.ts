/*
 * Made on the first date shown, not when the module loads: a browser's first Intl formatter loads its locale
 * data, tens of milliseconds on a phone, and most screens that load this module show no date at first.
 */
let dateFormat: Intl.DateTimeFormat | undefined;
const dateFormatter = () =>
  (dateFormat ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }));

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter().format(date);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 104.8576)) / 10} MB`;
}

export const minutes = (value: number) =>
  value >= 60
    ? `${Math.floor(value / 60)} h ${value % 60 ? `${value % 60} min` : ''}`.trim()
    : `${value} min`;
