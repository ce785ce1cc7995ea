import { useTranslation } from 'react-i18next';
import type { DeskTicket } from './api/queries';

const CLASS: Record<DeskTicket['sla']['state'], string> = {
  none: 'bg-surface-sunken text-fg-muted',
  ok: 'bg-savings-soft text-savings-strong',
  due_soon: 'bg-warning-soft text-warning-strong',
  breached: 'bg-danger-soft text-danger-strong',
};

/** Hours and minutes of an age in seconds ("3 h 05 min"). */
export function ageText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** The SLA timer as the server computed it: the age of the customer's last message against the target. */
export function SlaBadge({ sla }: { sla: DeskTicket['sla'] }) {
  const { t } = useTranslation();
  const label = sla.state === 'none' ? t('desk.sla.none') : t(`desk.sla.${sla.state}`, { age: ageText(sla.age_seconds), target: ageText(sla.target_seconds) });
  return (
    <span data-testid="sla-badge" data-state={sla.state} className={`inline-block whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold tabular-nums ${CLASS[sla.state]}`}>
      {label}
    </span>
  );
}
