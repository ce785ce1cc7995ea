import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterSearch } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { clientErrorsQuery, securityEventsQuery, securityHourlyQuery, type ErrorGroup, type SecurityEvent } from './api/ops';
import { AdminTabsPage } from './AdminTabs';

const TABS = ['events', 'errors'] as const;

/** /admin/security: security events with their hourly rate, and client errors grouped by message (issue 31 item 10). */
export default function SecurityPage() {
  const { t } = useTranslation();
  return (
    <AdminTabsPage
      title={t('admin.security.title')}
      tabs={TABS}
      tabsKey="admin.security.tabs"
      panel={(tab) => (tab === 'events' ? <Events /> : <Errors />)}
    />
  );
}

/** The rate indicator: one bar per hour of the last 24, the current hour last. */
function RateIndicator() {
  const { t, i18n } = useTranslation();
  const q = useQuery(securityHourlyQuery());
  const hour = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', timeZone: 'UTC' });
  const d = q.data;
  const peak = Math.max(1, d?.peak ?? 0);
  return (
    <section aria-labelledby="security-rate" className="rounded-card border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="security-rate" className="text-base font-semibold text-fg">
          {t('admin.security.rate.title')}
        </h2>
        <p className="text-sm text-fg-muted" data-testid="security-rate-summary">
          {d ? t('admin.security.rate.summary', { total: d.total, peak: d.peak }) : t('admin.security.rate.loading')}
        </p>
      </div>
      <ol aria-label={t('admin.security.rate.bars')} className="mt-3 flex h-20 items-end gap-0.5">
        {(d?.hours ?? Array.from({ length: 24 }, () => null)).map((h, i) => (
          <li key={h?.hour ?? i} className="flex h-full flex-1 items-end" title={h ? t('admin.security.rate.bar', { hour: hour.format(new Date(h.hour)), count: h.count }) : undefined}>
            <span className="sr-only">{h ? t('admin.security.rate.bar', { hour: hour.format(new Date(h.hour)), count: h.count }) : ''}</span>
            <span
              aria-hidden="true"
              className={cn('block w-full rounded-t-sm', h && h.count > 0 ? 'bg-primary' : 'bg-surface-sunken')}
              style={{ height: `${h ? Math.max(4, (h.count / peak) * 100) : 4}%` }}
            />
          </li>
        ))}
      </ol>
      {q.isError ? <p role="alert" className="mt-2 text-danger">{t('admin.error')}</p> : null}
    </section>
  );
}

function Events() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'at', dir: 'desc' });
  const filters = { kind: filter('kind'), user: filter('user'), from: filter('from'), to: filter('to') };
  const events = useQuery(securityEventsQuery(table, filters));
  const [draft, setDraft] = useState(filters);
  const id = useId();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: Column<SecurityEvent>[] = [
    { key: 'at', header: t('admin.security.at'), cell: (e) => when.format(new Date(e.at)), csv: (e) => e.at },
    { key: 'kind', header: t('admin.security.kind'), cell: (e) => <code className="text-xs">{e.kind}</code>, csv: (e) => e.kind },
    {
      key: 'user',
      header: t('admin.security.user'),
      cell: (e) =>
        e.user_id ? (
          <Link to={`/admin/users/${e.user_id}`} className="text-primary hover:underline">
            {e.user_email || e.user_id}
          </Link>
        ) : (
          t('admin.security.noUser')
        ),
      csv: (e) => e.user_email || e.user_id,
    },
    { key: 'data', header: t('admin.security.data'), cell: (e) => <code className="break-all text-xs">{e.data}</code>, csv: (e) => e.data },
  ];

  function onApply(e: FormEvent) {
    e.preventDefault();
    set({ kind: draft.kind.trim(), user: draft.user.trim(), from: draft.from, to: draft.to });
  }

  const field = (k: keyof typeof draft, type: string) => (
    <LabelledControl id={`${id}-${k}`} label={t(`admin.security.filters.${k}`)} className="flex min-w-40 flex-1 flex-col gap-1.5">
      <input
        id={`${id}-${k}`}
        type={type}
        value={draft[k]}
        onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
        className={cn(inputClass, 'border-border-strong')}
      />
    </LabelledControl>
  );

  return (
    <>
      <RateIndicator />
      <form onSubmit={onApply} className="flex flex-wrap items-end gap-3" role="search" aria-label={t('admin.security.filters.label')}>
        {field('kind', 'text')}
        {field('user', 'text')}
        {field('from', 'date')}
        {field('to', 'date')}
        <Button type="submit">{t('admin.security.filters.apply')}</Button>
      </form>
      <QueryTable
        query={events}
        rowsOf={(d) => d.events}
        error={t('admin.security.badFilter')}
        caption={t('admin.security.eventsCaption')}
        columns={columns}
        rowKey={(e) => e.id}
        params={table}
        onParams={set}
        csvName="security-events.csv"
      />
    </>
  );
}

function Errors() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'last_seen', dir: 'desc' });
  const q = filter('q');
  const errors = useQuery(clientErrorsQuery(table, q));
  const [draft, setDraft] = useState(q);
  const searchId = useId();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: Column<ErrorGroup>[] = [
    {
      key: 'message',
      header: t('admin.security.errors.message'),
      cell: (g) => (
        <div className="flex max-w-xl flex-col gap-1">
          <span className="font-medium break-words text-fg">{g.message}</span>
          {g.sample_url ? <span className="text-xs text-fg-muted">{g.sample_url}</span> : null}
          {g.sample_stack ? (
            <details>
              <summary className="cursor-pointer text-xs text-primary">{t('admin.security.errors.stack')}</summary>
              <pre className="mt-1 max-h-60 overflow-auto rounded-control bg-surface-sunken p-2 text-xs whitespace-pre-wrap">{g.sample_stack}</pre>
            </details>
          ) : null}
        </div>
      ),
      csv: (g) => g.message,
    },
    { key: 'count', header: t('admin.security.errors.count'), sort: 'count', cell: (g) => <span className="tabular-nums">{g.count}</span>, csv: (g) => String(g.count) },
    { key: 'first', header: t('admin.security.errors.firstSeen'), cell: (g) => when.format(new Date(g.first_seen)), csv: (g) => g.first_seen },
    { key: 'last', header: t('admin.security.errors.lastSeen'), sort: 'last_seen', cell: (g) => when.format(new Date(g.last_seen)), csv: (g) => g.last_seen },
  ];

  function onSearch(e: FormEvent) {
    e.preventDefault();
    set({ q: draft.trim() });
  }

  return (
    <>
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" role="search">
        <FilterSearch id={searchId} label={t('admin.security.errors.search')} value={draft} onChange={setDraft} />
        <Button type="submit">{t('admin.security.filters.apply')}</Button>
      </form>
      <QueryTable
        query={errors}
        rowsOf={(d) => d.groups}
        error={t('admin.error')}
        caption={t('admin.security.errors.caption')}
        columns={columns}
        rowKey={(g) => g.message}
        params={table}
        onParams={set}
        csvName="client-errors.csv"
      />
    </>
  );
}
