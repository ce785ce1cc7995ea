import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { FilterSearch, FilterSelect } from '../../components/table/TableFilters';
import { Button } from '../../components/ui/Button';
import { REVIEW_SOURCES, reviewsQuery, useHideReview, useRestoreReview, type ReviewRow } from './api/reviews';
import { AdminShell } from './AdminShell';
import { AssignReviewDialog } from './AssignReviewDialog';
import { ReviewNotesDialog } from './ReviewNotesDialog';
import { ReasonForm } from './ReasonForm';

const STATUSES = ['', 'visible', 'hidden'] as const;
const RATINGS = ['', '5', '4', '3', '2', '1'] as const;
const VERIFIED = ['', 'yes', 'no'] as const;
const SOURCES = ['', ...REVIEW_SOURCES] as const;

/**
 * /admin/reviews: every review with its source, hide and restore (a reason each, in the audit
 * log), internal notes on any review, and reviews added on a member's behalf (admin_assigned).
 */
export default function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'created_at', dir: 'desc' });
  const f = { q: filter('q'), status: filter('status'), rating: filter('rating'), verified: filter('verified'), source: filter('source') };
  const reviews = useQuery(reviewsQuery(table, f));
  const [draft, setDraft] = useState(f.q);
  const [acting, setActing] = useState<ReviewRow | null>(null);
  const [noting, setNoting] = useState<ReviewRow | null>(null);
  const [adding, setAdding] = useState(false);
  const ids = { search: useId(), status: useId(), rating: useId(), verified: useId(), source: useId() };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const columns: Column<ReviewRow>[] = [
    { key: 'service', header: t('admin.reviews.service'), cell: (r) => r.service_title, csv: (r) => r.service_title },
    {
      key: 'reviewer',
      header: t('admin.reviews.reviewer'),
      cell: (r) => (
        <span className="flex flex-col">
          <span>{r.reviewer_name || '—'}</span>
          <span className="text-xs text-fg-muted">{r.reviewer_email}</span>
        </span>
      ),
      csv: (r) => r.reviewer_email,
    },
    {
      key: 'rating',
      header: t('admin.reviews.rating'),
      sort: 'rating',
      cell: (r) => <span aria-label={t('admin.reviews.stars', { count: r.rating })}>{'★'.repeat(r.rating)}</span>,
      csv: (r) => String(r.rating),
    },
    { key: 'text', header: t('admin.reviews.text'), cell: (r) => <span className="line-clamp-3 max-w-md">{r.text || '—'}</span>, csv: (r) => r.text },
    {
      key: 'source',
      header: t('adminTools.reviews.source'),
      cell: (r) => (
        <span className="flex flex-col">
          <span className={r.source === 'admin_assigned' ? 'font-medium' : ''}>{t(`adminTools.reviews.sources.${r.source}`)}</span>
          {r.source_url ? (
            <a href={r.source_url} target="_blank" rel="noopener noreferrer nofollow" className="text-xs text-primary hover:underline">
              {t('adminTools.reviews.sourceLink')}
              <span className="sr-only"> ({t('adminTools.reviews.newTab')})</span>
            </a>
          ) : null}
        </span>
      ),
      csv: (r) => r.source,
    },
    {
      key: 'notes',
      header: t('adminTools.reviews.notes'),
      cell: (r) => (
        <span className="flex max-w-56 flex-col items-start gap-1">
          {r.admin_notes ? <span className="line-clamp-2 text-sm">{r.admin_notes}</span> : null}
          <Button size="sm" variant="ghost" onClick={() => setNoting(r)} aria-label={t('adminTools.reviews.notesOf', { name: r.reviewer_name || r.reviewer_email, service: r.service_title })}>
            {r.admin_notes ? t('adminTools.reviews.editNotes') : t('adminTools.reviews.addNotes')}
          </Button>
        </span>
      ),
      csv: (r) => r.admin_notes,
    },
    {
      key: 'verified',
      header: t('admin.reviews.verified'),
      cell: (r) => (r.verified_purchase ? t('admin.reviews.yes') : t('admin.reviews.no')),
      csv: (r) => (r.verified_purchase ? 'yes' : 'no'),
    },
    {
      key: 'status',
      header: t('admin.reviews.status'),
      cell: (r) => (
        <span className="flex flex-col">
          <span className={r.status === 'hidden' ? 'font-medium text-danger' : ''}>{t(`admin.reviews.statuses.${r.status}`)}</span>
          {r.hidden_reason ? <span className="text-xs text-fg-muted">{r.hidden_reason}</span> : null}
        </span>
      ),
      csv: (r) => r.status,
    },
    { key: 'created', header: t('admin.reviews.created'), sort: 'created_at', cell: (r) => date.format(new Date(r.created_at)), csv: (r) => r.created_at },
    {
      key: 'actions',
      header: t('admin.reviews.actions'),
      cell: (r) => (
        <Button
          size="sm"
          variant={r.status === 'hidden' ? 'secondary' : 'danger'}
          onClick={() => setActing(r)}
          aria-label={t(r.status === 'hidden' ? 'admin.reviews.restoreOf' : 'admin.reviews.hideOf', { name: r.reviewer_name || r.reviewer_email, service: r.service_title })}
        >
          {r.status === 'hidden' ? t('admin.reviews.restore') : t('admin.reviews.hide')}
        </Button>
      ),
    },
  ];

  function onSearch(e: FormEvent) {
    e.preventDefault();
    set({ q: draft.trim() });
  }

  return (
    <AdminShell title={t('admin.reviews.title')} actions={<Button onClick={() => setAdding(true)}>{t('adminTools.reviews.assign.open')}</Button>}>
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3" role="search">
        <FilterSearch id={ids.search} label={t('admin.reviews.search')} value={draft} onChange={setDraft} />
        <FilterSelect id={ids.status} label={t('admin.reviews.status')} value={f.status} options={STATUSES} text={(s) => (s ? t(`admin.reviews.statuses.${s}`) : t('admin.reviews.any'))} onChange={(v) => set({ status: v })} />
        <FilterSelect id={ids.rating} label={t('admin.reviews.rating')} value={f.rating} options={RATINGS} text={(s) => (s ? t('admin.reviews.stars', { count: Number(s) }) : t('admin.reviews.any'))} onChange={(v) => set({ rating: v })} />
        <FilterSelect id={ids.verified} label={t('admin.reviews.verified')} value={f.verified} options={VERIFIED} text={(s) => (s ? t(`admin.reviews.${s}`) : t('admin.reviews.any'))} onChange={(v) => set({ verified: v })} />
        <FilterSelect id={ids.source} label={t('adminTools.reviews.source')} value={f.source} options={SOURCES} text={(s) => (s ? t(`adminTools.reviews.sources.${s}`) : t('admin.reviews.any'))} onChange={(v) => set({ source: v })} />
        <Button type="submit">{t('admin.users.apply')}</Button>
      </form>
      {acting ? <Moderate review={acting} onDone={() => setActing(null)} /> : null}
      {noting ? <ReviewNotesDialog review={noting} onClose={() => setNoting(null)} /> : null}
      {adding ? <AssignReviewDialog onClose={() => setAdding(false)} /> : null}
      <QueryTable
        query={reviews}
        rowsOf={(d) => d.reviews}
        error={t('admin.error')}
        caption={t('admin.reviews.title')}
        columns={columns}
        rowKey={(r) => r.id}
        params={table}
        onParams={set}
        csvName="reviews.csv"
      />
    </AdminShell>
  );
}

function Moderate({ review, onDone }: { review: ReviewRow; onDone: () => void }) {
  const { t } = useTranslation();
  const hide = useHideReview();
  const restore = useRestoreReview();
  const hiding = review.status !== 'hidden';
  const m = hiding ? hide : restore;
  return (
    <section className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4" aria-label={hiding ? t('admin.reviews.hide') : t('admin.reviews.restore')}>
      <p className="text-sm">
        <span className="font-medium">{review.service_title}</span> · {review.reviewer_name || review.reviewer_email} · {'★'.repeat(review.rating)}
      </p>
      {review.text ? <blockquote className="border-l-2 border-border pl-3 text-sm text-fg-muted">{review.text}</blockquote> : null}
      <ReasonForm
        label={hiding ? t('admin.reviews.hideLabel') : t('admin.reviews.restoreLabel')}
        submit={hiding ? t('admin.reviews.hide') : t('admin.reviews.restore')}
        tone={hiding ? 'danger' : 'primary'}
        pending={m.isPending}
        error={m.error}
        onSubmit={(reason) => m.mutate({ id: review.id, reason }, { onSuccess: onDone })}
        onCancel={onDone}
      />
    </section>
  );
}
