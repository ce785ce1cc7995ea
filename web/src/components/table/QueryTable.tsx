import type { UseQueryResult } from '@tanstack/react-query';
import { AlertLine } from '../ui/AlertLine';
import { DataTable, type DataTableProps } from './DataTable';

/**
 * A DataTable fed by one list query: the error line above it when the query fails, then the rows
 * rowsOf picks from the answer, its total and its loading state; empty, when given, under a
 * table with no rows.
 */
export function QueryTable<Row, Data extends { total?: number }>({
  query,
  rowsOf,
  error,
  empty,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'total' | 'loading'> & {
  query: UseQueryResult<Data>;
  rowsOf: (data: Data) => Row[] | null | undefined;
  /** What the error line says. */
  error: string;
  /** What the line under the table says when the answer has no rows at all. */
  empty?: string;
}) {
  return (
    <>
      {query.isError ? <AlertLine>{error}</AlertLine> : null}
      <DataTable {...table} rows={query.data ? (rowsOf(query.data) ?? []) : undefined} total={query.data?.total} loading={query.isPending} />
      {empty && query.data && query.data.total === 0 ? <p className="text-fg-muted">{empty}</p> : null}
    </>
  );
}
