import { X } from 'lucide-react';

/** A button that is only a close (×) icon; label is its accessible name. */
export function CloseButton({ label, onClick, className, iconClassName = 'size-4' }: { label: string; onClick: () => void; className: string; iconClassName?: string }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={className}>
      <X aria-hidden="true" className={iconClassName} />
    </button>
  );
}
