import { ChevronDown, Quote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { sectionBody, SECTION_NUMBERS, type SectionBody } from '../model/sections';
import type { ServiceDetail } from '../model/types';
import { Pill, Prose } from './bits';

/** The five collapsible single-open sections with the fallbacks of 02§4. The first starts open. */
export function FunnelSections({ detail, description }: { detail: ServiceDetail; description: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(1);
  const fc = detail.funnel_content;
  const src = { faqs: detail.faqs ?? [], heroDescription: fc?.heroDescription ?? '', description };
  return (
    <section aria-label={t('detail.sections.label')} className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface">
      {SECTION_NUMBERS.map((n) => {
        const section = detail.sections?.find((s) => s.number === n);
        const body = sectionBody(n, section, src);
        const expanded = open === n;
        const panelId = `section-${detail.service.id}-${n}`;
        return (
          <div key={n}>
            <h2>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : n)}
                className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left text-base font-semibold text-fg hover:bg-surface-muted"
              >
                <span>
                  <span className="mr-2 text-primary tabular">{n}.</span>
                  {t(`detail.sections.titles.${n}`)}
                </span>
                <ChevronDown aria-hidden="true" className={cn('size-5 shrink-0 transition-transform motion-reduce:transition-none', expanded && 'rotate-180')} />
              </button>
            </h2>
            {expanded ? (
              <div id={panelId} className="flex flex-col gap-4 px-5 pb-5">
                <BodyText body={body} />
                {n === 5 ? <ProofBlocks detail={detail} /> : null}
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

function BodyText({ body }: { body: SectionBody }) {
  const { t } = useTranslation();
  if (body.kind === 'text') return <Prose text={body.text} />;
  const params = { ...body.params };
  if ('duration' in params && !params.duration?.trim()) params.duration = t('detail.tbd');
  return <Prose text={t(body.key, params)} />;
}

function ProofBlocks({ detail }: { detail: ServiceDetail }) {
  const { t } = useTranslation();
  const blocks = detail.sections?.find((s) => s.number === 5)?.proof;
  const proof = detail.funnel_content?.proofItWorks;
  if (!blocks || !proof) return null;
  const cs = proof.caseStudy;
  return (
    <>
      {blocks.intro && proof.introText ? <Prose text={proof.introText} className="text-fg-muted" /> : null}
      {blocks.testimonials && (proof.testimonials ?? []).length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">{t('detail.sections.proof.testimonials')}</h3>
          <ul className="grid gap-3 md:grid-cols-2">
            {(proof.testimonials ?? []).map((q) => (
              <li key={q.id} className="flex flex-col gap-1 rounded-card bg-surface-muted p-4 text-sm">
                <Quote aria-hidden="true" className="size-4 text-primary" />
                <p className="text-fg">{q.content}</p>
                <p className="font-semibold text-fg">
                  {q.name}
                  {q.company ? <span className="font-normal text-fg-muted"> · {q.company}</span> : null}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {blocks.case_study ? (
        <div className="flex flex-col gap-2 rounded-card border border-border p-4" data-testid="case-study">
          <h3 className="text-sm font-semibold text-fg">{t('detail.sections.proof.caseStudy')}</h3>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-fg-muted">{cs.beforeLabel || t('detail.sections.proof.before')}</dt>
              <dd className="tabular text-xl font-bold text-fg">{cs.beforeValue}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{cs.afterLabel || t('detail.sections.proof.after')}</dt>
              <dd className="tabular text-xl font-bold text-savings-strong">{cs.afterValue}</dd>
            </div>
          </dl>
          {cs.percentageIncrease > 0 ? <Pill tone="savings">{t('detail.sections.proof.increase', { percent: cs.percentageIncrease })}</Pill> : null}
          {cs.timeframe ? <p className="text-xs text-fg-muted">{t('detail.sections.proof.timeframe', { timeframe: cs.timeframe })}</p> : null}
          {cs.description ? <Prose text={cs.description} /> : null}
        </div>
      ) : null}
      {blocks.vendor_verification ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">{t('detail.sections.proof.verification')}</h3>
          <div className="flex flex-wrap gap-2">
            {(proof.vendorVerificationBadges ?? []).map((b) => (
              <Pill key={b} tone="primary">
                {b}
              </Pill>
            ))}
          </div>
          {proof.vendorVerificationDescription ? <Prose text={proof.vendorVerificationDescription} className="text-fg-muted" /> : null}
        </div>
      ) : null}
    </>
  );
}
