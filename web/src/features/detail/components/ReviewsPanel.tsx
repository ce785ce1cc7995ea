import { BadgeCheck, Pencil, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { ApiError } from '../../../lib/api/client';
import { toast } from '../../../lib/toast';
import { Stars } from '../../../components/catalog/Stars';
import { useDeleteReview, useSaveReview } from '../api/reviews';
import type { Review, ServiceDetail } from '../model/types';
import { Block, Pill } from './bits';
import { formatDateTime } from '../../../lib/dates';
import { NewTabLink } from '../../../components/ui/NewTabLink';

/** Reviews panel (02§2 Other panels, 02§5): average and count, write, edit or delete own, the list. */
export function ReviewsPanel({ detail, signedIn, title }: { detail: ServiceDetail; signedIn: boolean; title?: string }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<'new' | Review | null>(null);
  const id = detail.service.id;
  const saveReview = useSaveReview(id);
  const deleteReview = useDeleteReview(id);
  const busy = saveReview.isPending || deleteReview.isPending;
  const reviews = detail.reviews.reviews ?? [];
  const own = reviews.find((r) => r.own) ?? null;

  const startWriting = () => {
    if (!signedIn) {
      toast({ title: t('detail.reviews.authRequired'), description: t('detail.reviews.authRequiredBody'), variant: 'error' });
      return;
    }
    setEditing(own ?? 'new');
  };

  const submit = async (rating: number, text: string): Promise<boolean> => {
    if (rating < 1 || rating > 5) {
      toast({ title: t('detail.reviews.ratingRequired'), description: t('detail.reviews.ratingRequiredBody'), variant: 'error' });
      return false;
    }
    try {
      await saveReview.mutateAsync({ reviewId: editing && editing !== 'new' ? editing.id : null, rating, review: text });
      toast({ title: editing && editing !== 'new' ? t('detail.reviews.updated') : t('detail.reviews.submitted'), variant: 'success' });
      setEditing(null);
      return true;
    } catch (err) {
      // The server's own words for a rule it enforces (one review per user per service, sign-in).
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : t('detail.reviews.submitFailed');
      toast({ title: t('detail.reviews.error'), description: message, variant: 'error' });
      return false;
    }
  };

  const remove = async (r: Review) => {
    if (!window.confirm(t('detail.reviews.confirmDelete'))) return;
    try {
      await deleteReview.mutateAsync(r.id);
      toast({ title: t('detail.reviews.deleted'), variant: 'success' });
    } catch {
      toast({ title: t('detail.reviews.error'), description: t('detail.reviews.deleteFailed'), variant: 'error' });
    }
  };

  const date = (iso: string) => formatDateTime(iso, i18n.language, { year: 'numeric', month: 'short', day: 'numeric' });

  return (
    <Block
      id={`reviews-${id}`}
      title={title ?? t('detail.reviews.title')}
      action={
        editing ? null : (
          <Button variant="secondary" size="sm" onClick={startWriting}>
            <Pencil aria-hidden="true" className="size-4" />
            {own ? t('detail.reviews.edit') : t('detail.reviews.write')}
          </Button>
        )
      }
    >
      <div data-testid="reviews-summary">
        <Stars rating={detail.reviews.average_rating} reviews={detail.reviews.total_reviews} size="md" />
      </div>
      {editing ? (
        <ReviewForm
          initial={editing === 'new' ? null : editing}
          busy={busy}
          onCancel={() => setEditing(null)}
          onSubmit={submit}
        />
      ) : null}
      {reviews.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('detail.reviews.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('detail.reviews.title')}>
          {reviews.map((r) => (
            <li key={r.id} data-review-id={r.id} className="flex flex-col gap-1.5 rounded-card border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-fg">{r.author.anonymous || !r.author.display_name ? t('detail.reviews.anonymous') : r.author.display_name}</span>
                {r.own ? <Pill tone="muted">{t('detail.reviews.yours')}</Pill> : null}
                {r.verified ? (
                  <Pill tone="savings" icon={<BadgeCheck aria-hidden="true" className="size-3.5" />}>
                    {t('detail.reviews.verified')}
                  </Pill>
                ) : null}
                <span className="text-xs text-fg-muted">{t(`detail.reviews.sources.${r.review_source}`)}</span>
                <span className="ml-auto text-xs text-fg-muted">{date(r.created_at)}</span>
              </div>
              <p className="flex items-center gap-0.5" aria-label={t('detail.reviews.stars', { count: r.rating })} role="img">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star key={n} aria-hidden="true" className={cn('size-4', n <= r.rating ? 'fill-pro text-pro' : 'text-border-strong')} />
                ))}
              </p>
              {r.review ? <p className="text-sm whitespace-pre-line text-fg">{r.review}</p> : null}
              {r.source_url ? (
                <NewTabLink href={r.source_url} newTab={t('detail.newTab')} nofollow className="inline-flex items-center gap-1 self-start text-xs text-primary hover:underline" iconClassName="size-3">
                  {t('detail.reviews.viewSource')}
                </NewTabLink>
              ) : null}
              {r.own && !editing ? (
                <div className="flex gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(r)} disabled={busy}>
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('detail.reviews.edit')}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => void remove(r)} disabled={busy}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('detail.reviews.delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function ReviewForm({
  initial,
  busy,
  onCancel,
  onSubmit,
}: {
  initial: Review | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (rating: number, text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.review ?? '');
  const textId = useId();
  return (
    <form
      className="flex flex-col gap-3 rounded-card border border-border bg-surface-muted p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(rating, text);
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-fg">{t('detail.reviews.yourRating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={rating === n}
              aria-label={t('detail.reviews.stars', { count: n })}
              onClick={() => setRating(n)}
              className="rounded-control p-1 hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Star aria-hidden="true" className={cn('size-6', n <= rating ? 'fill-pro text-pro' : 'text-border-strong')} />
            </button>
          ))}
        </div>
      </fieldset>
      <label htmlFor={textId} className="text-sm font-medium text-fg">
        {t('detail.reviews.text')}
      </label>
      <textarea
        id={textId}
        value={text}
        maxLength={2000}
        rows={4}
        onChange={(e) => setText(e.target.value)}
        className="rounded-control border border-border-strong bg-surface p-2 text-sm text-fg"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('detail.reviews.submitting') : initial ? t('detail.reviews.update') : t('detail.reviews.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('detail.reviews.cancel')}
        </Button>
      </div>
    </form>
  );
}
