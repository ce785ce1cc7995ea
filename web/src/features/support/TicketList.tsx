import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitledSection } from '../../components/ui/TitledSection';
import { formatDateTime } from '../../lib/dates';
import { useViewer } from '../../lib/session';
import { ticketsQuery, type TicketSummary } from './api';

const STATUS_CLASS: Record<TicketSummary['status'], string> = {
  open: 'bg-primary-soft text-primary-strong',
  pending: 'bg-warning-soft text-warning-strong',
  solved: 'bg-savings-soft text-savings-strong',
};

/** The member's own tickets (or only their disputes) with their status, newest first. */
export function TicketList({ kind, heading }: { kind?: TicketSummary['kind']; heading: string }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const q = useQuery(ticketsQuery(viewer.status === 'signed-in'));
  if (viewer.status !== 'signed-in') return null;
  const rows = (q.data?.tickets ?? []).filter((x) => !kind || x.kind === kind);
  return (
    <TitledSection id="support-tickets-heading" title={heading} className="flex flex-col gap-3">
      {q.isPending ? (
        <ul aria-hidden className="flex flex-col gap-2">
          {[0, 1].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-card bg-surface-sunken" />
          ))}
        </ul>
      ) : q.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('support.tickets.failed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void q.refetch()}>
            {t('support.tickets.retry')}
          </button>
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-fg-muted">{t(kind === 'dispute' ? 'support.tickets.noDisputes' : 'support.tickets.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="support-tickets">
          {rows.map((x) => (
            <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 rounded-card border border-border bg-surface p-3">
              <div className="min-w-0 flex-1">
                <Link to={`/contact/requests/${x.id}`} className="block truncate font-medium text-primary hover:underline">
                  {x.kind === 'dispute' ? t('support.tickets.disputeTitle', { number: x.order_number }) : x.subject}
                </Link>
                <p className="text-xs text-fg-muted">
                  {t(`support.tickets.kinds.${x.kind}`)} · {formatDateTime(x.created_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                  {x.kind === 'dispute' && x.reason ? ` · ${t(`support.dispute.reasons.${x.reason}`)}` : ''}
                </p>
              </div>
              <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_CLASS[x.status]}`}>{t(`support.tickets.status.${x.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
