import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A link that opens in a new tab and says so: the outward-arrow icon after the text and, for
 * screen readers, the caller's "(opens in a new tab)" (each feature words it in its own texts).
 */
export function NewTabLink({
  href,
  newTab,
  className,
  iconClassName = 'size-4',
  nofollow = false,
  onClick,
  children,
}: {
  href: string;
  /** The screen-reader notice that the link opens a new tab. */
  newTab: string;
  className?: string;
  iconClassName?: string;
  /** For addresses Circle does not vouch for (review sources). */
  nofollow?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel={nofollow ? 'noopener noreferrer nofollow' : 'noopener noreferrer'} onClick={onClick} className={className}>
      {children}
      <ExternalLink aria-hidden="true" className={iconClassName} />
      <span className="sr-only">{newTab}</span>
    </a>
  );
}
