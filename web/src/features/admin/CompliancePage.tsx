import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterField } from '../../components/table/TableFilters';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { formatCents } from '../../lib/money';
import { complianceQuery, decisionsQuery, type ComplianceService, type Decision } from './api/compliance';
import { AdminTabsPage } from './AdminTabs';

const TABS = ['services', 'decisions'] as const;
const RISKS = ['high', 'medium', 'low', 'unset'] as const;
const KINDS = ['ssp', 'non_ssp'] as const;
const STATUSES = ['', 'approved', 'declined', 'expired', 'canceled', 'used'] as const;

/** /compliance: the RESPA view — services by risk level and vendor kind with their split limits, and decided co-pay requests with their audit packs (issue 31 item 11). */
export default function CompliancePage() {
  const { t } = useTranslation();
  return (
    <AdminTabsPage
      title={t('admin.compliance.title')}
      tabs={TABS}
      tabsKey="admin.compliance.tabs"
      panel={(tab) => (tab === 'services' ? <Services /> : <Decisions />)}
    />
  );
}

function Services() {
  const { t } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'risk', dir: 'asc' });
  const risk = filter('risk');
  const kind = filter('kind');
  const q = useQuery(complianceQuery(table, risk, kind));
  const id = useId();
  const cell = (r: string, k: string) => q.data?.matrix?.find((c) => (c.risk || 'unset') === r && c.kind === k)?.services ?? 0;
  const pct = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${n} %`);

  const columns: Column<ComplianceService>[] = [
    {
      key: 'service',
      header: t('admin.compliance.service'),
      cell: (s) => (
        <div className="flex flex-col">
          <span className="font-medium text-fg">{s.title}</span>
          {!s.is_active ? <span className="text-xs text-fg-muted">{t('admin.compliance.inactive')}</span> : null}
        </div>
      ),
      csv: (s) => s.title,
    },
    {
      key: 'vendor',
      header: t('admin.compliance.vendor'),
      cell: (s) => (
        <Link to={`/admin/vendors/${s.vendor_id}`} className="text-primary hover:underline">
          {s.vendor_name}
        </Link>
      ),
      csv: (s) => s.vendor_name,
    },
    { key: 'kind', header: t('admin.compliance.kind'), cell: (s) => t(`admin.compliance.kinds.${s.respa_kind}`), csv: (s) => s.respa_kind },
    { key: 'risk', header: t('admin.compliance.risk'), cell: (s) => t(`admin.compliance.risks.${s.risk_level || 'unset'}`), csv: (s) => s.risk_level },
    { key: 'copay', header: t('admin.compliance.copay'), cell: (s) => (s.copay_allowed ? t('admin.compliance.yes') : t('admin.compliance.no')), csv: (s) => String(s.copay_allowed) },
    { key: 'limit', header: t('admin.compliance.splitLimit'), cell: (s) => pct(s.respa_split_limit), csv: (s) => String(s.respa_split_limit ?? '') },
    { key: 'ssp', header: t('admin.compliance.sspCap'), cell: (s) => pct(s.ssp_cap), csv: (s) => String(s.ssp_cap) },
    { key: 'nonssp', header: t('admin.compliance.nonSspCap'), cell: (s) => pct(s.non_ssp_cap), csv: (s) => String(s.non_ssp_cap) },
  ];

  return (
    <>
      <TitledSection id="respa-matrix" title={t('admin.compliance.matrix')} className="flex flex-col gap-2">
        <div role="region" aria-labelledby="respa-matrix" tabIndex={0} className="overflow-x-auto rounded-card border border-border">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">{t('admin.compliance.matrix')}</caption>
            <thead className="bg-surface-sunken text-fg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('admin.compliance.risk')}</th>
                {KINDS.map((k) => (
                  <th key={k} scope="col" className="px-3 py-2 text-right font-medium">{t(`admin.compliance.kinds.${k}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {RISKS.map((r) => (
                <tr key={r} className="border-t border-border">
                  <th scope="row" className="px-3 py-2 font-medium text-fg">{t(`admin.compliance.risks.${r}`)}</th>
                  {KINDS.map((k) => (
                    <td key={k} className="px-3 py-0 text-right tabular-nums">
                      <button
                        type="button"
                        className="inline-flex min-h-11 min-w-11 items-center justify-end text-primary hover:underline"
                        aria-label={t('admin.compliance.showCell', { risk: t(`admin.compliance.risks.${r}`), kind: t(`admin.compliance.kinds.${k}`), count: cell(r, k) })}
                        onClick={() => set({ risk: r, kind: k })}
                      >
                        {q.data ? cell(r, k) : '–'}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-fg-muted">{t('admin.compliance.matrixNote')}</p>
      </TitledSection>
      <div className="flex flex-wrap items-end gap-3">
        <FilterField id={`${id}-risk`} label={t('admin.compliance.risk')}>
          <select id={`${id}-risk`} value={risk} onChange={(e) => set({ risk: e.target.value })} className={cn(inputClass, 'border-border-strong')}>
            <option value="">{t('admin.compliance.any')}</option>
            {RISKS.map((r) => (
              <option key={r} value={r}>{t(`admin.compliance.risks.${r}`)}</option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${id}-kind`} label={t('admin.compliance.kind')}>
          <select id={`${id}-kind`} value={kind} onChange={(e) => set({ kind: e.target.value })} className={cn(inputClass, 'border-border-strong')}>
            <option value="">{t('admin.compliance.any')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>{t(`admin.compliance.kinds.${k}`)}</option>
            ))}
          </select>
        </FilterField>
      </div>
      <QueryTable
        query={q}
        rowsOf={(d) => d.services}
        error={t('admin.error')}
        caption={t('admin.compliance.servicesCaption')}
        columns={columns}
        rowKey={(s) => s.id}
        params={table}
        onParams={set}
        csvName="respa-services.csv"
      />
    </>
  );
}

function Decisions() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'updated_at', dir: 'desc' });
  const status = filter('status');
  const q = useQuery(decisionsQuery(table, status));
  const id = useId();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: Column<Decision>[] = [
    { key: 'when', header: t('admin.compliance.when'), cell: (d) => when.format(new Date(d.decided_at ?? d.updated_at)), csv: (d) => d.decided_at ?? d.updated_at },
    { key: 'status', header: t('admin.compliance.status'), cell: (d) => t(`admin.compliance.statuses.${d.status}`), csv: (d) => d.status },
    { key: 'vendor', header: t('admin.compliance.vendor'), cell: (d) => `${d.vendor_name} (${t(`admin.compliance.kinds.${d.vendor_kind}`)})`, csv: (d) => d.vendor_name },
    { key: 'agent', header: t('admin.compliance.agent'), cell: (d) => d.agent_email, csv: (d) => d.agent_email },
    { key: 'service', header: t('admin.compliance.service'), cell: (d) => d.service_title, csv: (d) => d.service_title },
    {
      key: 'split',
      header: t('admin.compliance.split'),
      cell: (d) => t('admin.compliance.splitValue', { requested: d.requested_split_percentage, approved: d.approved_split_percentage ?? '–' }),
      csv: (d) => `${d.requested_split_percentage}/${d.approved_split_percentage ?? ''}`,
    },
    { key: 'share', header: t('admin.compliance.vendorShare'), cell: (d) => formatCents(d.vendor_share_cents, { language: i18n.language, currency: 'USD' }), csv: (d) => String(d.vendor_share_cents) },
    {
      key: 'pack',
      header: t('admin.compliance.auditPack'),
      cell: (d) => (
        <a href={d.audit_pack_path} className="text-primary hover:underline" target="_blank" rel="noreferrer">
          {t('admin.compliance.openPack', { vendor: d.vendor_name, agent: d.agent_email })}
        </a>
      ),
      csv: (d) => d.audit_pack_path,
    },
  ];
  return (
    <>
      <LabelledControl id={`${id}-status`} label={t('admin.compliance.status')} className="flex flex-col gap-1.5 self-start">
        <select id={`${id}-status`} value={status} onChange={(e) => set({ status: e.target.value })} className={cn(inputClass, 'border-border-strong')}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>{s ? t(`admin.compliance.statuses.${s}`) : t('admin.compliance.anyDecision')}</option>
          ))}
        </select>
      </LabelledControl>
      <QueryTable
        query={q}
        rowsOf={(d) => d.decisions}
        error={t('admin.error')}
        caption={t('admin.compliance.decisionsCaption')}
        columns={columns}
        rowKey={(d) => d.id}
        params={table}
        onParams={set}
        csvName="co-pay-decisions.csv"
      />
    </>
  );
}
