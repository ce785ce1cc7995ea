/**
 * A full-width progress bar (percent: 0 to 100) of a step-by-step flow, named by label or by the
 * element labelledBy points at; the fill slides only for users who allow motion.
 */
export function ProgressTrack({ percent, label, labelledBy }: { percent: number; label?: string; labelledBy?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 w-full overflow-hidden rounded-pill bg-surface-sunken"
    >
      <div className="h-full rounded-pill bg-primary motion-safe:transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
