import { BookOpen, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api/client';
import { AreaPage } from '../../components/ui/AreaPage';
import { ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { cn } from '../../components/ui/cn';
import { Bone } from '../../components/ui/Skeleton';
import { useFeatureFlags } from '../../lib/flags';

/** The academy's screens behind the `academy` flag: off, the same notice the area placeholder showed. */
export function AcademyGate({ children }: { children: ReactNode }) {
  const flags = useFeatureFlags();
  if (!flags.academy) {
    return <AreaPage icon={BookOpen} titleKey="areas.academy.title" bodyKeys={['areas.academy.unavailable']} links={[{ to: '/', labelKey: 'areas.links.home' }]} unavailable />;
  }
  return <>{children}</>;
}

/** A progress bar with its figure for screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 flex-1 overflow-hidden rounded-pill bg-surface-sunken"
      >
        <div className="h-full rounded-pill bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <span className="w-12 text-right text-sm tabular-nums text-fg-muted">{value}%</span>
    </div>
  );
}

/** An academy page while it loads: a header block and a body block (heights: Tailwind h-* classes) in the page's column (width: its max-w-* class). */
export function PageSkeleton({ width, heights }: { width: string; heights: [string, string] }) {
  return (
    <div className={cn('mx-auto flex w-full flex-col gap-4 px-4 py-6', width)} aria-busy="true">
      {heights.map((h, i) => (
        <Bone key={i} className={cn(h, 'rounded-card')} />
      ))}
    </div>
  );
}

/** The Pro badge of a Pro-only course. */
export function ProBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-pill bg-pro-soft px-2 py-0.5 text-xs font-semibold text-pro-strong">
      <Lock className="size-3" aria-hidden="true" />
      {t('academy.pro')}
    </span>
  );
}

/** A course's status for its editors: published (in the catalogue) or draft. */
export function StatusBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={cn('rounded-pill px-2 py-0.5 text-xs font-semibold', published ? 'bg-savings-soft text-savings-strong' : 'bg-surface-sunken text-fg-muted')}>
      {published ? t('academy.editor.status.published') : t('academy.editor.status.draft')}
    </span>
  );
}

/** What a failed read of a course, lesson or quiz says: not found, Pro needed, not enrolled, or an error. */
export function LoadError({ error, slug }: { error: unknown; slug?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const status = error instanceof ApiError ? error.status : 0;
  const keys = error instanceof ApiError ? error.fields.map((f) => f.key) : [];
  if (keys.includes('academy.errors.pro_required')) {
    return (
      <Notice icon={<Lock className="size-6" />} title={t('academy.locked.title')} actions={<ButtonLink to="/pricing">{t('academy.locked.upgrade')}</ButtonLink>}>
        <p>{t('academy.locked.body')}</p>
      </Notice>
    );
  }
  if (keys.includes('academy.errors.not_enrolled') && slug) {
    return (
      <Notice title={t('academy.notEnrolled.title')} actions={<ButtonLink to={`/academy/${slug}`}>{t('academy.backToCourse')}</ButtonLink>}>
        <p>{t('academy.notEnrolled.body')}</p>
      </Notice>
    );
  }
  if (status === 401) {
    return (
      <Notice title={t('academy.signIn.title')} actions={<ButtonLink to={`/auth?redirect=${encodeURIComponent(pathname)}`}>{t('academy.signIn.action')}</ButtonLink>}>
        <p>{t('academy.signIn.body')}</p>
      </Notice>
    );
  }
  return (
    <Notice
      title={status === 404 ? t('academy.errors.notFound') : t('academy.errors.load')}
      tone={status === 404 ? 'default' : 'danger'}
      actions={
        <ButtonLink to={slug ? `/academy/${slug}` : '/academy'} variant="secondary">
          {slug ? t('academy.backToCourse') : t('academy.backToCatalogue')}
        </ButtonLink>
      }
    />
  );
}

/**
 * The academy pages' breadcrumb trail: the first crumb is always the catalogue. course: the
 * course's own crumb after it (slug and title); className: the trail's layout.
 */
export function AcademyCrumbs({ className, course }: { className: string; course?: { slug: string; title: string } }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('academy.breadcrumb')} className={className}>
      <Link to="/academy" className="text-primary hover:underline">
        {t('areas.academy.title')}
      </Link>
      {course ? (
        <>
          <span aria-hidden="true">/</span>
          <Link to={`/academy/${course.slug}`} className="text-primary hover:underline">
            {course.title}
          </Link>
        </>
      ) : null}
    </nav>
  );
}
