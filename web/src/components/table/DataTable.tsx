import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

/** One column of a DataTable: its header, cell, optional server sort key and CSV value. */
export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort key; the header becomes a sort button. */
  sort?: string;
  /** The CSV text of the cell; columns without it are left out of the export. */
  csv?: (row: Row) => string;
  className?: string;
}

/** The table's paging and sort, kept in the URL (?page=&page_size=&sort=&dir=) with the filters. */
export interface TableParams {
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
}

/** Reads the table's state and filters from the URL; set() writes them back (page 1 on a filter change). */
export function useTableParams(defaults: { sort: string; dir: 'asc' | 'desc'; pageSize?: number }) {
  const [params, setParams] = useSearchParams();
  const num = (k: string, d: number) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n > 0 ? n : d;
  };
  const table: TableParams = {
    page: num('page', 1),
    pageSize: num('page_size', defaults.pageSize ?? 50),
    sort: params.get('sort') || defaults.sort,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : defaults.dir,
  };
  function set(changes: Record<string, string | number | undefined>) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: false },
    );
  }
  return { table, filter: (k: string) => params.get(k) ?? '', set };
}

/** The CSV of the rows (RFC 4180 quoting), the header line first. */
export function toCSV<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cols = columns.filter((c) => c.csv);
  const q = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [cols.map((c) => q(c.header)).join(','), ...rows.map((r) => cols.map((c) => q(c.csv!(r))).join(','))].join('\r\n');
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  total: number | undefined;
  params: TableParams;
  onParams: (changes: Record<string, string | number | undefined>) => void;
  /** The CSV file's name; the export holds the rows of this page. */
  csvName: string;
  loading: boolean;
}

const ROW_HEIGHT = 'h-12';

/**
 * The back office's one table (issue 31 item 1): server-side paging and sorting whose state lives
 * in the URL, a CSV export of the page, and while loading a skeleton of the page's final size.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, total, params, onParams, csvName, loading }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / params.pageSize));
  const from = total ? (params.page - 1) * params.pageSize + 1 : 0;
  const to = Math.min(total ?? 0, params.page * params.pageSize);
  const skeletonRows = Math.min(params.pageSize, 10);

  function sortBy(key: string) {
    const dir = params.sort === key && params.dir === 'asc' ? 'desc' : 'asc';
    onParams({ sort: key, dir });
  }

  return (
    <div className="flex flex-col gap-3">
      {/* relative: absolutely placed cell content (the sr-only "opens in a new tab" of a link) is
          positioned inside the scroller, not against the page, which it widened at 390 px. */}
      <div className="relative overflow-x-auto rounded-card border border-border bg-surface">
        <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={loading}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface-sunken text-fg-muted">
            <tr>
              {columns.map((c) => {
                const active = c.sort !== undefined && params.sort === c.sort;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={cn('px-3 py-2 font-medium', c.className)}
                    aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sort ? (
                      <button type="button" className="inline-flex items-center gap-1 hover:text-fg" onClick={() => sortBy(c.sort!)}>
                        {c.header}
                        {active ? params.dir === 'asc' ? <ArrowUp className="size-3.5" aria-hidden /> : <ArrowDown className="size-3.5" aria-hidden /> : null}
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading || !rows
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  <tr key={i} className={cn('border-t border-border', ROW_HEIGHT)} data-testid="table-skeleton-row">
                    {columns.map((c) => (
                      <td key={c.key} className="px-3">
                        <span className="block h-4 w-3/4 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((r) => (
                  <tr key={rowKey(r)} className={cn('border-t border-border', ROW_HEIGHT)}>
                    {columns.map((c) => (
                      <td key={c.key} className={cn('px-3 py-2 align-middle text-fg', c.className)}>
                        {c.cell(r)}
                      </td>
                    ))}
                  </tr>
                ))}
            {!loading && rows?.length === 0 ? (
              <tr className="border-t border-border">
                <td colSpan={columns.length} className="px-3 py-8 text-center text-fg-muted">
                  {t('table.empty')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted">
        <p aria-live="polite">{total === undefined ? '\u00a0' : t('table.range', { from, to, total })}</p>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" disabled={!rows || rows.length === 0} onClick={() => download(csvName, toCSV(columns, rows ?? []))}>
            <Download className="size-4" aria-hidden />
            {t('table.csv')}
          </Button>
          <Button variant="secondary" size="sm" aria-label={t('table.previous')} disabled={params.page <= 1} onClick={() => onParams({ page: params.page - 1 })}>
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <span>{t('table.page', { page: params.page, pages })}</span>
          <Button variant="secondary" size="sm" aria-label={t('table.next')} disabled={params.page >= pages} onClick={() => onParams({ page: params.page + 1 })}>
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
