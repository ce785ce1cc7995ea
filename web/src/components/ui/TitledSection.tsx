import type { ComponentProps, ReactNode } from 'react';

/** The classes of a section's h2 unless told otherwise. */
const SECTION_TITLE = 'text-lg font-semibold text-fg';

/**
 * A section named by the h2 it opens with: aria-labelledby points at the heading's id, so a screen
 * reader lists the section by its title. className and the rest (data-testid) are the section's;
 * headingClassName is the heading's, and heading a lower level where the section sits deeper.
 */
export function TitledSection({
  id,
  title,
  headingClassName = SECTION_TITLE,
  heading: Heading = 'h2',
  children,
  ...section
}: { id: string; title: ReactNode; headingClassName?: string; heading?: 'h2' | 'h3' | 'h4' } & Omit<ComponentProps<'section'>, 'id' | 'title' | 'aria-labelledby'>) {
  return (
    <section aria-labelledby={id} {...section}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
