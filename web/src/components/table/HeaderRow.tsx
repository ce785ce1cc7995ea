import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

/** A column heading of a hand-built table; className adds to the row's cell classes (text-right over figures, say). */
export interface HeaderColumn {
  label: ReactNode;
  className?: string;
}

/**
 * The header row of a hand-built table (one that is not a DataTable): a column-scoped th per
 * column, each with the table's own cell classes (cellClassName) and the column's own.
 */
export function HeaderRow({ columns, cellClassName, className }: { columns: HeaderColumn[]; cellClassName: string; className?: string }) {
  return (
    <tr className={className}>
      {columns.map((c, i) => (
        <th key={i} scope="col" className={cn(cellClassName, c.className)}>
          {c.label}
        </th>
      ))}
    </tr>
  );
}
