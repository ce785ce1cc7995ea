import type { ReactNode } from 'react';

/** A titled card of a back-office detail page (a user's, a vendor's). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

/** A detail page's records, one row each (children draws a row's parts), or the empty line when there are none. */
export function DetailRows<T extends { id: string }>({ items, empty, children }: { items: readonly T[]; empty: string; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-border text-sm">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
