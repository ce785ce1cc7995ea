import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Modal } from '../../components/ui/Modal';
import { toast } from '../../lib/toast';
import { AdminTabsPage } from './AdminTabs';
import {
  ENTRY_KINDS,
  entriesCsvHref,
  entriesQuery,
  reconciliationQuery,
  refundableOrdersQuery,
  totalsCsvHref,
  totalsQuery,
  useRefundOrder,
  useRunReconciliation,
  type Mismatch,
  type MoneyEntry,
  type MoneyTotal,
  type RefundableOrder,
} from './api/accounting';
import { PartRefundDialog } from './PartRefundDialog';
import { ReasonForm } from './ReasonForm';

const TABS = ['ledger', 'totals', 'reconciliation', 'refunds'] as const;

/**
 * /admin/accounting (issue 31 item 7): the append-only money record (ledger with filters and CSV),
 * totals by day and month, the reconciliation with every mismatch, and staff refunds of paid
 * orders. Amounts are integer cents formatted in the entry's currency.
 */
export default function AccountingPage() {
  const { t } = useTranslation();
  return (
    <AdminTabsPage
      title={t('accounting.title')}
      tabs={TABS}
      tabsKey="accounting.tabs"
      panel={(tab) => (tab === 'ledger' ? <Ledger /> : tab === 'totals' ? <Totals /> : tab === 'reconciliation' ? <Reconciliation /> : <Refunds />)}
    />
  );
}

/** Formats signed integer cents in a currency, to the cent. */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'fr' ? 'fr-CA' : i18n.language === 'es' ? 'es-US' : 'en-US';
  return (cents: number, currency = 'USD') =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: currency || 'USD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);
}

/** A filter's label over its control (control: drawn with the id the label names); full width on a phone. */
function LabelledFilter({ label, control }: { label: string; control: (id: string, className: string) => ReactNode }) {
  const id = useId();
  return (
    <LabelledControl id={id} label={label} className="flex min-w-0 flex-col gap-1.5 max-sm:w-full">
      {control(id, cn(inputClass, 'w-full min-w-0 border-border-strong'))}
    </LabelledControl>
  );
}

function SelectField({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  return (
    <LabelledFilter
      label={label}
      control={(id, className) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={className}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

function InputField({ label, value, onChange, type = 'text', placeholder }: { label: string; value: string; onChange: (v: string) => void; type?: string; placeholder?: string }) {
  return (
    <LabelledFilter
      label={label}
      control={(id, className) => <input id={id} type={type} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} className={className} />}
    />
  );
}

function useKindOptions() {
  const { t } = useTranslation();
  return [{ value: '', label: t('accounting.any') }, ...ENTRY_KINDS.map((k) => ({ value: k, label: t(`accounting.kinds.${k}`) }))];
}

function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className="inline-flex min-h-10 items-center rounded-control border border-border-strong px-3 text-sm font-medium text-primary hover:bg-surface-muted">
      {label}
    </a>
  );
}

function Ledger() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const kinds = useKindOptions();
  const { table, filter, set } = useTableParams({ sort: 'day', dir: 'desc' });
  const f = { kind: filter('kind'), from: filter('from'), to: filter('to'), q: filter('q') };
  const page = useQuery(entriesQuery({ ...f, sort: table.sort, dir: table.dir, page: table.page, pageSize: table.pageSize }));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const columns: Column<MoneyEntry>[] = [
    { key: 'day', header: t('accounting.when'), sort: 'day', cell: (r) => date.format(new Date(r.occurred_at)), csv: (r) => r.occurred_at },
    { key: 'kind', header: t('accounting.kind'), cell: (r) => t(`accounting.kinds.${r.kind}`), csv: (r) => r.kind },
    {
      key: 'amount',
      header: t('accounting.amount'),
      sort: 'amount',
      cell: (r) => <span className={cn('tabular-nums', r.amount_cents < 0 && 'text-danger-strong')}>{money(r.amount_cents, r.currency)}</span>,
      csv: (r) => String(r.amount_cents),
      className: 'text-right',
    },
    { key: 'points', header: t('accounting.points'), cell: (r) => (r.points ? <span className="tabular-nums">{r.points}</span> : ''), csv: (r) => String(r.points), className: 'text-right' },
    { key: 'object', header: t('accounting.object'), cell: (r) => <ObjectLink source={r.source} id={r.source_id} orderId={r.order_id} />, csv: (r) => `${r.source}:${r.source_id}` },
    { key: 'ref', header: t('accounting.providerRef'), cell: (r) => <span className="font-mono text-xs break-all">{r.provider_ref}</span>, csv: (r) => r.provider_ref },
  ];
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t('accounting.kind')} value={f.kind} onChange={(v) => set({ kind: v })} options={kinds} />
        <InputField label={t('accounting.from')} type="date" value={f.from} onChange={(v) => set({ from: v })} />
        <InputField label={t('accounting.to')} type="date" value={f.to} onChange={(v) => set({ to: v })} />
        <InputField label={t('accounting.search')} value={f.q} onChange={(v) => set({ q: v })} placeholder={t('accounting.searchHint')} />
        <CsvLink href={entriesCsvHref(f)} label={t('accounting.exportCsv')} />
      </div>
      <QueryTable
        query={page}
        rowsOf={(d) => d.entries}
        error={t('accounting.error')}
        caption={t('accounting.tabs.ledger')}
        columns={columns}
        rowKey={(r) => r.id}
        params={table}
        onParams={set}
        csvName="money-entries-page.csv"
        empty={t('accounting.noEntries')}
      />
    </>
  );
}

function ObjectLink({ source, id, orderId }: { source: string; id: string; orderId?: string }) {
  const { t } = useTranslation();
  const label = `${t(`accounting.sources.${source}`)} ${id}`;
  if (orderId) {
    return (
      <Link to={`/admin/accounting?tab=refunds&q=${encodeURIComponent(orderId)}`} className="text-primary underline-offset-2 hover:underline">
        <span className="font-mono text-xs break-all">{label}</span>
      </Link>
    );
  }
  return <span className="font-mono text-xs break-all">{label}</span>;
}

function Totals() {
  const { t } = useTranslation();
  const money = useMoney();
  const kinds = useKindOptions();
  const { filter, set } = useTableParams({ sort: 'period', dir: 'desc' });
  const grain = filter('grain') === 'month' ? 'month' : 'day';
  const f = { kind: filter('kind'), from: filter('from'), to: filter('to'), grain } as const;
  const totals = useQuery(totalsQuery(f));
  const rows: MoneyTotal[] = totals.data?.totals ?? [];
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.amount_cents)));
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('accounting.grain')}
          value={grain}
          onChange={(v) => set({ grain: v === 'day' ? undefined : v })}
          options={[
            { value: 'day', label: t('accounting.byDay') },
            { value: 'month', label: t('accounting.byMonth') },
          ]}
        />
        <SelectField label={t('accounting.kind')} value={f.kind} onChange={(v) => set({ kind: v })} options={kinds} />
        <InputField label={t('accounting.from')} type="date" value={f.from} onChange={(v) => set({ from: v })} />
        <InputField label={t('accounting.to')} type="date" value={f.to} onChange={(v) => set({ to: v })} />
        <CsvLink href={totalsCsvHref(f)} label={t('accounting.exportCsv')} />
      </div>
      {totals.isError ? <AlertLine>{t('accounting.error')}</AlertLine> : null}
      <div className="overflow-x-auto rounded-card border border-border bg-surface">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('accounting.tabs.totals')}</caption>
          <thead className="bg-surface-muted text-left text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2">{t('accounting.period')}</th>
              <th scope="col" className="px-3 py-2">{t('accounting.kind')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('accounting.count')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('accounting.amount')}</th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                <span className="sr-only">{t('accounting.chart')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.isPending
              ? Array.from({ length: 8 }, (_, i) => (
                  <tr key={i} className="border-t border-border">
                    <td colSpan={5} className="px-3 py-2">
                      <div className="h-5 animate-pulse rounded bg-surface-muted" />
                    </td>
                  </tr>
                ))
              : rows.map((r) => (
                  <tr key={`${r.period}-${r.kind}-${r.currency}`} className="border-t border-border">
                    <td className="px-3 py-2 tabular-nums">{r.period}</td>
                    <td className="px-3 py-2">{t(`accounting.kinds.${r.kind}`)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{r.count}</td>
                    <td className={cn('px-3 py-2 text-right tabular-nums', r.amount_cents < 0 && 'text-danger-strong')}>{money(r.amount_cents, r.currency)}</td>
                    <td className="hidden w-1/4 px-3 py-2 md:table-cell" aria-hidden="true">
                      <div className={cn('h-2 rounded', r.amount_cents < 0 ? 'bg-danger/60' : 'bg-primary/60')} style={{ width: `${(Math.abs(r.amount_cents) / max) * 100}%` }} />
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {!totals.isPending && rows.length === 0 ? <p className="text-fg-muted">{t('accounting.noEntries')}</p> : null}
    </>
  );
}

function Reconciliation() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const last = useQuery(reconciliationQuery());
  const run = useRunReconciliation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const r = last.data?.run ?? null;
  const mismatches: Mismatch[] = r?.mismatches ?? [];
  return (
    <>
      <section aria-labelledby="recon-status" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="recon-status" className="text-lg font-semibold text-fg">
            {last.isPending ? t('accounting.loading') : !r ? t('accounting.neverRun') : r.mismatch_count === 0 ? t('accounting.balanced') : t('accounting.mismatchCount', { count: r.mismatch_count })}
          </h2>
          {r ? (
            <p className="text-sm text-fg-muted">
              {t('accounting.lastRun', { at: date.format(new Date(r.finished_at)), cause: t(`accounting.causes.${r.cause}`), checked: r.checked })}
            </p>
          ) : null}
        </div>
        <Button
          disabled={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (out) => toast({ title: out.run && out.run.mismatch_count === 0 ? t('accounting.balanced') : t('accounting.mismatchCount', { count: out.run?.mismatch_count ?? 0 }), variant: out.run?.mismatch_count ? 'error' : 'success' }),
              onError: () => toast({ title: t('accounting.error'), variant: 'error' }),
            })
          }
        >
          {run.isPending ? t('accounting.running') : t('accounting.runNow')}
        </Button>
      </section>
      {last.isError ? <AlertLine>{t('accounting.error')}</AlertLine> : null}
      {mismatches.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('accounting.mismatches')}>
          {mismatches.map((m) => (
            <li key={`${m.key}-${m.problem}`} className="flex flex-col gap-1 rounded-card border border-danger/30 bg-surface p-3">
              <span className="flex flex-wrap items-center gap-2">
                <span className="rounded bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger-strong">{t(`accounting.problems.${m.problem}`)}</span>
                <span className="text-sm font-medium">{t(`accounting.kinds.${m.kind}`)}</span>
                <ObjectLink source={m.source} id={m.source_id} orderId={m.order_id} />
              </span>
              <span className="text-sm text-fg-muted tabular-nums">
                {t('accounting.wantGot', { want: money(m.want_cents, m.currency), got: money(m.got_cents, m.currency) })}
                {m.want_points || m.got_points ? ` · ${t('accounting.wantGotPoints', { want: m.want_points, got: m.got_points })}` : ''}
              </span>
              {m.user_id ? (
                <Link to={`/admin/users/${encodeURIComponent(m.user_id)}`} className="text-sm text-primary underline-offset-2 hover:underline">
                  {t('accounting.openUser')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Refunds() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { table, filter, set } = useTableParams({ sort: 'paid_at', dir: 'desc' });
  const f = { status: filter('status'), q: filter('q') };
  const page = useQuery(refundableOrdersQuery({ ...f, page: table.page, pageSize: table.pageSize }));
  const refund = useRefundOrder();
  const [target, setTarget] = useState<RefundableOrder | null>(null);
  const [partOf, setPartOf] = useState<RefundableOrder | null>(null);
  const titleId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: Column<RefundableOrder>[] = [
    { key: 'number', header: t('accounting.order'), cell: (r) => <span className="flex flex-col"><span className="font-medium">{r.number}</span><span className="font-mono text-xs text-fg-muted">{r.id}</span></span>, csv: (r) => r.number },
    { key: 'buyer', header: t('accounting.buyer'), cell: (r) => <Link to={`/admin/users/${encodeURIComponent(r.user_id)}`} className="text-primary underline-offset-2 hover:underline">{r.email}</Link>, csv: (r) => r.email },
    { key: 'paid', header: t('accounting.paidAt'), cell: (r) => (r.paid_at ? date.format(new Date(r.paid_at)) : ''), csv: (r) => r.paid_at ?? '' },
    { key: 'total', header: t('accounting.amount'), cell: (r) => <span className="tabular-nums">{money(r.total_cents, r.currency)}</span>, csv: (r) => String(r.total_cents), className: 'text-right' },
    { key: 'status', header: t('accounting.status'), cell: (r) => t(`accounting.orderStatuses.${r.status}`), csv: (r) => r.status },
    {
      key: 'actions',
      header: t('accounting.actions'),
      cell: (r) =>
        r.status === 'paid' ? (
          <span className="flex flex-wrap gap-2">
            <Button size="sm" variant="danger" onClick={() => setTarget(r)} aria-label={t('accounting.refundOf', { number: r.number })}>
              {t('accounting.refund')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPartOf(r)} aria-label={t('accounting.part.of', { number: r.number })}>
              {t('accounting.part.open')}
            </Button>
          </span>
        ) : (
          <span className="text-sm text-fg-muted tabular-nums">{money(r.refund_cents, r.currency)}</span>
        ),
    },
  ];
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('accounting.status')}
          value={f.status}
          onChange={(v) => set({ status: v })}
          options={[
            { value: '', label: t('accounting.any') },
            { value: 'paid', label: t('accounting.orderStatuses.paid') },
            { value: 'refunded', label: t('accounting.orderStatuses.refunded') },
          ]}
        />
        <InputField label={t('accounting.search')} value={f.q} onChange={(v) => set({ q: v })} placeholder={t('accounting.orderSearchHint')} />
      </div>
      <QueryTable
        query={page}
        rowsOf={(d) => d.orders}
        error={t('accounting.error')}
        caption={t('accounting.tabs.refunds')}
        columns={columns}
        rowKey={(r) => r.id}
        params={table}
        onParams={set}
        csvName="paid-orders.csv"
        empty={t('accounting.noOrders')}
      />
      {partOf ? <PartRefundDialog order={partOf} money={money} onClose={() => setPartOf(null)} /> : null}
      {target ? (
        <Modal labelledBy={titleId} onClose={() => setTarget(null)} role="alertdialog" className="flex max-w-lg flex-col gap-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {t('accounting.confirmTitle', { number: target.number })}
          </h2>
          <p className="text-sm text-fg">{t('accounting.confirmBody', { amount: money(target.total_cents, target.currency), email: target.email, points: target.points_used })}</p>
          <ReasonForm
            label={t('accounting.reason')}
            submit={refund.isPending ? t('accounting.refunding') : t('accounting.confirmRefund')}
            tone="danger"
            pending={refund.isPending}
            error={refund.error}
            onSubmit={(reason) =>
              refund.mutate(
                { id: target.id, reason },
                {
                  onSuccess: (out) => {
                    setTarget(null);
                    toast({ title: out.replayed ? t('accounting.alreadyRefunded') : t('accounting.refunded', { amount: money(out.amount_cents, out.currency) }), variant: 'success' });
                  },
                },
              )
            }
            onCancel={() => setTarget(null)}
          />
        </Modal>
      ) : null}
    </>
  );
}
