import type { ReactNode } from 'react';

/**
 * A control with its label and nothing else: the caller's control carries the id and draws any
 * hint or error itself. The label sits over the control unless className (which replaces the
 * column's classes) lays them out otherwise. Its own module, with no form library behind it, so
 * a first screen (the marketplace's filters) can use it.
 */
export function LabelledControl({ id, label, className = 'flex flex-col gap-1.5', children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
    </div>
  );
}
