import { Briefcase, HeartPulse, House, Sprout, Store, Users, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../ui/cn';
import { hashOf } from '../../lib/localize';
import { mediaSize } from '../../lib/media';

const ICONS: Record<string, LucideIcon> = {
  'home-property': House,
  'business-professional': Briefcase,
  'healthcare-wellness': HeartPulse,
  'community-lifestyle': Users,
  'growth-emerging': Sprout,
};

const TONES = [
  'from-primary-soft to-surface-sunken text-primary',
  'from-savings-soft to-surface-sunken text-savings',
  'from-pro-soft to-surface-sunken text-pro-strong',
  'from-surface-sunken to-primary-soft text-primary-strong',
] as const;

/**
 * The service picture (an uploaded picture in its 800x450 card size); when there is none or it
 * fails, a generated placeholder (the lobby category's icon and the service's category on a
 * tinted background) — never an external image.
 */
export function ServiceImage({
  src,
  alt,
  seed,
  lobbyCategory,
  category,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  seed: string;
  lobbyCategory: string;
  category: string;
  className?: string;
  /** Load now with high priority (a picture in the first screenful) instead of lazily. */
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img
        src={mediaSize(src, 'card')}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        onError={() => setFailedSrc(src)}
        className={cn('size-full object-cover', className)}
      />
    );
  }
  const Icon = ICONS[lobbyCategory] ?? Store;
  const tone = TONES[hashOf(seed) % TONES.length];
  return (
    <div aria-hidden="true" className={cn('flex size-full flex-col items-center justify-center gap-2 bg-linear-to-br', tone, className)}>
      <Icon className="size-10 opacity-80" />
      {category ? <span className="px-4 text-center text-xs font-semibold tracking-wide uppercase">{category}</span> : null}
    </div>
  );
}
