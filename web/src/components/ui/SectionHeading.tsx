import type { ReactNode } from 'react';

/** A section's h2 (its id labels the section) with the line under it; actions sit on its right. */
export function SectionHeading({ id, title, intro, actions }: { id: string; title: string; intro: string; actions?: ReactNode }) {
  const heading = (
    <div>
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <p className="text-sm text-fg-muted">{intro}</p>
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {heading}
      {actions}
    </div>
  );
}
