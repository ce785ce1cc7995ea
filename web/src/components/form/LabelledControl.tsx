import type { ReactNode } from 'react';

/**
 * A control with its label and nothing else: the caller's control carries the id and draws any
 * hint or error itself. The label sits over the control unless className (which replaces the
 * column's classes) lays them out otherwise. Its own module, with no form library behind it, so
 * a first screen (the marketplace's filters) can use it.
 */
export function LabelledControl({
  id,
  label,
  className = 'flex flex-col gap-1.5',
  labelClassName = 'text-sm font-medium text-fg',
  children,
}: {
  id: string;
  label: string;
  className?: string;
  /** The label's classes, when they are not a form's (a quieter or screen-reader-only label). */
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
    </div>
  );
}
