import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableProps } from './DataTable';

/**
 * A DataTable fed by one list query: the error line above it when the query fails, then the rows
 * rowsOf picks from the answer, its total and its loading state.
 */
export function QueryTable<Row, Data extends { total?: number }>({
  query,
  rowsOf,
  error,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'total' | 'loading'> & {
  query: UseQueryResult<Data>;
  rowsOf: (data: Data) => Row[] | null | undefined;
  /** What the error line says. */
  error: string;
}) {
  return (
    <>
      {query.isError ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <DataTable {...table} rows={query.data ? (rowsOf(query.data) ?? []) : undefined} total={query.data?.total} loading={query.isPending} />
    </>
  );
}
