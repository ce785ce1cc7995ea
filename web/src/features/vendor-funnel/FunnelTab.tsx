import { useQuery } from '@tanstack/react-query';
import { ExternalLink, PencilRuler } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { funnelQuery, myServicesQuery } from './api';
import { FunnelEditor } from './FunnelEditor';

function Skeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-20 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      ))}
    </div>
  );
}

/**
 * /vendor-dashboard?tab=funnel: pick one of the caller's services and edit its funnel
 * (?service= keeps the choice, so the Services tab's "Edit funnel" links here).
 */
export function FunnelTab() {
  const [params, setParams] = useSearchParams();
  const serviceId = params.get('service');
  const choose = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('service', id);
        else next.delete('service');
        return next;
      },
      { replace: false },
    );
  if (serviceId) return <FunnelLoader id={serviceId} onClose={() => choose(null)} />;
  return <ServicePicker onPick={choose} />;
}

function ServicePicker({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useQuery(myServicesQuery());
  if (list.isPending) return <Skeleton label={t('vendorFunnel.loading')} />;
  if (list.isError) {
    return (
      <RetryAlert tone="plain" message={t('vendorFunnel.loadError')} retryLabel={t('vendorFunnel.retry')} onRetry={() => void list.refetch()} messageClassName="text-fg" />
    );
  }
  const services = list.data.services ?? [];
  return (
    <section aria-labelledby="vendor-funnel-heading" className="flex flex-col gap-4">
      <SectionHeading id="vendor-funnel-heading" title={t('vendorFunnel.heading')} intro={t('vendorFunnel.pickIntro')} />
      {services.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-fg-muted">{t('vendorFunnel.noServices')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('vendorFunnel.listLabel')}>
          {services.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="funnel-service-row">
              <p className="min-w-0 truncate font-medium text-fg">{s.title}</p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => onPick(s.id)} aria-label={t('vendorFunnel.editNamed', { title: s.title })}>
                  <PencilRuler aria-hidden="true" className="size-4" />
                  {t('vendorFunnel.edit')}
                </Button>
                {s.active ? (
                  <ButtonLink variant="ghost" size="sm" to={`/marketplace?service=${encodeURIComponent(s.id)}&view=details`} aria-label={t('vendorFunnel.viewNamed', { title: s.title })}>
                    <ExternalLink aria-hidden="true" className="size-4" />
                    {t('vendorFunnel.view')}
                  </ButtonLink>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FunnelLoader({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(funnelQuery(id));
  if (q.isPending) return <Skeleton label={t('vendorFunnel.loading')} />;
  if (q.isError) {
    return (
      <RetryAlert tone="plain" message={t('vendorFunnel.loadError')} retryLabel={t('vendorFunnel.retry')} onRetry={() => void q.refetch()} messageClassName="text-fg">
        <Button variant="ghost" onClick={onClose}>
          {t('vendorFunnel.back')}
        </Button>
      </RetryAlert>
    );
  }
  return <FunnelEditor key={id} funnel={q.data} onClose={onClose} />;
}
