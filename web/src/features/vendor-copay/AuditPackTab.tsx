import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { buttonClass } from '../../components/ui/button';
import { useMoney } from '../../lib/useMoney';
import { auditAgentsQuery, auditCsvHref, auditPackQuery, incomingQuery, type AuditPack, type OwnedVendor } from './api';
import { formatDateTime } from '../../lib/dates';

/**
 * Printing the pack prints only the pack: the app's header, footer, navigation and the tab's
 * controls are hidden, the pack flows on white paper with its tables kept whole per row.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #respa-audit-pack, #respa-audit-pack * { visibility: visible !important; }
  #respa-audit-pack { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; border: 0; box-shadow: none; background: #fff; color: #000; }
  #respa-audit-pack [data-print-hide] { display: none !important; }
  #respa-audit-pack tr, #respa-audit-pack li { break-inside: avoid; }
}`;

function when(iso: string | null | undefined, language: string): string {
  return iso ? formatDateTime(iso, language, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function Pack({ pack: raw }: { pack: AuditPack }) {
  const { t, i18n } = useTranslation();
  const pack = {
    ...raw,
    requests: (raw.requests ?? []).map((r) => ({ ...r, events: r.events ?? [] })),
    points: raw.points ?? [],
    charges: raw.charges ?? [],
  };
  const money = useMoney();
  const lang = i18n.language;
  const cell = 'border-b border-border px-2 py-1.5 text-left align-top';
  return (
    <article id="respa-audit-pack" aria-labelledby="audit-pack-title" className="flex flex-col gap-5 rounded-card border border-border bg-surface p-4 md:p-6">
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="audit-pack-title" className="text-lg font-bold text-fg">
            {t('vendorCopay.audit.packTitle', { vendor: pack.vendor_name, agent: pack.agent_name })}
          </h3>
          <p className="text-sm text-fg-muted">
            {t('vendorCopay.audit.generated', { date: when(pack.generated_at, lang) })} · {t(pack.vendor_kind === 'ssp' ? 'vendorCopay.audit.ssp' : 'vendorCopay.audit.nonSsp')}
          </p>
        </div>
        <div data-print-hide className="flex flex-wrap gap-2">
          <a href={auditCsvHref(pack.vendor_id, pack.agent_id)} download className={buttonClass('secondary', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            {t('vendorCopay.audit.csv')}
          </a>
          <Button size="sm" variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t('vendorCopay.audit.print')}
          </Button>
        </div>
      </header>

      <section aria-labelledby="audit-requests" className="flex flex-col gap-3">
        <h4 id="audit-requests" className="font-semibold text-fg">
          {t('vendorCopay.audit.requests', { count: pack.requests.length })}
        </h4>
        {pack.requests.length === 0 ? <p className="text-sm text-fg-muted">{t('vendorCopay.audit.noRequests')}</p> : null}
        <ul className="flex flex-col gap-4">
          {pack.requests.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 rounded-control border border-border p-3">
              <p className="font-semibold text-fg">
                {r.service_title} · {t(`vendorCopay.status.${r.status}`)}
              </p>
              {r.self_dealing ? (
                <p className="text-sm font-semibold text-danger-strong" data-testid="self-dealing">
                  {t('vendorCopay.audit.selfDealing')}
                </p>
              ) : null}
              <p className="text-sm text-fg-muted">
                {t('vendorCopay.audit.requestLine', {
                  id: r.id,
                  date: when(r.created_at, lang),
                  requested: r.requested_split_percentage,
                  base: money(r.base_price_cents),
                })}
              </p>
              <p className="text-sm text-fg">{r.explanation}</p>
              <div className="overflow-x-auto">
                <table className="w-full min-w-[36rem] border-collapse text-sm">
                  <caption className="sr-only">{t('vendorCopay.audit.eventsOf', { service: r.service_title })}</caption>
                  <thead>
                    <tr className="text-fg-muted">
                      <th scope="col" className={cell}>{t('vendorCopay.audit.when')}</th>
                      <th scope="col" className={cell}>{t('vendorCopay.audit.what')}</th>
                      <th scope="col" className={cell}>{t('vendorCopay.audit.who')}</th>
                      <th scope="col" className={cell}>{t('vendorCopay.audit.split')}</th>
                      <th scope="col" className={cell}>{t('vendorCopay.audit.shares')}</th>
                      <th scope="col" className={cell}>{t('vendorCopay.audit.explanation')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.events.map((e, i) => (
                      <tr key={`${r.id}-${i}`}>
                        <td className={cell}>{when(e.created_at, lang)}</td>
                        <td className={cell}>{t(`vendorCopay.audit.event.${e.status}`)}</td>
                        <td className={cell}>{e.actor_id ? e.actor_name : t('vendorCopay.audit.system')}</td>
                        <td className={`${cell} tabular`}>{e.split_percentage}%</td>
                        <td className={`${cell} tabular`}>
                          {t('vendorCopay.audit.sharesValue', { vendor: money(e.vendor_share_cents), agent: money(e.agent_share_cents) })}
                        </td>
                        <td className={cell}>
                          {e.explanation}
                          {e.note ? <span className="block text-fg-muted">{t('vendorCopay.audit.noteValue', { note: e.note })}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <AuditList id="audit-points" title={t('vendorCopay.audit.points')} empty={pack.points.length === 0 ? t('vendorCopay.audit.noPoints') : null}>
        <ul className="flex flex-col divide-y divide-border text-sm">
          {pack.points.map((p, i) => (
            <li key={`${p.spend_id}-${i}`} className="flex justify-between gap-3 py-1.5">
              <span>
                {when(p.created_at, lang)} · {t(p.points < 0 ? 'vendorCopay.audit.spent' : 'vendorCopay.audit.reversed')}
                {p.reference ? ` · ${p.reference}` : ''}
              </span>
              <span className="tabular font-semibold">{p.points.toLocaleString(lang)}</span>
            </li>
          ))}
        </ul>
      </AuditList>

      <AuditList id="audit-charges" title={t('vendorCopay.audit.charges')} empty={pack.charges.length === 0 ? t('vendorCopay.audit.noCharges') : null}>
        <ul className="flex flex-col divide-y divide-border text-sm">
          {pack.charges.map((c) => (
            <li key={c.order_item_id} className="flex flex-wrap justify-between gap-3 py-1.5">
              <span>
                {when(c.created_at, lang)} · {c.service_title} · {t('vendorCopay.audit.order', { id: c.order_id })}
              </span>
              <span className="tabular">{t('vendorCopay.audit.sharesValue', { vendor: money(c.vendor_share_cents), agent: money(c.agent_share_cents) })}</span>
            </li>
          ))}
        </ul>
      </AuditList>
    </article>
  );
}

/** One list of the pack (points, charges): its heading, then the rows or the line saying there are none. */
function AuditList({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h4 id={id} className="font-semibold text-fg">
        {title}
      </h4>
      {empty !== null ? <p className="text-sm text-fg-muted">{empty}</p> : children}
    </section>
  );
}

/** The Audit pack tab (F-PAY-06): pick an agent, read the pack, download it as CSV or print it. */
export function AuditPackTab() {
  const { t, i18n } = useTranslation();
  const vendorsQ = useQuery(incomingQuery('pending'));
  const vendors: OwnedVendor[] = vendorsQ.data?.vendors ?? [];
  const [vendorPick, setVendorPick] = useState('');
  const vendorId = vendorPick || vendors[0]?.id || '';
  const agentsQ = useQuery(auditAgentsQuery(vendorId));
  const [agentPick, setAgentPick] = useState('');
  const agents = agentsQ.data?.agents ?? [];
  const agentId = agents.some((a) => a.agent_id === agentPick) ? agentPick : (agents[0]?.agent_id ?? '');
  const packQ = useQuery(auditPackQuery(vendorId, agentId));
  const vendorSel = useId();
  const agentSel = useId();

  if (vendorsQ.isPending || (vendorId && agentsQ.isPending)) {
    return <div aria-busy="true" aria-label={t('vendorCopay.audit.loading')} className="h-96 rounded-card bg-surface-sunken motion-safe:animate-pulse" />;
  }
  if (vendorsQ.isError || agentsQ.isError) {
    return (
      <p role="alert" className="text-danger-strong">
        {t('vendorCopay.loadError')}
      </p>
    );
  }
  if (vendors.length === 0) return <p className="rounded-card border border-border bg-surface p-6 text-fg-muted">{t('vendorCopay.noVendor')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-sm text-fg-muted">{t('vendorCopay.audit.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        {vendors.length > 1 ? (
          <LabelledControl id={vendorSel} label={t('vendorCopay.audit.vendor')} className="flex flex-col gap-1">
            <select id={vendorSel} value={vendorId} onChange={(e) => setVendorPick(e.target.value)} className="h-10 rounded-control border border-border-strong bg-surface px-2 text-sm">
              {vendors.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </LabelledControl>
        ) : null}
        {agents.length > 0 ? (
          <LabelledControl id={agentSel} label={t('vendorCopay.audit.agent')} className="flex flex-col gap-1">
            <select id={agentSel} value={agentId} onChange={(e) => setAgentPick(e.target.value)} className="h-10 max-w-full rounded-control border border-border-strong bg-surface px-2 text-sm">
              {agents.map((a) => (
                <option key={a.agent_id} value={a.agent_id}>
                  {t('vendorCopay.audit.agentOption', { agent: a.agent_name || a.agent_id, count: a.requests, date: when(a.last_activity, i18n.language) })}
                </option>
              ))}
            </select>
          </LabelledControl>
        ) : null}
      </div>
      {agents.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-fg-muted">{t('vendorCopay.audit.noAgents')}</p>
      ) : packQ.isPending ? (
        <div aria-busy="true" aria-label={t('vendorCopay.audit.loading')} className="h-96 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      ) : packQ.isError ? (
        <p role="alert" className="text-danger-strong">
          {t('vendorCopay.loadError')}
        </p>
      ) : (
        <Pack pack={packQ.data} />
      )}
    </div>
  );
}
