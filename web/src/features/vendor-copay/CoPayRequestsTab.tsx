import { useQuery } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { cn } from '../../components/ui/cn';
import { SplitBar } from '../../components/ui/SplitBar';
import { useMoney } from '../../lib/useMoney';
import { incomingQuery, STATUSES, type IncomingRequest, type Status } from './api';
import { ApproveDialog, capSourceKey, DeclineDialog } from './DecisionDialogs';
import { formatDateTime } from '../../lib/dates';

/** One card's height, shared by the skeleton so nothing moves when the list arrives. */
const CARD_MIN_H = 'min-h-52';

function when(iso: string, language: string): string {
  return formatDateTime(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
}

const BADGE: Record<string, string> = {
  pending: 'bg-warning-soft text-warning-strong',
  approved: 'bg-savings-soft text-savings-strong',
  declined: 'bg-danger-soft text-danger-strong',
};

function RequestCard({ r, onApprove, onDecline }: { r: IncomingRequest; onApprove: () => void; onDecline: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className={cn(CARD_MIN_H, 'flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-fg">
            {r.service_title}
          </h3>
          <p className="text-sm text-fg-muted">
            {t('vendorCopay.from', { agent: r.agent_name || t('vendorCopay.theAgent') })} · {when(r.created_at, i18n.language)}
          </p>
        </div>
        <span className={cn('rounded-pill px-2.5 py-0.5 text-xs font-semibold', BADGE[r.status] ?? 'bg-surface-sunken text-fg-muted')}>
          {t(`vendorCopay.status.${r.status}`)}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-fg-muted">{t('vendorCopay.requested')}</dt>
          <dd className="font-semibold tabular text-fg">{r.requested_split_percentage}%</dd>
        </div>
        {r.approved_split_percentage != null ? (
          <div>
            <dt className="text-fg-muted">{t('vendorCopay.approvedSplit')}</dt>
            <dd className="font-semibold tabular text-fg">{r.approved_split_percentage}%</dd>
          </div>
        ) : (
          <div>
            {/* One cap: the lower of the service's limit and RESPA's (issue 28 item 12). */}
            <dt className="text-fg-muted">{t('vendorCopay.capLabel')}</dt>
            <dd className="font-semibold tabular text-fg" data-testid="copay-cap">
              {r.cap_percent}%<span className="block text-xs font-normal text-fg-muted">{t(capSourceKey(r))}</span>
            </dd>
          </div>
        )}
        <div>
          <dt className="text-fg-muted">{t('vendorCopay.yourShare')}</dt>
          <dd className="font-semibold tabular text-fg">{money(r.vendor_share_cents)}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">{t('vendorCopay.agentShare')}</dt>
          <dd className="font-semibold tabular text-fg">{money(r.agent_share_cents)}</dd>
        </div>
      </dl>
      <SplitBar vendorPercent={sharePercent(r.vendor_share_cents, r.agent_share_cents)} />
      <p className="text-sm text-fg">{r.explanation}</p>
      {r.agent_notes ? <p className="text-sm text-fg-muted">{t('vendorCopay.agentNote', { note: r.agent_notes })}</p> : null}
      {r.decision_note ? <p className="text-sm text-fg-muted">{t('vendorCopay.yourNote', { note: r.decision_note })}</p> : null}
      {r.status === 'pending' ? (
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-fg-muted">{t('vendorCopay.expires', { date: when(r.expires_at, i18n.language) })}</p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={onDecline} aria-label={t('vendorCopay.declineFor', { service: r.service_title, agent: r.agent_name })}>
              {t('vendorCopay.decline')}
            </Button>
            <Button size="sm" onClick={onApprove} aria-label={t('vendorCopay.approveFor', { service: r.service_title, agent: r.agent_name })}>
              {t('vendorCopay.approve')}
            </Button>
          </div>
        </div>
      ) : r.decided_at ? (
        <p className="mt-auto text-xs text-fg-muted">{t('vendorCopay.decidedOn', { date: when(r.decided_at, i18n.language) })}</p>
      ) : null}
    </li>
  );
}

/** The vendor's part of the price in percent, from the two shares the card writes. */
function sharePercent(vendorCents: number, agentCents: number): number {
  const total = vendorCents + agentCents;
  return total > 0 ? Math.round((vendorCents / total) * 100) : 0;
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul aria-busy="true" aria-label={t('vendorCopay.loading')} className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <li key={i} className={cn(CARD_MIN_H, 'rounded-card bg-surface-sunken motion-safe:animate-pulse')} />
      ))}
    </ul>
  );
}

/** The Co-pay requests tab of /vendor-dashboard (F-PAY-05): filter, list, approve and decline. */
export function CoPayRequestsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | ''>('pending');
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'decline'; r: IncomingRequest } | null>(null);
  const q = useQuery(incomingQuery(status));
  const filterId = useId();

  let body;
  if (q.isPending) {
    body = <ListSkeleton />;
  } else if (q.isError) {
    body = (
      <LoadFailed message={t('vendorCopay.loadError')} retryLabel={t('vendorCopay.retry')} onRetry={() => void q.refetch()} />
    );
  } else if ((q.data.vendors ?? []).length === 0) {
    body = <p className="rounded-card border border-border bg-surface p-6 text-fg-muted">{t('vendorCopay.noVendor')}</p>;
  } else if ((q.data.requests ?? []).length === 0) {
    body = (
      <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-6">
        <HandCoins aria-hidden="true" className="size-8 text-primary" />
        <p className="text-fg">{status ? t('vendorCopay.emptyStatus', { status: t(`vendorCopay.status.${status}`) }) : t('vendorCopay.empty')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label={t('vendorCopay.listLabel')}>
        {(q.data.requests ?? []).map((r) => (
          <RequestCard key={r.id} r={r} onApprove={() => setDialog({ kind: 'approve', r })} onDecline={() => setDialog({ kind: 'decline', r })} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-fg-muted">{t('vendorCopay.intro')}</p>
        <LabelledControl id={filterId} label={t('vendorCopay.filter')} className="flex items-center gap-2">
          <select
            id={filterId}
            value={status}
            onChange={(e) => setStatus(e.target.value as Status | '')}
            className="h-10 rounded-control border border-border-strong bg-surface px-2 text-sm text-fg"
          >
            <option value="">{t('vendorCopay.status.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`vendorCopay.status.${s}`)}
              </option>
            ))}
          </select>
        </LabelledControl>
      </div>
      {body}
      {dialog?.kind === 'approve' ? <ApproveDialog request={dialog.r} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'decline' ? <DeclineDialog request={dialog.r} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
