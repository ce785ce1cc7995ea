/** A page's title and the sentence under it that says what the page is for. tight: the smaller gap. */
export function PageHeader({ title, intro, tight = false }: { title: string; intro: string; tight?: boolean }) {
  return (
    <header className={tight ? 'flex flex-col gap-1' : 'flex flex-col gap-2'}>
      <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="text-fg-muted">{intro}</p>
    </header>
  );
}

/**
 * A page's h1 at the smaller size and the line under it, in a plain block (className: its layout;
 * introClassName: the line's classes).
 */
export function PageTitle({ title, intro, className, introClassName = 'text-fg-muted' }: { title: string; intro: string; className?: string; introClassName?: string }) {
  return (
    <div className={className}>
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <p className={introClassName}>{intro}</p>
    </div>
  );
}
