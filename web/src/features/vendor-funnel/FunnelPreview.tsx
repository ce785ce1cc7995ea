import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Modal, ModalFooter } from '../../components/ui/Modal';
import { sanitizeText } from '../../lib/formRules';
import { BenefitIcon } from './icons';
import { contentOf, type FunnelForm } from './model';

/**
 * The Preview dialog: the funnel as the service's detail page shows it, every text as the
 * server's sanitiser will leave it (scripts, tags, 'javascript:' and inline handlers removed).
 */
export function FunnelPreview({ form, onClose }: { form: FunnelForm; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const c = contentOf(form);
  const s = sanitizeText;
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-w-3xl">
      <div className="flex max-h-[80vh] flex-col gap-6 overflow-y-auto p-5" data-testid="funnel-preview" tabIndex={0} aria-labelledby={titleId}>
        <p id={titleId} className="text-xs font-semibold uppercase tracking-wide text-fg-muted">
          {t('vendorFunnel.preview.title')}
        </p>
        <header className="flex flex-col gap-2">
          <h2 className="text-2xl font-bold text-fg">{s(c.headline)}</h2>
          {c.subHeadline ? <p className="text-lg text-fg-muted">{s(c.subHeadline)}</p> : null}
          {c.heroDescription ? <p className="whitespace-pre-line text-sm text-fg">{s(c.heroDescription)}</p> : null}
          <p className="text-sm text-fg-muted">
            {t('vendorFunnel.preview.roi', { roi: c.estimatedRoi })} · {t('vendorFunnel.preview.duration', { duration: s(c.duration) || t('detail.tbd') })}
          </p>
          {c.urgency?.enabled && c.urgency.message ? <p className="rounded-card bg-warning-soft p-2 text-sm text-warning-strong">{s(c.urgency.message)}</p> : null}
        </header>
        {(c.media ?? []).length > 0 ? (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t('vendorFunnel.tabs.media')}>
            {(c.media ?? []).map((m, i) => (
              <li key={i} className="flex flex-col gap-1 text-xs text-fg-muted">
                {m.type === 'image' && /^(https?:\/\/|\/[^/])/.test(m.url) ? (
                  <img src={m.url} alt={s(m.title)} className="aspect-video w-full rounded-card object-cover" />
                ) : (
                  <span className="flex aspect-video items-center justify-center rounded-card bg-surface-sunken">{t(`vendorFunnel.mediaKinds.${m.type === 'video' ? 'video' : m.type === 'document' ? 'document' : 'image'}`)}</span>
                )}
                {s(m.title)}
              </li>
            ))}
          </ul>
        ) : null}
        {(c.benefits ?? []).length > 0 ? (
          <section className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold text-fg">{s(c.whyChooseUsTitle) || t('detail.sales.whyChooseUs')}</h3>
            <ul className="grid gap-3 sm:grid-cols-2">
              {(c.benefits ?? []).map((b, i) => (
                <li key={i} className="flex gap-3 rounded-card border border-border p-3">
                  <BenefitIcon name={b.icon ?? 'check'} className="size-5 shrink-0 text-primary" />
                  <div>
                    <p className="font-medium text-fg">{s(b.title)}</p>
                    <p className="text-sm text-fg-muted">{s(b.description)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {(c.packages ?? []).length > 0 ? (
          <section className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold text-fg">{t('vendorFunnel.tabs.packages')}</h3>
            <ul className="grid gap-3 sm:grid-cols-3">
              {(c.packages ?? []).map((p, i) => (
                <li key={i} className="flex flex-col gap-1 rounded-card border border-border p-3">
                  {p.popular ? <span className="self-start rounded-full bg-primary-soft px-2 text-xs font-medium text-primary-strong">{t('vendorFunnel.packages.popular')}</span> : null}
                  <p className="font-semibold text-fg">{s(p.name)}</p>
                  <p className="tabular-nums text-xl font-bold text-fg">
                    {money(p.priceCents)}
                    {p.originalPriceCents ? <s className="ml-2 text-sm font-normal text-fg-muted">{money(p.originalPriceCents)}</s> : null}
                  </p>
                  <p className="text-sm text-fg-muted">{s(p.description)}</p>
                  <ul className="list-disc pl-5 text-sm text-fg">
                    {(p.features ?? []).map((f, j) => (
                      <li key={j}>{s(f)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="flex flex-col gap-3">
          {form.sections.map((q, i) =>
            q.content.trim() ? (
              <div key={q.id}>
                <h3 className="font-semibold text-fg">
                  {i + 1}. {t(`detail.sections.titles.${i + 1}`)}
                </h3>
                <p className="whitespace-pre-line text-sm text-fg">{s(q.content)}</p>
              </div>
            ) : null,
          )}
          {c.proofItWorks.introText ? <p className="text-sm text-fg-muted">{s(c.proofItWorks.introText)}</p> : null}
          {c.proofItWorks.testimonialsEnabled && (c.proofItWorks.testimonials ?? []).length > 0 ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {(c.proofItWorks.testimonials ?? []).map((q, i) => (
                <li key={i} className="flex flex-col gap-1 rounded-card bg-surface-muted p-3 text-sm">
                  <span className="flex gap-0.5" role="img" aria-label={t('vendorFunnel.preview.rating', { rating: q.rating })}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Star key={n} aria-hidden="true" className={n <= q.rating ? 'size-4 fill-current text-warning-strong' : 'size-4 text-fg-muted'} />
                    ))}
                  </span>
                  <p className="text-fg">{s(q.content)}</p>
                  <p className="font-semibold text-fg">
                    {s(q.name)}
                    {q.company ? <span className="font-normal text-fg-muted"> · {s(q.company)}</span> : null}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
          {c.proofItWorks.caseStudy.enabled ? (
            <div className="rounded-card border border-border p-3 text-sm">
              <p className="font-semibold text-fg">{t('detail.sections.proof.caseStudy')}</p>
              <p className="text-fg">
                {s(c.proofItWorks.caseStudy.beforeLabel)} {s(c.proofItWorks.caseStudy.beforeValue)} → {s(c.proofItWorks.caseStudy.afterLabel)}{' '}
                {s(c.proofItWorks.caseStudy.afterValue)}
              </p>
              <p className="text-fg-muted">{s(c.proofItWorks.caseStudy.description)}</p>
            </div>
          ) : null}
          {c.proofItWorks.vendorVerificationEnabled ? (
            <div className="flex flex-wrap gap-2">
              {(c.proofItWorks.vendorVerificationBadges ?? []).map((b) => (
                <span key={b} className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-strong">
                  {s(b)}
                </span>
              ))}
            </div>
          ) : null}
        </section>
        <section className="flex flex-col gap-2 rounded-card bg-surface-muted p-4">
          <h3 className="font-semibold text-fg">{s(c.callToAction.primaryHeadline) || t('detail.sales.websiteTitle')}</h3>
          <p className="text-sm text-fg">{s(c.callToAction.primaryDescription)}</p>
          {c.callToAction.primaryButtonText ? <span className="self-start rounded-control bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg">{s(c.callToAction.primaryButtonText)}</span> : null}
          {c.callToAction.secondaryHeadline ? <h4 className="font-medium text-fg">{s(c.callToAction.secondaryHeadline)}</h4> : null}
          {c.callToAction.secondaryDescription ? <p className="text-sm text-fg-muted">{s(c.callToAction.secondaryDescription)}</p> : null}
          <ul className="flex flex-wrap gap-3 text-xs text-fg-muted">
            {[c.trustIndicators.guarantee, c.trustIndicators.cancellation, c.trustIndicators.certification].filter(Boolean).map((x, i) => (
              <li key={i}>{s(x)}</li>
            ))}
          </ul>
        </section>
      </div>
      <ModalFooter>
        <Button onClick={onClose}>{t('vendorFunnel.preview.close')}</Button>
      </ModalFooter>
    </Modal>
  );
}
