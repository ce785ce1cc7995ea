import { cn } from './cn';

/**
 * The co-pay split as a small bar (design.md, pictures over words): the agent's share in the
 * primary colour, the vendor's in the savings green. Decorative: the shares are written beside it.
 */
export function SplitBar({ vendorPercent, className }: { vendorPercent: number; className?: string }) {
  const vendor = Math.min(100, Math.max(0, vendorPercent));
  return (
    <div className={cn('flex h-2 overflow-hidden rounded-pill bg-surface-sunken', className)} aria-hidden="true" data-testid="split-bar">
      <div className="bg-primary" style={{ width: `${100 - vendor}%` }} />
      <div className="bg-savings" style={{ width: `${vendor}%` }} />
    </div>
  );
}
