import { useQueryClient } from '@tanstack/react-query';
import { Eye, Plus, Send, Trash2, Undo2 } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { MediaUploader } from '../../components/media/MediaUploader';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Switch } from '../../components/ui/Switch';
import { useToastLift } from '../../components/ui/toastLift';
import { ApiError } from '../../lib/api/client';
import { useDiscardDraft } from '../../lib/api/discard-vendor-draft';
import { usePublishService } from '../../lib/api/publish-vendor-service';
import type { MediaItem as UploadedFile } from '../../lib/media';
import { toast } from '../../lib/toast';
import { funnelQuery, useSaveFunnel, type FunnelAnswer } from './api';
import { FunnelPreview } from './FunnelPreview';
import { BenefitIcon } from './icons';
import {
  BENEFIT_ICONS,
  checkFunnel,
  contentOf,
  emptyBenefit,
  emptyMedia,
  emptyPackage,
  emptyTestimonial,
  formOf,
  MAX_BENEFITS,
  MAX_MEDIA,
  MAX_PACKAGES,
  MAX_TESTIMONIALS,
  TABS,
  tabOf,
  type FunnelForm,
  type FunnelTabId,
  type MediaItem,
  type Problems,
} from './model';

const LABELS: Record<string, string> = {
  headline: 'headline',
  subHeadline: 'subHeadline',
  heroDescription: 'heroDescription',
  duration: 'duration',
  estimatedRoi: 'estimatedRoi',
  'faqs.content': 'sectionAnswer',
  whyChooseUsTitle: 'whyChooseUsTitle',
  'benefits.title': 'benefitTitle',
  'benefits.description': 'benefitDescription',
  'benefits.icon': 'benefitIcon',
  'packages.name': 'packageName',
  'packages.description': 'packageDescription',
  'packages.priceCents': 'packagePrice',
  'packages.originalPriceCents': 'originalPrice',
  'proofItWorks.testimonials.name': 'testimonialName',
  'proofItWorks.testimonials.company': 'testimonialCompany',
  'proofItWorks.testimonials.content': 'testimonialContent',
  'proofItWorks.testimonials.rating': 'rating',
  'urgency.message': 'urgencyMessage',
  'media.url': 'mediaUrl',
  'media.title': 'mediaTitle',
};

/** The label key of a server field path (benefits[0].title -> vendorFunnel.fields.benefitTitle). */
function labelOf(path: string): string {
  const plain = path.replace(/\[\d+\]/g, '');
  const last = plain.split('.').pop() ?? plain;
  return `vendorFunnel.fields.${LABELS[plain] ?? last}`;
}

/** Server field errors as problems: the rule table's keys are translated, others keep the server's words. */
function serverProblems(err: ApiError): Problems {
  const out: Problems = {};
  for (const f of err.fields) out[f.field] = { key: f.key, values: {}, label: labelOf(f.field), message: f.message };
  return out;
}

/**
 * The funnel editor of 03§2 (F-ENG-05): tabs Hero Section, Benefits, Packages, Social Proof,
 * Trust & CTA and Media (the WAI-ARIA tabs pattern), a Preview dialog, Cancel and Save Funnel.
 * Fields are checked with the generated 03§5 rules before saving; the server sanitises and
 * checks again and its field errors land on the same fields.
 */
export function FunnelEditor({ funnel, onClose }: { funnel: FunnelAnswer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const initial = useMemo(() => formOf(funnel.content), [funnel.content]);
  const [form, setForm] = useState<FunnelForm>(initial);
  const [tab, setTab] = useState<FunnelTabId>('hero');
  const [problems, setProblems] = useState<Problems>({});
  const [preview, setPreview] = useState(false);
  const save = useSaveFunnel();
  const publish = usePublishService();
  const discard = useDiscardDraft();
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  // The toasts and the help button rise above the sticky actions (Publish is the last of them).
  const actionsRef = useRef<HTMLDivElement>(null);
  useToastLift(actionsRef);
  const base = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);

  const set = <K extends keyof FunnelForm>(k: K, v: FunnelForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (path: string): string | undefined => {
    const p = problems[path];
    if (!p) return undefined;
    if (!i18n.exists(p.key) && p.message) return p.message;
    return t(p.key, { field: t(p.label), n: p.values.n });
  };
  const counts = TABS.reduce<Record<string, number>>((acc, id) => ({ ...acc, [id]: Object.keys(problems).filter((k) => tabOf(k) === id).length }), {});

  const selectTab = (id: FunnelTabId, focus = false) => {
    setTab(id);
    if (focus) tabRefs.current[id]?.focus();
  };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const to = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i - 1 + TABS.length) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (to >= 0) {
      e.preventDefault();
      selectTab(TABS[to]!, true);
    }
  };

  /** The form checked with the generated 03§5 rules; false (problems shown) when it needs fixing. */
  const checked = (): boolean => {
    const found = checkFunnel(form);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setTab(tabOf(first));
      toast({ title: t('vendorFunnel.fixErrors'), variant: 'error' });
      return false;
    }
    return true;
  };
  const saveFailed = (e: unknown) => {
    if (e instanceof ApiError && e.fields.length > 0) {
      const sp = serverProblems(e);
      setProblems(sp);
      setTab(tabOf(Object.keys(sp)[0]!));
    }
    toast({ title: t('vendorFunnel.saveFailed'), description: e instanceof Error ? e.message : '', variant: 'error' });
  };

  const onSave = () => {
    if (!checked()) return;
    save.mutate(
      { id: funnel.service_id, content: contentOf(form) },
      {
        onSuccess: () => {
          toast({ title: t('vendorFunnel.saved'), variant: 'success' });
          onClose();
        },
        onError: saveFailed,
      },
    );
  };

  /**
   * Publish, the same write path as the Services tab's: unsaved edits are checked and saved into
   * the draft first, then the whole draft (fields and funnel) goes live. The editor stays open
   * on the published funnel.
   */
  const onPublish = async () => {
    if (dirty && !checked()) return;
    setPublishing(true);
    try {
      if (dirty) {
        try {
          const saved = await save.mutateAsync({ id: funnel.service_id, content: contentOf(form) });
          setForm(formOf(saved.content));
        } catch (e) {
          saveFailed(e);
          return;
        }
      }
      await publish.mutateAsync(funnel.service_id);
      toast({ title: t('vendorFunnel.publish.done'), variant: 'success' });
    } catch (e) {
      toast({ title: t('vendorFunnel.publish.failed'), description: e instanceof Error ? e.message : '', variant: 'error' });
    } finally {
      setPublishing(false);
    }
  };
  const canPublish = dirty || funnel.has_draft;

  /**
   * Discard the saved draft (and any unsaved edits): the service goes back to what is live, the
   * same write path as the Services tab's, and the editor shows the live funnel.
   */
  const onDiscard = async () => {
    if (!window.confirm(t('vendorFunnel.draftDiscard.confirm', { title: funnel.title }))) return;
    try {
      await discard.mutateAsync(funnel.service_id);
      const live = await queryClient.fetchQuery(funnelQuery(funnel.service_id));
      setForm(formOf(live.content));
      setProblems({});
      toast({ title: t('vendorFunnel.draftDiscard.done'), variant: 'success' });
    } catch (e) {
      toast({ title: t('vendorFunnel.draftDiscard.failed'), description: e instanceof Error ? e.message : '', variant: 'error' });
    }
  };
  const busy = save.isPending || publishing || discard.isPending;

  const onCancel = () => {
    if (dirty && !window.confirm(t('vendorFunnel.discardConfirm'))) return;
    onClose();
  };

  const problemList = Object.keys(problems);
  return (
    <section aria-labelledby={`${base}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${base}-heading`} className="text-lg font-semibold text-fg">
            {t('vendorFunnel.editing', { title: funnel.title })}
          </h2>
          <p className="text-sm text-fg-muted">{funnel.saved ? t('vendorFunnel.intro') : t('vendorFunnel.introNew')}</p>
          <PublishState funnel={funnel} dirty={dirty} statusId={`${base}-publish-state`} />
        </div>
        <Button variant="secondary" onClick={() => setPreview(true)}>
          <Eye aria-hidden="true" className="size-4" />
          {t('vendorFunnel.previewButton')}
        </Button>
      </div>
      {problemList.length > 0 ? (
        <div role="alert" className="rounded-card border border-danger bg-danger-soft p-3 text-sm text-danger-strong">
          <p className="font-medium">{t('vendorFunnel.errorList', { count: problemList.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {problemList.map((path) => (
              <li key={path}>
                <button type="button" className="underline" onClick={() => selectTab(tabOf(path), true)}>
                  {t(`vendorFunnel.tabs.${tabOf(path)}`)}: {err(path)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div role="tablist" aria-label={t('vendorFunnel.tabsLabel')} className="-mb-px flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map((id) => {
          const selected = id === tab;
          return (
            <button
              key={id}
              ref={(el) => {
                tabRefs.current[id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => selectTab(id)}
              onKeyDown={onTabKey}
              className={cn(
                'flex min-h-11 items-center gap-1 whitespace-nowrap border-b-2 px-3 text-sm font-medium',
                selected ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg',
              )}
            >
              {t(`vendorFunnel.tabs.${id}`)}
              {counts[id] ? (
                <span className="rounded-full bg-danger px-1.5 text-xs text-white" aria-label={t('vendorFunnel.tabErrors', { count: counts[id] })}>
                  {counts[id]}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} tabIndex={0} className="flex flex-col gap-4">
        {tab === 'hero' ? <HeroPanel form={form} set={set} err={err} /> : null}
        {tab === 'benefits' ? <BenefitsPanel form={form} set={set} err={err} /> : null}
        {tab === 'packages' ? <PackagesPanel form={form} set={set} err={err} /> : null}
        {tab === 'proof' ? <ProofPanel form={form} set={set} err={err} /> : null}
        {tab === 'cta' ? <CtaPanel form={form} set={set} err={err} /> : null}
        {tab === 'media' ? <MediaPanel items={form.media} onChange={(m) => set('media', m)} err={err} /> : null}
      </div>
      <div ref={actionsRef} className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-border bg-surface py-3">
        <Button variant="ghost" onClick={onCancel}>
          {t('vendorFunnel.cancel')}
        </Button>
        {funnel.has_draft ? (
          <Button variant="secondary" onClick={() => void onDiscard()} disabled={busy}>
            <Undo2 aria-hidden="true" className="size-4" />
            {discard.isPending ? t('vendorFunnel.draftDiscard.busy') : t('vendorFunnel.draftDiscard.button')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onSave} disabled={busy}>
          {save.isPending && !publishing ? t('vendorFunnel.saving') : t('vendorFunnel.save')}
        </Button>
        <Button onClick={() => void onPublish()} disabled={!canPublish || busy} aria-describedby={`${base}-publish-state`}>
          <Send aria-hidden="true" className="size-4" />
          {publishing ? t('vendorFunnel.publish.busy') : t('vendorFunnel.publish.button')}
        </Button>
      </div>
      {preview ? <FunnelPreview form={form} onClose={() => setPreview(false)} /> : null}
    </section>
  );
}

/**
 * Where the service stands (F-ENG-05): a draft waiting to be published (when it was saved, and
 * whether the first publish lists it), live, or off the marketplace; unsaved edits; a link to the
 * live page. Publish names this line as its description.
 */
function PublishState({ funnel, dirty, statusId }: { funnel: FunnelAnswer; dirty: boolean; statusId: string }) {
  const { t, i18n } = useTranslation();
  const when = funnel.draft_saved_at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(funnel.draft_saved_at)) : '';
  const badge = funnel.has_draft
    ? { text: t('vendorFunnel.publish.draft'), tone: 'bg-pro-soft text-pro-strong' }
    : funnel.active
      ? { text: t('vendorFunnel.publish.live'), tone: 'bg-savings-soft text-savings-strong' }
      : { text: t('vendorFunnel.publish.inactive'), tone: 'bg-surface-sunken text-fg-muted' };
  const next = dirty
    ? t('vendorFunnel.publish.unsaved')
    : funnel.has_draft
      ? t('vendorFunnel.publish.pending')
      : funnel.active
        ? t('vendorFunnel.publish.upToDate')
        : t('vendorFunnel.publish.nothing');
  return (
    <div role="status" aria-label={t('vendorFunnel.publish.statusLabel')} className="mt-2 flex flex-col gap-1 text-sm" data-testid="funnel-publish-state">
      <p className="flex flex-wrap items-center gap-2 text-fg-muted">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badge.tone)}>{badge.text}</span>
        {funnel.has_draft && when ? <span>{t('vendorFunnel.publish.savedAt', { when })}</span> : null}
        {funnel.publish_activates ? <span>{t('vendorFunnel.publish.firstPublish')}</span> : null}
        {funnel.active && !funnel.has_draft ? (
          <Link className="font-medium text-primary underline underline-offset-2" to={`/marketplace?service=${encodeURIComponent(funnel.service_id)}&view=details`}>
            {t('vendorFunnel.publish.view')}
          </Link>
        ) : null}
      </p>
      <p id={statusId} className="text-fg-muted">
        {next}
      </p>
    </div>
  );
}

type PanelProps = {
  form: FunnelForm;
  set: <K extends keyof FunnelForm>(k: K, v: FunnelForm[K]) => void;
  err: (path: string) => string | undefined;
};

function replace<T>(list: T[], i: number, v: T): T[] {
  return list.map((x, j) => (j === i ? v : x));
}

function Card({ title, onRemove, removeLabel, children }: { title: string; onRemove: () => void; removeLabel: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-card border border-border p-3">
      <legend className="px-1 text-sm font-medium text-fg">{title}</legend>
      {children}
      <Button variant="ghost" size="sm" className="self-start" onClick={onRemove} aria-label={removeLabel}>
        <Trash2 aria-hidden="true" className="size-4" />
        {removeLabel}
      </Button>
    </fieldset>
  );
}

function HeroPanel({ form, set, err }: PanelProps) {
  const { t } = useTranslation();
  const f = (k: string) => t(`vendorFunnel.fields.${k}`);
  return (
    <>
      <PlainInput label={f('headline')} required value={form.headline} onChange={(e) => set('headline', e.target.value)} error={err('headline')} />
      <PlainInput label={f('subHeadline')} value={form.subHeadline} onChange={(e) => set('subHeadline', e.target.value)} error={err('subHeadline')} />
      <PlainTextArea label={f('heroDescription')} value={form.heroDescription} onChange={(e) => set('heroDescription', e.target.value)} error={err('heroDescription')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainInput
          label={f('estimatedRoi')}
          hint={t('vendorFunnel.hints.roi')}
          inputMode="numeric"
          value={form.estimatedRoi}
          onChange={(e) => set('estimatedRoi', e.target.value)}
          error={err('estimatedRoi')}
        />
        <PlainInput label={f('duration')} hint={t('vendorFunnel.hints.duration')} value={form.duration} onChange={(e) => set('duration', e.target.value)} error={err('duration')} />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-fg">{t('vendorFunnel.sectionsHeading')}</legend>
        <p className="text-xs text-fg-muted">{t('vendorFunnel.hints.sections')}</p>
        {form.sections.map((s, i) => (
          <PlainTextArea
            key={s.id}
            label={t(`detail.sections.titles.${i + 1}`)}
            value={s.content}
            onChange={(e) => set('sections', replace(form.sections, i, { ...s, content: e.target.value }))}
            error={err(`faqs[${i}].content`)}
          />
        ))}
      </fieldset>
    </>
  );
}

function BenefitsPanel({ form, set, err }: PanelProps) {
  const { t } = useTranslation();
  const f = (k: string) => t(`vendorFunnel.fields.${k}`);
  return (
    <>
      <PlainInput label={f('whyChooseUsTitle')} value={form.whyChooseUsTitle} onChange={(e) => set('whyChooseUsTitle', e.target.value)} error={err('whyChooseUsTitle')} />
      {form.benefits.length === 0 ? <p className="rounded-card border border-dashed border-border p-4 text-center text-sm text-fg-muted">{t('vendorFunnel.benefits.empty')}</p> : null}
      {form.benefits.map((b, i) => (
        <Card
          key={i}
          title={t('vendorFunnel.benefits.item', { n: i + 1 })}
          removeLabel={t('vendorFunnel.benefits.remove', { n: i + 1 })}
          onRemove={() => set('benefits', form.benefits.filter((_, j) => j !== i))}
        >
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-fg">{f('benefitIcon')}</legend>
            <div role="radiogroup" aria-label={f('benefitIcon')} className="flex flex-wrap gap-1">
              {BENEFIT_ICONS.map((icon) => {
                const on = (b.icon || 'check') === icon;
                return (
                  <button
                    key={icon}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    aria-label={t(`vendorFunnel.icons.${icon}`)}
                    title={t(`vendorFunnel.icons.${icon}`)}
                    onClick={() => set('benefits', replace(form.benefits, i, { ...b, icon }))}
                    className={cn('flex size-11 items-center justify-center rounded-control border', on ? 'border-primary bg-primary-soft text-primary-strong' : 'border-border text-fg-muted hover:text-fg')}
                  >
                    <BenefitIcon name={icon} className="size-5" />
                  </button>
                );
              })}
            </div>
          </fieldset>
          <PlainInput label={f('benefitTitle')} required value={b.title} onChange={(e) => set('benefits', replace(form.benefits, i, { ...b, title: e.target.value }))} error={err(`benefits[${i}].title`)} />
          <PlainTextArea
            label={f('benefitDescription')}
            value={b.description}
            onChange={(e) => set('benefits', replace(form.benefits, i, { ...b, description: e.target.value }))}
            error={err(`benefits[${i}].description`)}
          />
        </Card>
      ))}
      <Button variant="secondary" className="self-start" disabled={form.benefits.length >= MAX_BENEFITS} onClick={() => set('benefits', [...form.benefits, emptyBenefit()])}>
        <Plus aria-hidden="true" className="size-4" />
        {t('vendorFunnel.benefits.add')}
      </Button>
    </>
  );
}

function PackagesPanel({ form, set, err }: PanelProps) {
  const { t } = useTranslation();
  const f = (k: string) => t(`vendorFunnel.fields.${k}`);
  return (
    <>
      <p className="text-sm text-fg-muted">{t('vendorFunnel.packages.intro')}</p>
      {err('packages') ? <p className="text-sm text-danger">{err('packages')}</p> : null}
      {form.packages.length === 0 ? <p className="rounded-card border border-dashed border-border p-4 text-center text-sm text-fg-muted">{t('vendorFunnel.packages.empty')}</p> : null}
      {form.packages.map((p, i) => {
        const up = (v: Partial<typeof p>) => set('packages', replace(form.packages, i, { ...p, ...v }));
        return (
          <Card key={i} title={p.name || t('vendorFunnel.packages.item', { n: i + 1 })} removeLabel={t('vendorFunnel.packages.remove', { n: i + 1 })} onRemove={() => set('packages', form.packages.filter((_, j) => j !== i))}>
            <PlainInput label={f('packageName')} required value={p.name} onChange={(e) => up({ name: e.target.value })} error={err(`packages[${i}].name`)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <PlainInput label={f('packagePrice')} required inputMode="decimal" value={p.price} onChange={(e) => up({ price: e.target.value })} error={err(`packages[${i}].priceCents`)} />
              <PlainInput label={f('originalPrice')} inputMode="decimal" value={p.originalPrice} onChange={(e) => up({ originalPrice: e.target.value })} error={err(`packages[${i}].originalPriceCents`)} />
            </div>
            <PlainTextArea label={f('packageDescription')} value={p.description} onChange={(e) => up({ description: e.target.value })} error={err(`packages[${i}].description`)} />
            <PlainTextArea label={f('features')} hint={t('vendorFunnel.hints.features')} value={p.features} onChange={(e) => up({ features: e.target.value })} />
            <Switch label={t('vendorFunnel.packages.popular')} checked={p.popular} onCheckedChange={(v) => up({ popular: v })} />
          </Card>
        );
      })}
      <Button variant="secondary" className="self-start" disabled={form.packages.length >= MAX_PACKAGES} onClick={() => set('packages', [...form.packages, emptyPackage()])}>
        <Plus aria-hidden="true" className="size-4" />
        {t('vendorFunnel.packages.add')}
      </Button>
    </>
  );
}

function ProofPanel({ form, set, err }: PanelProps) {
  const { t } = useTranslation();
  const f = (k: string) => t(`vendorFunnel.fields.${k}`);
  const cs = form.caseStudy;
  return (
    <>
      <PlainTextArea label={f('introText')} value={form.introText} onChange={(e) => set('introText', e.target.value)} error={err('proofItWorks.introText')} />
      <Switch label={t('vendorFunnel.proof.testimonialsOn')} checked={form.testimonialsEnabled} onCheckedChange={(v) => set('testimonialsEnabled', v)} />
      {form.testimonials.map((q, i) => {
        const at = `proofItWorks.testimonials[${i}].`;
        const up = (v: Partial<typeof q>) => set('testimonials', replace(form.testimonials, i, { ...q, ...v }));
        return (
          <Card key={i} title={t('vendorFunnel.proof.testimonial', { n: i + 1 })} removeLabel={t('vendorFunnel.proof.removeTestimonial', { n: i + 1 })} onRemove={() => set('testimonials', form.testimonials.filter((_, j) => j !== i))}>
            <div className="grid gap-4 sm:grid-cols-2">
              <PlainInput label={f('testimonialName')} required value={q.name} onChange={(e) => up({ name: e.target.value })} error={err(at + 'name')} />
              <PlainInput label={f('testimonialCompany')} value={q.company} onChange={(e) => up({ company: e.target.value })} error={err(at + 'company')} />
            </div>
            <PlainTextArea label={f('testimonialContent')} required value={q.content} onChange={(e) => up({ content: e.target.value })} error={err(at + 'content')} />
            <PlainSelect label={f('rating')} value={String(q.rating)} onChange={(e) => up({ rating: Number(e.target.value) })} error={err(at + 'rating')}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t('vendorFunnel.proof.stars', { count: n })}
                </option>
              ))}
            </PlainSelect>
          </Card>
        );
      })}
      <Button variant="secondary" className="self-start" disabled={form.testimonials.length >= MAX_TESTIMONIALS} onClick={() => set('testimonials', [...form.testimonials, emptyTestimonial()])}>
        <Plus aria-hidden="true" className="size-4" />
        {t('vendorFunnel.proof.addTestimonial')}
      </Button>
      <fieldset className="flex flex-col gap-3 rounded-card border border-border p-3">
        <legend className="px-1 text-sm font-medium text-fg">{t('vendorFunnel.proof.caseStudy')}</legend>
        <Switch label={t('vendorFunnel.proof.caseStudyOn')} checked={cs.enabled} onCheckedChange={(v) => set('caseStudy', { ...cs, enabled: v })} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PlainInput label={f('beforeLabel')} value={cs.beforeLabel} onChange={(e) => set('caseStudy', { ...cs, beforeLabel: e.target.value })} />
          <PlainInput label={f('beforeValue')} value={cs.beforeValue} onChange={(e) => set('caseStudy', { ...cs, beforeValue: e.target.value })} />
          <PlainInput label={f('afterLabel')} value={cs.afterLabel} onChange={(e) => set('caseStudy', { ...cs, afterLabel: e.target.value })} />
          <PlainInput label={f('afterValue')} value={cs.afterValue} onChange={(e) => set('caseStudy', { ...cs, afterValue: e.target.value })} />
          <PlainInput label={f('timeframe')} value={cs.timeframe} onChange={(e) => set('caseStudy', { ...cs, timeframe: e.target.value })} />
          <PlainInput
            label={f('percentageIncrease')}
            inputMode="numeric"
            value={String(cs.percentageIncrease)}
            onChange={(e) => set('caseStudy', { ...cs, percentageIncrease: Number.parseInt(e.target.value, 10) || 0 })}
            error={err('proofItWorks.caseStudy.percentageIncrease')}
          />
        </div>
        <PlainTextArea label={f('caseDescription')} value={cs.description} onChange={(e) => set('caseStudy', { ...cs, description: e.target.value })} error={err('proofItWorks.caseStudy.description')} />
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-card border border-border p-3">
        <legend className="px-1 text-sm font-medium text-fg">{t('vendorFunnel.proof.verification')}</legend>
        <Switch label={t('vendorFunnel.proof.verificationOn')} description={t('vendorFunnel.hints.verification')} checked={form.verificationEnabled} onCheckedChange={(v) => set('verificationEnabled', v)} />
        <PlainInput label={f('badges')} hint={t('vendorFunnel.hints.badges')} value={form.badges} onChange={(e) => set('badges', e.target.value)} />
        <PlainTextArea label={f('verificationText')} value={form.verificationText} onChange={(e) => set('verificationText', e.target.value)} error={err('proofItWorks.vendorVerificationDescription')} />
      </fieldset>
    </>
  );
}

function CtaPanel({ form, set, err }: PanelProps) {
  const { t } = useTranslation();
  const f = (k: string) => t(`vendorFunnel.fields.${k}`);
  const c = form.cta;
  const up = (v: Partial<typeof c>) => set('cta', { ...c, ...v });
  const tr = form.trust;
  return (
    <>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-fg">{t('vendorFunnel.cta.trust')}</legend>
        {(['guarantee', 'cancellation', 'certification'] as const).map((k) => (
          <PlainInput key={k} label={f(k)} value={tr[k]} onChange={(e) => set('trust', { ...tr, [k]: e.target.value })} error={err(`trustIndicators.${k}`)} />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-fg">{t('vendorFunnel.cta.heading')}</legend>
        <PlainInput label={f('primaryHeadline')} value={c.primaryHeadline} onChange={(e) => up({ primaryHeadline: e.target.value })} error={err('callToAction.primaryHeadline')} />
        <PlainTextArea label={f('primaryDescription')} value={c.primaryDescription} onChange={(e) => up({ primaryDescription: e.target.value })} error={err('callToAction.primaryDescription')} />
        <PlainInput label={f('primaryButtonText')} value={c.primaryButtonText} onChange={(e) => up({ primaryButtonText: e.target.value })} error={err('callToAction.primaryButtonText')} />
        <PlainInput label={f('secondaryHeadline')} value={c.secondaryHeadline} onChange={(e) => up({ secondaryHeadline: e.target.value })} error={err('callToAction.secondaryHeadline')} />
        <PlainTextArea label={f('secondaryDescription')} value={c.secondaryDescription} onChange={(e) => up({ secondaryDescription: e.target.value })} error={err('callToAction.secondaryDescription')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <PlainInput label={f('website')} type="url" value={c.website} onChange={(e) => up({ website: e.target.value })} error={err('callToAction.website')} />
          <PlainInput label={f('phone')} type="tel" value={c.phone} onChange={(e) => up({ phone: e.target.value })} error={err('callToAction.phone')} />
          <PlainInput label={f('email')} type="email" value={c.email} onChange={(e) => up({ email: e.target.value })} error={err('callToAction.email')} />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-fg">{t('vendorFunnel.cta.urgency')}</legend>
        <Switch label={t('vendorFunnel.cta.urgencyOn')} checked={form.urgencyEnabled} onCheckedChange={(v) => set('urgencyEnabled', v)} />
        <PlainInput label={f('urgencyMessage')} required={form.urgencyEnabled} value={form.urgencyMessage} onChange={(e) => set('urgencyMessage', e.target.value)} error={err('urgency.message')} />
      </fieldset>
    </>
  );
}

/**
 * The Media tab: a list of {url, kind, title} items typed in. The media uploader
 * (components/media/MediaUploader) takes the same list and can replace the URL rows.
 */
export function MediaPanel({ items, onChange, err }: { items: MediaItem[]; onChange: (items: MediaItem[]) => void; err: (path: string) => string | undefined }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`vendorFunnel.fields.${k}`);
  // Files uploaded in this visit: the uploader shows them with progress; each one also joins the
  // funnel's list (by its address), and removing it there takes it out of the funnel only (the
  // library keeps the file).
  const [uploads, setUploads] = useState<UploadedFile[]>([]);
  const onUploads = (next: UploadedFile[]) => {
    const before = new Set(uploads.map((u) => u.id));
    const after = new Set(next.map((u) => u.id));
    const gone = new Set(uploads.filter((u) => !after.has(u.id)).map((u) => u.url));
    const added = next.filter((u) => !before.has(u.id)).map((u) => ({ url: u.url, kind: u.kind, title: u.name }));
    setUploads(next);
    onChange([...items.filter((m) => !gone.has(m.url)), ...added]);
  };
  return (
    <>
      <p className="text-sm text-fg-muted">{t('vendorFunnel.media.intro', { max: MAX_MEDIA })}</p>
      <MediaUploader value={uploads} onChange={onUploads} max={Math.max(uploads.length, MAX_MEDIA - (items.length - uploads.length))} removeMode="detach" />
      {items.length === 0 && uploads.length === 0 ? <p className="rounded-card border border-dashed border-border p-4 text-center text-sm text-fg-muted">{t('vendorFunnel.media.empty')}</p> : null}
      {items.map((m, i) => {
        // An uploaded file is listed by the uploader above (name, size, view, remove).
        if (uploads.some((u) => u.url === m.url)) return null;
        const up = (v: Partial<MediaItem>) => onChange(replace(items, i, { ...m, ...v }));
        return (
          <Card key={i} title={m.title || t('vendorFunnel.media.item', { n: i + 1 })} removeLabel={t('vendorFunnel.media.remove', { n: i + 1 })} onRemove={() => onChange(items.filter((_, j) => j !== i))}>
            <PlainInput label={f('mediaUrl')} required type="url" value={m.url} onChange={(e) => up({ url: e.target.value })} error={err(`media[${i}].url`)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <PlainSelect label={f('mediaKind')} value={m.kind} onChange={(e) => up({ kind: e.target.value })} error={err(`media[${i}].type`)}>
                {(['image', 'video', 'document'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`vendorFunnel.mediaKinds.${k}`)}
                  </option>
                ))}
              </PlainSelect>
              <PlainInput label={f('mediaTitle')} value={m.title} onChange={(e) => up({ title: e.target.value })} error={err(`media[${i}].title`)} />
            </div>
          </Card>
        );
      })}
      <Button variant="secondary" className="self-start" disabled={items.length >= MAX_MEDIA} onClick={() => onChange([...items, emptyMedia()])}>
        <Plus aria-hidden="true" className="size-4" />
        {t('vendorFunnel.media.add')}
      </Button>
    </>
  );
}
