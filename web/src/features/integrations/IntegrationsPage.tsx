import { useQuery } from '@tanstack/react-query';
import { Bot, Calendar, CreditCard, HardDrive, KeyRound, Mail, MapPin, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { PageHeader } from '../../components/ui/PageHeader';
import { integrationsQuery, type Integration } from './api';

const ICONS: Record<Integration['id'], LucideIcon> = {
  crm: Users,
  calendar: Calendar,
  payments: CreditCard,
  email: Mail,
  google_sign_in: KeyRound,
  geocoding: MapPin,
  llm: Bot,
  storage: HardDrive,
  bot_check: ShieldCheck,
};

const BADGE: Record<Integration['status'], string> = {
  configured: 'bg-savings-soft text-savings-strong',
  builtin: 'bg-primary-soft text-primary-strong',
  off: 'bg-surface-sunken text-fg-muted',
};

/** /integrations (issue 32 item 8): what Circle connects to here, read from the server's configuration. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const q = useQuery(integrationsQuery());
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6">
      <PageHeader responsive title={t('integrations.title')} intro={t('integrations.intro')} />
      {q.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-danger/30 bg-surface p-4">
          <p className="text-fg">{t('integrations.error')}</p>
          <Button variant="secondary" onClick={() => void q.refetch()}>
            {t('integrations.retry')}
          </Button>
        </div>
      ) : q.isPending ? (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-48 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
          ))}
        </ul>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {(q.data.integrations ?? []).map((i) => (
            <li key={i.id}>
              <IntegrationCard integration={i} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function IntegrationCard({ integration: i }: { integration: Integration }) {
  const { t } = useTranslation();
  const Icon = ICONS[i.id];
  const headingId = `integration-${i.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card" data-testid="integration-card">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-control bg-primary-soft text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 id={headingId} className="font-semibold text-fg">
              {t(`integrations.items.${i.id}.name`)}
            </h2>
            <span className={cn('rounded-pill px-2 py-0.5 text-xs font-semibold', BADGE[i.status])}>{t(`integrations.status.${i.status}`)}</span>
          </div>
          <p className="text-sm text-fg-muted">{t(`integrations.items.${i.id}.what`)}</p>
        </div>
      </div>
      <p className="text-sm text-fg">{t(`integrations.adapter.${i.adapter}`)}</p>
      {(i.needs ?? []).length > 0 && (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-fg">{t('integrations.needs')}</p>
          <ul className="flex flex-wrap gap-1">
            {(i.needs ?? []).map((n) => (
              <li key={n}>
                <code className={cn('rounded-control px-1.5 py-0.5 text-xs', (i.missing ?? []).includes(n) ? 'bg-warning-soft text-warning-strong' : 'bg-savings-soft text-savings-strong')}>
                  {n}
                </code>
                <span className="sr-only">{(i.missing ?? []).includes(n) ? t('integrations.notSet') : t('integrations.set')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-auto text-sm text-fg-muted">{t(i.connect === 'always' ? 'integrations.connect.always' : `integrations.items.${i.id}.connect`)}</p>
    </article>
  );
}
