/** One figure of a dashboard's row of figures (inside a dl): its name over its value. */
export function StatTile({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 shadow-card">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="text-2xl font-bold text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
