import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterSearch, FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { formatCents } from '../../lib/money';
import { toast } from '../../lib/toast';
import { cacheHealthQuery, servicesQuery, topDealsQuery, useClearCache, useRefreshCache, useRerank, type ServiceRow } from './api/catalog';
import { AdminShell } from './AdminShell';

const STATUSES = ['', 'active', 'inactive'] as const;
const FLAGS = ['', 'featured', 'sponsored', 'top_pick', 'copay'] as const;

/**
 * /admin/services: every service (server-side paging, sorting and filters in the URL, CSV),
 * each opening its edit page; the marketplace's rerank and cache tools and the Top Deals
 * preview (issue 31 item 4, the admin part of F-CAT-06).
 */
export default function ServicesPage() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'updated_at', dir: 'desc' });
  const f = { q: filter('q'), status: filter('status'), flag: filter('flag'), category: filter('category') };
  const services = useQuery(servicesQuery(table, f));
  const [draft, setDraft] = useState(f.q);
  const ids = { search: useId(), status: useId(), flag: useId() };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const money = (c: number | null | undefined) => (c == null ? '—' : formatCents(c, { language: i18n.language, currency: 'USD' }));

  const columns: Column<ServiceRow>[] = [
    {
      key: 'title',
      header: t('adminCatalog.list.service'),
      sort: 'title',
      cell: (r) => (
        <span className="flex flex-col">
          <Link to={`/admin/services/${r.id}`} className="font-medium text-primary underline-offset-2 hover:underline">
            {r.title}
          </Link>
          <span className="text-xs text-fg-muted">{r.vendor_name || '—'}</span>
        </span>
      ),
      csv: (r) => r.title,
    },
    { key: 'vendor', header: t('adminCatalog.list.vendor'), cell: (r) => r.vendor_name || '—', csv: (r) => r.vendor_name },
    { key: 'category', header: t('adminCatalog.list.category'), cell: (r) => r.category || '—', csv: (r) => r.category },
    { key: 'retail', header: t('adminCatalog.list.retail'), sort: 'retail_price', cell: (r) => money(r.retail_price_cents), csv: (r) => String(r.retail_price_cents ?? '') },
    { key: 'pro', header: t('adminCatalog.list.pro'), cell: (r) => money(r.pro_price_cents), csv: (r) => String(r.pro_price_cents ?? '') },
    {
      key: 'copay',
      header: t('adminCatalog.list.copay'),
      cell: (r) => (r.copay_allowed ? t('adminCatalog.list.upTo', { percent: r.split_limit ?? 0 }) : t('adminCatalog.no')),
      csv: (r) => (r.copay_allowed ? String(r.split_limit ?? '') : ''),
    },
    {
      key: 'status',
      header: t('adminCatalog.list.status'),
      cell: (r) => (
        <span className="flex flex-col">
          <span className={r.active ? 'text-savings-strong' : 'text-fg-muted'}>{r.active ? t('adminCatalog.statuses.active') : t('adminCatalog.statuses.inactive')}</span>
          {r.vendor_suspended ? <span className="text-xs text-danger">{t('adminCatalog.list.vendorSuspended')}</span> : null}
        </span>
      ),
      csv: (r) => (r.active ? 'active' : 'inactive'),
    },
    {
      key: 'flags',
      header: t('adminCatalog.list.flags'),
      cell: (r) => flagsOf(r).map((k) => t(`adminCatalog.flags.${k}`)).join(', ') || '—',
      csv: (r) => flagsOf(r).join(' '),
    },
    { key: 'sort', header: t('adminCatalog.list.sortOrder'), sort: 'sort_order', cell: (r) => r.sort_order, csv: (r) => String(r.sort_order) },
    { key: 'updated', header: t('adminCatalog.list.updated'), sort: 'updated_at', cell: (r) => date.format(new Date(r.updated_at)), csv: (r) => r.updated_at },
  ];

  function onSearch(e: FormEvent) {
    e.preventDefault();
    set({ q: draft.trim() });
  }

  return (
    <AdminShell title={t('admin.services.title')}>
      <MarketplaceTools />
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" role="search">
        <FilterSearch id={ids.search} label={t('adminCatalog.list.search')} value={draft} onChange={setDraft} />
        <FilterSelect id={ids.status} label={t('adminCatalog.list.status')} value={f.status} options={STATUSES} text={(s) => (s ? t(`adminCatalog.statuses.${s}`) : t('adminCatalog.any'))} onChange={(v) => set({ status: v })} />
        <FilterSelect id={ids.flag} label={t('adminCatalog.list.flags')} value={f.flag} options={FLAGS} text={(s) => (s ? t(`adminCatalog.flags.${s}`) : t('adminCatalog.any'))} onChange={(v) => set({ flag: v })} />
        <Button type="submit">{t('adminCatalog.apply')}</Button>
      </form>
      <QueryTable
        query={services}
        rowsOf={(d) => d.services}
        error={t('admin.error')}
        caption={t('admin.services.title')}
        columns={columns}
        rowKey={(r) => r.id}
        params={table}
        onParams={set}
        csvName="services.csv"
      />
      <TopDealsPreview />
    </AdminShell>
  );
}

function flagsOf(r: ServiceRow): string[] {
  const out: string[] = [];
  if (r.featured) out.push('featured');
  if (r.top_pick) out.push('top_pick');
  if (r.sponsored) out.push('sponsored');
  return out;
}

/** The marketplace's rerank and cache tools (03§2, 02§9), beside the catalogue they act on. */
function MarketplaceTools() {
  const { t, i18n } = useTranslation();
  const health = useQuery(cacheHealthQuery());
  const rerank = useRerank();
  const refresh = useRefreshCache();
  const clear = useClearCache();
  const busy = rerank.isPending || refresh.isPending || clear.isPending;
  const h = health.data;
  const status = !h ? null : !h.exists ? 'missing' : h.stale ? 'stale' : 'fresh';
  const when = h?.generated_at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(h.generated_at)) : '—';
  const run = (m: { mutateAsync: () => Promise<unknown> }, done: string) => {
    m.mutateAsync().then(
      () => toast({ title: t(done), variant: 'success' }),
      () => toast({ title: t('admin.error'), variant: 'error' }),
    );
  };
  return (
    <TitledSection id="catalog-tools" title={t('adminCatalog.tools.title')} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <p role="status" className="min-h-5 text-sm text-fg-muted" data-testid="catalog-cache">
        {status ? t(`adminCatalog.tools.cache.${status}`, { services: h?.services_count ?? 0, vendors: h?.vendors_count ?? 0, when }) : t('adminCatalog.tools.checking')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => run(rerank, 'adminCatalog.tools.reranked')}>
          {t('adminCatalog.tools.rerank')}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => run(refresh, 'adminCatalog.tools.refreshed')}>
          {t('adminCatalog.tools.refresh')}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => run(clear, 'adminCatalog.tools.cleared')}>
          {t('adminCatalog.tools.clear')}
        </Button>
      </div>
    </TitledSection>
  );
}

/** What the marketplace's Top Deals row shows now, and why it is hidden when it is. */
function TopDealsPreview() {
  const { t, i18n } = useTranslation();
  const deals = useQuery(topDealsQuery());
  const d = deals.data;
  const money = (c: number | null | undefined) => (c == null ? '—' : formatCents(c, { language: i18n.language, currency: 'USD' }));
  return (
    <TitledSection id="top-deals-preview" title={t('adminCatalog.topDeals.title')} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      {d ? (
        <p className="text-sm text-fg-muted">
          {d.shown ? t('adminCatalog.topDeals.shown') : !d.switch_on ? t('adminCatalog.topDeals.switchOff') : !d.flag_on ? t('adminCatalog.topDeals.flagOff') : t('adminCatalog.topDeals.none')}{' '}
          <Link to="/admin/config" className="text-primary underline">
            {t('adminCatalog.topDeals.config')}
          </Link>
        </p>
      ) : (
        <p className="min-h-5 text-sm text-fg-muted">{deals.isError ? t('admin.error') : t('adminCatalog.tools.checking')}</p>
      )}
      <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {(d?.deals ?? []).map((c, i) => (
          <li key={c.id} className="flex flex-col rounded-control border border-border p-3 text-sm">
            <span className="font-medium text-fg">
              {i + 1}. {c.title}
            </span>
            <span className="text-fg-muted">
              {c.vendor?.name ?? '—'} · {money(c.retail_price_cents)}
              {c.pro_price_cents != null ? ` · ${t('adminCatalog.topDeals.pro', { price: money(c.pro_price_cents) })}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}
