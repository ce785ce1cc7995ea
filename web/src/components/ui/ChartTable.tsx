import type { ReactNode } from 'react';

/**
 * A chart's figures as a real table, folded under toggle (the accessible alternative of a drawn
 * chart); title names the scrolling region and captions the table. children: thead and tbody.
 */
export function ChartTable({ title, toggle, children }: { title: string; toggle: string; children: ReactNode }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">{toggle}</summary>
      <div className="mt-2 max-h-72 overflow-auto" role="region" aria-label={title} tabIndex={0}>
        <table className="w-full text-left">
          <caption className="sr-only">{title}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}
