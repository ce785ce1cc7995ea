import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { formatCents } from '../../lib/money';
import { dashboardQuery, type Dashboard } from './api/get-dashboard';
import { searchQuery } from './api/search';
import { AdminShell } from './AdminShell';

const FIGURES: ReadonlyArray<keyof Dashboard> = ['sign_ups', 'orders', 'paid_orders', 'revenue_cents', 'pending_approvals', 'open_tickets', 'retrying_jobs', 'dead_jobs', 'client_errors', 'security_events'];

/** /admin: today's figures and the global search. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <AdminShell title={t('admin.home.title')}>
      <GlobalSearch />
      <Figures />
    </AdminShell>
  );
}

function Figures() {
  const { t, i18n } = useTranslation();
  const q = useQuery(dashboardQuery());
  const d = q.data;
  return (
    <TitledSection id="admin-today" title={d ? t('admin.home.today', { day: d.day }) : t('admin.home.todayLoading')} className="flex flex-col gap-3">
      {q.isError ? <p role="alert" className="text-danger">{t('admin.error')}</p> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {FIGURES.map((k) => (
          <div key={k} className="rounded-card border border-border bg-surface p-4">
            <dt className="text-sm text-fg-muted">{t(`admin.home.figures.${k}`)}</dt>
            <dd className="mt-1 h-8 text-2xl font-semibold tabular-nums text-fg">
              {d ? (k === 'revenue_cents' ? formatCents(d.revenue_cents, { language: i18n.language, currency: 'USD' }) : String(d[k])) : (
                <span className="block h-7 w-16 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}

function GlobalSearch() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const q = useQuery(searchQuery(text.trim()));
  const r = q.data;
  return (
    <section role="search" className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t('admin.search.label')}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" aria-hidden />
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('admin.search.placeholder')} className={cn(inputClass, 'border-border-strong pl-9')} />
      </div>
      {r ? (
        <div className="grid gap-3 md:grid-cols-3" aria-live="polite">
          <HitList title={t('admin.search.users')} items={(r.users ?? []).map((u) => ({ key: u.id, to: `/admin/users/${u.id}`, label: u.email, sub: u.display_name }))} />
          <HitList title={t('admin.search.services')} items={(r.services ?? []).map((s) => ({ key: s.id, to: `/marketplace?service=${s.id}`, label: s.title, sub: s.vendor_name }))} />
          <HitList title={t('admin.search.orders')} items={(r.orders ?? []).map((o) => ({ key: o.id, to: `/admin/users?q=${encodeURIComponent(o.email)}`, label: o.number, sub: `${o.status} · ${o.email}` }))} />
        </div>
      ) : null}
    </section>
  );
}

function HitList({ title, items }: { title: string; items: Array<{ key: string; to: string; label: string; sub: string }> }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-card border border-border bg-surface p-3">
      <h3 className="mb-2 text-sm font-semibold text-fg">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin.search.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {items.map((i) => (
            <li key={i.key}>
              <Link to={i.to} className="block truncate text-sm text-primary hover:underline">
                {i.label}
              </Link>
              <span className="block truncate text-xs text-fg-muted">{i.sub}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
