import type { ReactNode } from 'react';

/** A line that says what failed (a read, a save), announced at once (role alert), in the danger colour. */
export function AlertLine({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-danger">
      {children}
    </p>
  );
}
