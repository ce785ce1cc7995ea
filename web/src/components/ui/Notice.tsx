import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * A centred panel for a whole-screen state: unavailable, not found, error.
 * The heading level is the page's h1 unless told otherwise.
 */
export function Notice({
  icon,
  title,
  children,
  actions,
  headingLevel = 1,
  tone = 'default',
  placement = 'page',
  className,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
  tone?: 'default' | 'danger';
  /** page: the page's one message, with space around it; section: inside a page's section, no outer margin. */
  placement?: 'page' | 'section';
  className?: string;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cn(
        'mx-auto flex max-w-xl flex-col items-center gap-4 rounded-card border bg-surface p-8 text-center shadow-card',
        placement === 'page' && 'my-12',
        tone === 'danger' ? 'border-danger/30' : 'border-border',
        className,
      )}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className={cn(
            'flex size-12 items-center justify-center rounded-pill',
            tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-primary-soft text-primary',
          )}
        >
          {icon}
        </div>
      ) : null}
      <Heading className="text-xl font-semibold text-fg">{title}</Heading>
      {children ? <div className="flex flex-col gap-2 text-base text-fg-muted">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap items-center justify-center gap-3">{actions}</div> : null}
    </section>
  );
}
