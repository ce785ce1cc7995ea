import type { ReactNode } from 'react';

/**
 * A member's own link to share (an affiliate's or a creator's): a titled card with the link in a
 * read-only field that selects itself on focus, the copy button beside it, a note, and anything
 * after (children: a polite "copied" line, say). id: the heading's; the field's is id-input.
 */
export function LinkBox({ id, title, link, copyButton, note, children }: { id: string; title: string; link: string; copyButton: ReactNode; note: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-card">
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label className="sr-only" htmlFor={`${id}-input`}>
          {title}
        </label>
        <input id={`${id}-input`} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="h-11 min-w-0 flex-1 rounded-control border border-border-strong bg-surface-sunken px-3 text-sm text-fg" />
        {copyButton}
      </div>
      <p className="text-sm text-fg-muted">{note}</p>
      {children}
    </section>
  );
}
