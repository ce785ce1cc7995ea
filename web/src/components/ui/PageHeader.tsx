/**
 * A page's title and the sentence under it that says what the page is for. tight: the smaller gap.
 * responsive: the title grows from 2xl to 3xl on wider screens and the sentence keeps a readable width.
 */
export function PageHeader({
  title,
  intro,
  tight = false,
  responsive = false,
}: {
  title: string;
  intro: string;
  tight?: boolean;
  responsive?: boolean;
}) {
  return (
    <header className={tight ? 'flex flex-col gap-1' : 'flex flex-col gap-2'}>
      <h1 className={responsive ? 'text-2xl font-bold tracking-tight text-fg sm:text-3xl' : 'text-3xl font-bold tracking-tight text-fg'}>{title}</h1>
      <p className={responsive ? 'max-w-3xl text-fg-muted' : 'text-fg-muted'}>{intro}</p>
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
