import { cn } from './cn';

/**
 * The co-pay split as a small bar (design.md, pictures over words): the agent's share in the
 * primary colour, the vendor's in the savings green. Decorative: the shares are written beside it.
 */
export function SplitBar({
  vendorPercent,
  size = 'sm',
  onTint = false,
  className,
}: {
  vendorPercent: number;
  /** sm: beside a list row; md: the split being chosen. */
  size?: 'sm' | 'md';
  /** On a tinted panel the empty track is the surface colour, not the sunken one. */
  onTint?: boolean;
  className?: string;
}) {
  const vendor = Math.min(100, Math.max(0, vendorPercent));
  return (
    <div
      className={cn('flex overflow-hidden rounded-pill', size === 'md' ? 'h-3' : 'h-2', onTint ? 'bg-surface' : 'bg-surface-sunken', className)}
      aria-hidden="true"
      data-testid="split-bar"
    >
      <div className="bg-primary" style={{ width: `${100 - vendor}%` }} />
      <div className="bg-savings" style={{ width: `${vendor}%` }} />
    </div>
  );
}
