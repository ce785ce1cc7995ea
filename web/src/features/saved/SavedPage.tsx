import { useQuery } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ServiceImage } from '../../components/catalog/ServiceImage';
import { Stars } from '../../components/catalog/Stars';
import { PageHeader } from '../../components/ui/PageHeader';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { localized } from '../../lib/localize';
import type { components } from '../../lib/api/schema';
import { savedListQuery, useSaveNotes, useUnsave } from './api';

type Card = components['schemas']['Card'];
type Saved = components['schemas']['SavedService'];

/** /saved: the agent's saved services with notes (02§9, 03§7 saved_services). */
export default function SavedPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const q = useQuery(savedListQuery(signedIn));


  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <PageHeader title={t('detail.saved.title')} intro={t('detail.saved.intro')} tight />
      {q.isError ? (
        <RetryAlert message={t('detail.saved.error')} retryLabel={t('detail.saved.retry')} onRetry={() => void q.refetch()} messageClassName="text-fg" />
      ) : !q.data ? (
        <ul className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-32 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
          ))}
        </ul>
      ) : q.data.saved.length === 0 ? (
        <Notice headingLevel={2} title={t('detail.saved.empty')} icon={<Heart aria-hidden="true" className="size-8 text-fg-muted" />} actions={<ButtonLink to="/marketplace">{t('detail.saved.browse')}</ButtonLink>}>
          <p className="text-fg-muted">{t('detail.saved.emptyBody')}</p>
        </Notice>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="saved-list">
          {q.data.saved.map((s) => (
            <li key={s.id}>
              <SavedItem saved={s} card={q.data.cards.find((c) => c.id === s.service_id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedItem({ saved, card }: { saved: Saved; card: Card | undefined }) {
  const { t, i18n } = useTranslation();
  const [notes, setNotes] = useState(saved.notes);
  const saveNotes = useSaveNotes();
  const unsave = useUnsave();
  const busy = saveNotes.isPending || unsave.isPending;
  const title = card ? localized(i18n.language, card.title, card.title_es, card.title_fr) : saved.service_id;
  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      toast({ title: done, variant: 'success' });
    } catch {
      toast({ title: t('detail.saved.failed'), variant: 'error' });
    }
  };
  return (
    <article aria-label={title} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:flex-row">
      {card ? (
        <div className="relative aspect-video w-full shrink-0 overflow-hidden rounded-control bg-surface-sunken sm:w-48">
          <ServiceImage src={card.image_url} alt="" seed={card.id} lobbyCategory={card.lobby_category} category={card.category} />
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-2">
        <h2 className="text-lg font-semibold text-fg">{card ? title : t('detail.saved.gone')}</h2>
        {card ? (
          <>
            <p className="text-sm text-fg-muted">{card.vendor?.name || t('detail.unknownVendor')}</p>
            <Stars rating={card.rating.average_rating} reviews={card.rating.total_reviews} />
          </>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium text-fg">
          {t('detail.saved.notes', { title })}
          <textarea value={notes} maxLength={1000} rows={2} onChange={(e) => setNotes(e.target.value)} className="rounded-control border border-border-strong bg-surface p-2 text-sm font-normal text-fg" />
        </label>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy || notes === saved.notes} onClick={() => void run(() => saveNotes.mutateAsync({ serviceId: saved.service_id, notes }), t('detail.saved.notesSaved'))}>
            {t('detail.saved.saveNotes')}
          </Button>
          {card ? (
            <Link to={`/marketplace?service=${encodeURIComponent(card.id)}&view=funnel`} className="inline-flex h-8 items-center rounded-control px-3 text-sm font-medium text-primary hover:bg-surface-sunken">
              {t('detail.saved.view')}
            </Link>
          ) : null}
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void run(() => unsave.mutateAsync(saved.service_id), t('detail.saved.removed'))}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('detail.saved.remove')}
          </Button>
        </div>
      </div>
    </article>
  );
}
