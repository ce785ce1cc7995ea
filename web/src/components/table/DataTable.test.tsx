import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable, toCSV, useTableParams, type Column } from './DataTable';

interface Row {
  id: string;
  email: string;
  note: string;
}

const columns: Column<Row>[] = [
  { key: 'email', header: 'E-mail', sort: 'email', cell: (r) => r.email, csv: (r) => r.email },
  { key: 'note', header: 'Note', cell: (r) => r.note, csv: (r) => r.note },
  { key: 'action', header: 'Action', cell: () => <button type="button">Open</button> },
];

const ROWS: Row[] = [
  { id: '1', email: 'a@demo.test', note: 'plain' },
  { id: '2', email: 'b@demo.test', note: 'has, comma and "quote"' },
];

function Harness({ rows, total, loading }: { rows?: Row[]; total?: number; loading?: boolean }) {
  const { table, set } = useTableParams({ sort: 'created_at', dir: 'desc', pageSize: 2 });
  return (
    <DataTable caption="Users" columns={columns} rows={rows} rowKey={(r) => r.id} total={total} params={table} onParams={set} csvName="users.csv" loading={loading ?? false} />
  );
}

function renderAt(url: string, props: { rows?: Row[]; total?: number; loading?: boolean }) {
  const router = createMemoryRouter([{ path: '/admin/users', element: <Harness {...props} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('F-AREA-03 back-office table', () => {
  it('keeps sorting and paging in the URL, and a sort change goes back to page 1', () => {
    const router = renderAt('/admin/users?page=2&role=admin', { rows: ROWS, total: 5 });
    expect(screen.getByText('3–4 of 5')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=3&role=admin');
    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ role: 'admin', sort: 'email', dir: 'asc' });
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(new URLSearchParams(router.state.location.search).get('dir')).toBe('desc');
  });

  it('the last page disables Next and the first disables Previous', () => {
    renderAt('/admin/users?page=3', { rows: [ROWS[0]!], total: 5 });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('while loading shows a skeleton of the page size, busy, and no rows', () => {
    renderAt('/admin/users', { loading: true });
    expect(screen.getAllByTestId('table-skeleton-row')).toHaveLength(2);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('an empty page says so', () => {
    renderAt('/admin/users', { rows: [], total: 0 });
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getByText('Nothing matches these filters.')).toBeInTheDocument();
  });

  it('exports the CSV with quoting, leaving out columns without a CSV value', () => {
    expect(toCSV(columns, ROWS)).toBe('E-mail,Note\r\na@demo.test,plain\r\nb@demo.test,"has, comma and ""quote"""');
  });
});
