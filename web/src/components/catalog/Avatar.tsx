import { useState } from 'react';
import { cn } from '../ui/cn';
import { initials } from '../../lib/localize';
import { mediaSize } from '../../lib/media';

/**
 * A logo or photo, or the name's initials when there is none or it fails to load. An uploaded
 * picture loads in its 128 px thumb size (the stored original can be 2560 px and a megabyte),
 * in a box of fixed size, so nothing moves when it arrives.
 */
export function Avatar({ src, name, className }: { src?: string; name: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const show = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-pill bg-primary-soft text-sm font-semibold text-primary-strong',
        className,
      )}
    >
      {show ? (
        <img
          src={src ? mediaSize(src, 'thumb') : src}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <span aria-hidden="true">{initials(name) || '?'}</span>
      )}
    </span>
  );
}
