import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { useFeatureFlag } from '../../lib/flags';

/** Every back-office section, the existing screens included (issue 31 item 1). */
export const ADMIN_SECTIONS: ReadonlyArray<{ to: string; key: string }> = [
  { to: '/admin', key: 'dashboard' },
  { to: '/admin/users', key: 'users' },
  { to: '/admin/vendors', key: 'vendors' },
  { to: '/admin/reviews', key: 'reviews' },
  { to: '/admin/services', key: 'services' },
  { to: '/admin/config', key: 'config' },
  { to: '/admin/prayers', key: 'prayers' },
  { to: '/admin/faq', key: 'faq' },
  { to: '/admin/audit', key: 'audit' },
  { to: '/admin/security', key: 'security' },
  { to: '/admin/accounting', key: 'accounting' },
  { to: '/admin/commissions', key: 'commissions' },
  { to: '/admin/creators', key: 'creators' },
  { to: '/admin/academy', key: 'academy' },
  { to: '/admin/outbox', key: 'outbox' },
  { to: '/admin/view-spikes', key: 'viewSpikes' },
  { to: '/admin/vendor-invitations', key: 'vendorInvitations' },
  { to: '/admin/consultation-integrations', key: 'consultationIntegrations' },
  { to: '/support', key: 'support' },
  { to: '/command-center', key: 'commandCenter' },
  { to: '/command-center-test', key: 'commandCenterTest' },
  { to: '/compliance', key: 'compliance' },
  { to: '/analytics', key: 'analytics' },
  { to: '/advanced-features', key: 'advancedFeatures' },
  { to: '/qa', key: 'qa' },
];

/** The back office's frame: the sections' sidebar (a scroller on a phone) beside the screen. */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  // The adminPanel feature flag (02§6) closes the whole back office, whatever the screen.
  if (!useFeatureFlag('adminPanel')) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        <p role="status" className="rounded-card border border-border bg-surface p-4 text-fg-muted">
          {t('areas.admin.unavailable')}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:py-10">
      <nav aria-label={t('admin.nav.label')} className="md:w-56 md:shrink-0">
        <ul className="flex gap-1 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.to} className="shrink-0">
              <NavLink
                to={s.to}
                end
                className={({ isActive }) =>
                  cn(
                    'block rounded-control px-3 py-2 text-sm whitespace-nowrap',
                    isActive ? 'bg-primary text-primary-fg' : 'text-fg hover:bg-surface-sunken',
                  )
                }
              >
                {t(`admin.nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
          {actions}
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * A detail page before its record shows: the error (its own message on a 404) or, while it loads,
 * a block as tall as the page is.
 */
export function AdminDetailPending({ title, error, notFound }: { title: string; error: Error | null; notFound: string }) {
  const { t } = useTranslation();
  return (
    <AdminShell title={title}>
      {error ? (
        <p role="alert" className="text-danger">{error instanceof ApiError && error.status === 404 ? notFound : t('admin.error')}</p>
      ) : (
        <div className="h-96 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" aria-busy="true" />
      )}
    </AdminShell>
  );
}
