import { useQuery } from '@tanstack/react-query';
import { Award, CalendarCheck, FileText, Handshake, Image as ImageIcon, Play, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../components/ui/CloseButton';
import { Button } from '../../../components/ui/Button';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/catalog/Avatar';
import { Stars } from '../../../components/catalog/Stars';
import { localized } from '../../../lib/localize';
import { useUpdateVendorQuestions, vendorDetailQuery } from '../api/vendor';
import type { VendorDetail } from '../model/types';
import { Pill, Prose, VerifiedPill } from './bits';
import { RepresentativePicker } from './RepresentativePicker';
import { formatDateTime } from '../../../lib/dates';
import { NewTabLink } from '../../../components/ui/NewTabLink';

/** Latest reviews shown under question 5 (02§9: 10 loaded, 3 shown). */
export const VENDOR_REVIEWS_SHOWN = 3;
/** Specialties shown before a +N more count (02§2 vendor card). */
export const SPECIALTIES_SHOWN = 3;

/** The vendor funnel modal (02§2). */
export default function VendorModal({ vendorId, onClose, onBook }: { vendorId: string; onClose: () => void; onBook: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const q = useQuery(vendorDetailQuery(vendorId));
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-5xl! overflow-y-auto p-0!">
      <div className="sticky top-0 z-10 flex justify-end bg-surface/95 p-2">
        <CloseButton label={t('detail.close')} onClick={onClose} className="flex size-9 items-center justify-center rounded-pill text-fg hover:bg-surface-sunken" iconClassName="size-5" />
      </div>
      {q.data ? (
        <VendorBody data={q.data} titleId={titleId} onBook={onBook} />
      ) : (
        <div className="flex flex-col items-center gap-4 p-8 text-center">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {q.isError ? t('detail.vendor.loadFailed') : t('detail.loading')}
          </h2>
          {q.isError ? <Button onClick={() => void q.refetch()}>{t('detail.vendor.retry')}</Button> : <Spinner />}
        </div>
      )}
    </Modal>
  );
}

function VendorBody({ data, titleId, onBook }: { data: VendorDetail; titleId: string; onBook: () => void }) {
  const { t, i18n } = useTranslation();
  const v = data.vendor;
  const name = localized(i18n.language, v.name, v.name_es, v.name_fr);
  const description = localized(i18n.language, v.description, v.description_es, v.description_fr) || t('detail.vendor.defaultDescription');
  const [tab, setTab] = useState<'overview' | 'edit'>('overview');
  const licensedStates = data.licence.license_states ?? v.license_states ?? [];
  return (
    <div className="flex flex-col gap-6 px-6 pb-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-start">
        <Avatar src={v.logo_url} name={name} className="size-16" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <VerifiedPill verified={v.is_verified} label={v.is_verified ? t('detail.vendor.verified') : t('detail.vendor.notVerified')} />
            {data.top_partner ? (
              <Pill tone="pro" icon={<Award aria-hidden="true" className="size-3.5" />}>
                {t('detail.vendor.topPartner')}
              </Pill>
            ) : null}
          </div>
          <h2 id={titleId} className="text-2xl font-bold text-fg">
            {name}
          </h2>
          <Prose text={description} className="text-fg-muted" />
          <Stars rating={data.stats.average_rating} reviews={data.stats.review_count} size="md" />
          {v.location ? <p className="text-sm text-fg-muted">{t('detail.vendor.location', { location: v.location })}</p> : null}
          {(v.specialties ?? []).length > 0 ? (
            <ul aria-label={t('detail.vendor.specialties')} className="flex flex-wrap items-center gap-1" data-testid="vendor-specialties">
              {(v.specialties ?? []).slice(0, SPECIALTIES_SHOWN).map((sp) => (
                <li key={sp} className="rounded-pill bg-surface-sunken px-2 py-0.5 text-xs text-fg">
                  {sp}
                </li>
              ))}
              {(v.specialties ?? []).length > SPECIALTIES_SHOWN ? (
                <li className="text-xs text-fg-muted">{t('detail.vendor.more', { count: (v.specialties ?? []).length - SPECIALTIES_SHOWN })}</li>
              ) : null}
            </ul>
          ) : null}
          {v.local_representative?.name ? (
            <p className="text-sm text-fg-muted">
              {t('detail.vendor.localRep', { name: [v.local_representative.name, v.local_representative.title].filter(Boolean).join(', ') })}
            </p>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-center">
          <Stat label={t('detail.vendor.activePartners')} value={String(data.stats.active_partners)} />
          <Stat label={t('detail.vendor.campaignsFunded')} value={String(data.stats.campaigns_funded)} />
        </dl>
      </header>

      {data.viewer_is_owner ? (
        <div className="flex flex-col gap-4">
          <div role="tablist" aria-label={t('detail.vendor.tabs')} className="flex gap-2 border-b border-border">
            {(['overview', 'edit'] as const).map((k) => (
              <button
                key={k}
                role="tab"
                type="button"
                aria-selected={tab === k}
                onClick={() => setTab(k)}
                className={cn('-mb-px border-b-2 px-4 py-2 text-sm font-medium', tab === k ? 'border-primary text-primary-strong' : 'border-transparent text-fg-muted hover:text-fg')}
              >
                {k === 'overview' ? t('detail.vendor.overview') : t('detail.vendor.editFunnel')}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {tab === 'overview' ? (
              <dl className="grid grid-cols-3 gap-3 text-center">
                <Stat label={t('detail.vendor.activePartners')} value={String(data.stats.active_partners)} />
                <Stat label={t('detail.vendor.campaignsFunded')} value={String(data.stats.campaigns_funded)} />
                <Stat label={t('detail.vendor.averageRating')} value={data.stats.average_rating.toFixed(1)} />
              </dl>
            ) : (
              <FunnelEditor data={data} />
            )}
          </div>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex flex-col gap-6">
          {(data.content ?? []).length > 0 ? (
            <section className="flex flex-col gap-2" aria-label={t('detail.vendor.content')}>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
                {(data.content ?? []).slice(0, 4).map((c) => (
                  <li key={c.id}>
                    <a href={c.content_url} target="_blank" rel="noopener noreferrer" className="relative flex aspect-video flex-col items-center justify-center gap-1 overflow-hidden rounded-card border border-border bg-surface-sunken p-2 text-center text-xs text-fg hover:border-primary">
                      {c.thumbnail_url ? <img src={c.thumbnail_url} alt="" className="absolute inset-0 size-full object-cover opacity-40" /> : null}
                      {c.content_type.startsWith('video') ? <Play aria-hidden="true" className="relative size-5" /> : c.content_type === 'document' ? <FileText aria-hidden="true" className="relative size-5" /> : <ImageIcon aria-hidden="true" className="relative size-5" />}
                      <span className="relative font-medium">{c.title}</span>
                      {c.is_featured ? (
                        <span className="absolute top-1 right-1 flex items-center gap-0.5 rounded-pill bg-pro-soft px-1.5 text-pro-strong">
                          <Star aria-hidden="true" className="size-3 fill-current" />
                          {t('detail.vendor.featured')}
                        </span>
                      ) : null}
                      <span className="sr-only">{t('detail.newTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Questions data={data} />
          <RepresentativePicker vendorType={v.vendor_type} representatives={data.representatives ?? []} />
        </div>
        <aside className="flex flex-col gap-4">
          <div className="flex flex-col gap-3 rounded-card border border-border bg-surface-muted p-4">
            <h3 className="text-base font-semibold text-fg">{t('detail.vendor.readyToConnect')}</h3>
            <Button onClick={onBook}>
              <CalendarCheck aria-hidden="true" className="size-4" />
              {t('detail.vendor.bookConsultation')}
            </Button>
            {v.website_url ? (
              <NewTabLink href={v.website_url} newTab={t('detail.newTab')} className={buttonClass('secondary')}>
                {t('detail.vendor.viewWebsite')}
              </NewTabLink>
            ) : null}
            <a href={`mailto:${v.contact_email}?subject=${encodeURIComponent(t('detail.vendor.requestPartnership'))}`} className={buttonClass('secondary')}>
              <Handshake aria-hidden="true" className="size-4" />
              {t('detail.vendor.requestPartnership')}
            </a>
            {licensedStates.length > 0 ? <p className="text-sm text-fg-muted">{t('detail.vendor.licensedIn', { count: licensedStates.length })}</p> : null}
            <p className="text-sm text-fg-muted">{t('detail.vendor.activePartnersLine', { count: data.stats.active_partners })}</p>
          </div>
          {data.licence.show_card ? (
            <div className="flex flex-col gap-2 rounded-card border border-border p-4 text-sm" data-testid="licence-card">
              <h3 className="text-base font-semibold text-fg">{t('detail.vendor.licenceTitle')}</h3>
              {data.licence.nmls_id ? <p className="text-fg">{t('detail.vendor.nmls', { id: data.licence.nmls_id })}</p> : null}
              {licensedStates.length > 0 ? <p className="text-fg">{t('detail.vendor.licensedStates', { states: licensedStates.join(', ') })}</p> : null}
              <p className="text-fg-muted">{t(`detail.vendor.disclosures.${data.licence.disclosure_kind}`)}</p>
            </div>
          ) : null}
        </aside>
      </div>

      <section className="rounded-card border border-border bg-surface-muted p-4 text-xs text-fg-muted" aria-label={t('detail.vendor.disclaimerTitle')}>
        <p>{t('detail.vendor.disclaimer')}</p>
      </section>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card border border-border bg-surface px-4 py-3">
      <dd className="tabular text-xl font-bold text-fg">{value}</dd>
      <dt className="text-xs text-fg-muted">{label}</dt>
    </div>
  );
}

/** Evaluation questions: single-open, first open; question 5 shows the latest 3 reviews. */
function Questions({ data }: { data: VendorDetail }) {
  const { t, i18n } = useTranslation();
  const questions = data.questions ?? [];
  const [open, setOpen] = useState<number | null>(questions[0]?.question_number ?? null);
  const reviews = (data.latest_reviews ?? []).slice(0, VENDOR_REVIEWS_SHOWN);
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-lg font-semibold text-fg">{t('detail.vendor.questions')}</h3>
      {questions.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('detail.vendor.noQuestions')}</p>
      ) : (
        <div className="flex flex-col divide-y divide-border rounded-card border border-border">
          {questions.map((q) => {
            const expanded = open === q.question_number;
            const panel = `vq-${data.vendor.id}-${q.question_number}`;
            return (
              <div key={q.question_number}>
                <h4>
                  <button type="button" aria-expanded={expanded} aria-controls={panel} onClick={() => setOpen(expanded ? null : q.question_number)} className="w-full px-4 py-3 text-left text-sm font-semibold text-fg hover:bg-surface-muted">
                    {q.question_text}
                  </button>
                </h4>
                {expanded ? (
                  <div id={panel} className="flex flex-col gap-2 px-4 pb-4 text-sm">
                    {q.question_number === 5 ? (
                      reviews.length === 0 ? (
                        <p className="text-fg-muted">{t('detail.vendor.noReviews')}</p>
                      ) : (
                        <ul className="flex flex-col gap-2" data-testid="vendor-latest-reviews">
                          {reviews.map((r) => (
                            <li key={r.id} className="rounded-control bg-surface-muted p-3">
                              <p className="font-semibold text-fg">
                                {r.author.anonymous || !r.author.display_name ? t('detail.reviews.anonymous') : r.author.display_name}
                                <span className="ml-2 font-normal text-fg-muted">{t('detail.reviews.stars', { count: r.rating })}</span>
                                <span className="ml-2 text-xs font-normal text-fg-muted">{formatDateTime(r.created_at, i18n.language, {})}</span>
                              </p>
                              {r.service_title ? <p className="text-xs text-fg-muted">{r.service_title}</p> : null}
                              {r.review ? <p className="text-fg">{r.review}</p> : null}
                            </li>
                          ))}
                        </ul>
                      )
                    ) : q.answer_text ? (
                      <Prose text={q.answer_text} />
                    ) : null}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** Edit Funnel (vendor view): the prompt, then the question editor; save or cancel returns to the prompt. */
function FunnelEditor({ data }: { data: VendorDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-card border border-dashed border-border-strong p-4">
        <h3 className="text-base font-semibold text-fg">{t('detail.vendor.customize')}</h3>
        <p className="text-sm text-fg-muted">{t('detail.vendor.customizeBody')}</p>
        <Button onClick={() => setEditing(true)}>{t('detail.vendor.startEditing')}</Button>
      </div>
    );
  }
  return <QuestionEditor data={data} onDone={() => setEditing(false)} />;
}

function QuestionEditor({ data, onDone }: { data: VendorDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const questions = data.questions ?? [];
  const [drafts, setDrafts] = useState<Record<number, string>>(() => Object.fromEntries(questions.map((q) => [q.question_number, q.question_text])));
  const updateQuestions = useUpdateVendorQuestions(data.vendor.id);
  const saving = updateQuestions.isPending;
  const save = async () => {
    const changed = questions.filter((q) => (drafts[q.question_number] ?? '') !== q.question_text);
    try {
      await updateQuestions.mutateAsync(changed.map((q) => ({ number: q.question_number, text: drafts[q.question_number] ?? '' })));
      toast({ title: t('detail.vendor.updated'), variant: 'success' });
      onDone();
    } catch {
      toast({ title: t('detail.vendor.updateFailed'), variant: 'error' });
    }
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {questions.map((q) => (
        <label key={q.question_number} className="flex flex-col gap-1 text-sm font-medium text-fg">
          {t('detail.vendor.questionText', { n: q.question_number })}
          <input
            value={drafts[q.question_number] ?? ''}
            onChange={(e) => setDrafts((d) => ({ ...d, [q.question_number]: e.target.value }))}
            className="h-10 rounded-control border border-border-strong bg-surface px-3 text-sm font-normal text-fg"
          />
        </label>
      ))}
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? t('detail.vendor.saving') : t('detail.vendor.save')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={saving}>
          {t('detail.vendor.cancel')}
        </Button>
      </div>
    </form>
  );
}
