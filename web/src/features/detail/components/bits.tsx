import { BadgeCheck, Crown, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';

export function Pill({ tone, icon, children }: { tone: 'primary' | 'warning' | 'pro' | 'savings' | 'muted'; icon?: ReactNode; children: ReactNode }) {
  const tones = {
    primary: 'bg-primary-soft text-primary-strong',
    warning: 'bg-warning-soft text-warning-strong',
    pro: 'bg-pro-soft text-pro-strong',
    savings: 'bg-savings-soft text-savings-strong',
    muted: 'bg-surface-sunken text-fg',
  } as const;
  return <span className={cn('inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{icon}{children}</span>;
}

/** The verified pill (a check) or the not-verified one (a warning), in the caller's words. */
export function VerifiedPill({ verified, label }: { verified: boolean; label: string }) {
  return verified ? (
    <Pill tone="primary" icon={<BadgeCheck aria-hidden="true" className="size-3.5" />}>
      {label}
    </Pill>
  ) : (
    <Pill tone="warning" icon={<ShieldAlert aria-hidden="true" className="size-3.5" />}>
      {label}
    </Pill>
  );
}

/** Verified Pro or Not Verified, and Premium Provider (02§2). */
export function VerificationBadges({ verified, premium }: { verified: boolean; premium: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <VerifiedPill verified={verified} label={verified ? t('detail.verifiedPro') : t('detail.notVerified')} />
      {premium ? (
        <Pill tone="pro" icon={<Crown aria-hidden="true" className="size-3.5" />}>
          {t('detail.premiumProvider')}
        </Pill>
      ) : null}
    </div>
  );
}

/** A heading with an optional action, used for every block of the page. */
export function Block({ title, id, children, className, action }: { title: string; id?: string; children: ReactNode; className?: string; action?: ReactNode }) {
  return (
    <section aria-labelledby={id ? `${id}-h` : undefined} id={id} className={cn('flex flex-col gap-3 scroll-mt-4', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={id ? `${id}-h` : undefined} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A paragraph of vendor text, line breaks kept (React escapes it; no HTML is rendered). */
export function Prose({ text, className }: { text: string; className?: string }) {
  return <p className={cn('text-sm whitespace-pre-line text-fg', className)}>{text}</p>;
}
