import type { ComponentProps, ReactNode } from 'react';

/** The classes of a section's h2 unless told otherwise. */
const SECTION_TITLE = 'text-lg font-semibold text-fg';

/**
 * A section named by the h2 it opens with: aria-labelledby points at the heading's id, so a screen
 * reader lists the section by its title. className and the rest (data-testid) are the section's;
 * headingClassName is the h2's.
 */
export function TitledSection({
  id,
  title,
  headingClassName = SECTION_TITLE,
  children,
  ...section
}: { id: string; title: ReactNode; headingClassName?: string } & Omit<ComponentProps<'section'>, 'id' | 'title' | 'aria-labelledby'>) {
  return (
    <section aria-labelledby={id} {...section}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
