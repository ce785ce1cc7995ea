/** A page's title and the sentence under it that says what the page is for. tight: the smaller gap. */
export function PageHeader({ title, intro, tight = false }: { title: string; intro: string; tight?: boolean }) {
  return (
    <header className={tight ? 'flex flex-col gap-1' : 'flex flex-col gap-2'}>
      <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="text-fg-muted">{intro}</p>
    </header>
  );
}
