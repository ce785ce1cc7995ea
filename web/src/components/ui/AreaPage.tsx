import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './Button';
import { cn } from './cn';

export interface AreaLink {
  to: string;
  labelKey: string;
}

/** A page that names an area, says what it is for and links onward; the first link is primary. */
export function AreaPage({
  icon: Icon,
  titleKey,
  bodyKeys,
  links = [],
  unavailable = false,
}: {
  icon?: LucideIcon;
  titleKey: string;
  bodyKeys: string[];
  links?: AreaLink[];
  unavailable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    // data-area-page: the route walk (e2e/app-phone-journeys.spec.ts) fails on any route showing this card.
    <div data-area-page="" className="mx-auto w-full max-w-3xl px-4 py-12 md:py-16">
      <div className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6 shadow-card md:p-10">
        {Icon ? (
          <div
            aria-hidden="true"
            className={cn(
              'flex size-12 items-center justify-center rounded-card',
              unavailable ? 'bg-surface-sunken text-fg-muted' : 'bg-primary-soft text-primary',
            )}
          >
            <Icon className="size-6" />
          </div>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-fg">{t(titleKey)}</h1>
        {bodyKeys.map((k) => (
          <p key={k} className="text-base text-fg-muted">
            {t(k)}
          </p>
        ))}
        {links.length > 0 ? (
          <div className="flex flex-wrap gap-3">
            {links.map((l, i) => (
              <ButtonLink key={l.to} to={l.to} variant={i === 0 ? 'primary' : 'secondary'}>
                {t(l.labelKey)}
              </ButtonLink>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
