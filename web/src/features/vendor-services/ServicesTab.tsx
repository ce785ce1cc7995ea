import { useQuery } from '@tanstack/react-query';
import { Copy, Pencil, PencilRuler, Plus, Power, Send, Star, Trash2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { ImageUpload } from '../../components/media/ImageUpload';
import { Button, ButtonLink } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useMoney } from '../../lib/useMoney';
import {
  servicesQuery,
  useCreateService,
  useDiscardDraft,
  useDuplicateService,
  usePublishService,
  useSetServiceActive,
  useUpdateService,
  type Category,
  type EditableService,
} from './api';
import { bodyOf, checkService, emptyPackage, formOf, isHighPrice, MAX_CATEGORIES, MAX_PACKAGES, PERIODS, type PackageForm, type ServiceForm } from './rules';

const AddProductDialog = lazy(() => import('./AddProductDialog').then((m) => ({ default: m.AddProductDialog })));

/** /vendor-dashboard?tab=services: the vendor's own services, created and edited through the catalogue write path (F-AREA-01). */
export function ServicesTab() {
  const { t } = useTranslation();
  const list = useQuery(servicesQuery());
  const [editing, setEditing] = useState<{ id: string | null; service?: EditableService } | null>(null);
  const [adding, setAdding] = useState(false);
  if (list.isPending) {
    return (
      <div aria-busy="true" aria-label={t('vendorServices.loading')} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <RetryAlert tone="plain" message={t('vendorServices.loadError')} retryLabel={t('vendorServices.retry')} onRetry={() => void list.refetch()} messageClassName="text-fg" />
    );
  }
  const data = list.data;
  if (editing) {
    return (
      <ServiceEditor
        key={editing.id ?? 'new'}
        service={editing.service}
        categories={data.categories ?? []}
        splitCap={data.split_cap}
        sspCap={data.ssp_cap}
        onDone={() => setEditing(null)}
      />
    );
  }
  const services = data.services ?? [];
  if ((data.vendors ?? []).length === 0) {
    return <p className="rounded-card border border-border p-4 text-fg">{t('vendorServices.noVendor')}</p>;
  }
  return (
    <section aria-labelledby="vendor-services-heading" className="flex flex-col gap-4">
      <SectionHeading
        id="vendor-services-heading"
        title={t('vendorServices.heading')}
        intro={t('vendorServices.intro')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t('vendorServices.product.open')}
            </Button>
            <Button onClick={() => setEditing({ id: null })}>
              <Plus aria-hidden="true" className="size-4" />
              {t('vendorServices.new')}
            </Button>
          </div>
        }
      />
      {adding ? (
        <Suspense fallback={null}>
          <AddProductDialog categories={data.categories ?? []} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {services.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-fg-muted">{t('vendorServices.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('vendorServices.listLabel')}>
          {services.map((s) => (
            <ServiceRow key={s.id} service={s} onEdit={() => setEditing({ id: s.id, service: s })} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ServiceRow({ service: s, onEdit }: { service: EditableService; onEdit: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const setActive = useSetServiceActive();
  const duplicate = useDuplicateService();
  const publish = usePublishService();
  const discard = useDiscardDraft();
  const fail = (err: unknown) => toast({ title: t('vendorServices.failed'), description: err instanceof Error ? err.message : '', variant: 'error' });
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="vendor-service-row">
      <div className="min-w-0">
        <p className="truncate font-medium text-fg">{s.title}</p>
        <p className="text-sm text-fg-muted">
          <span className={cn('mr-2 rounded-full px-2 py-0.5 text-xs font-medium', s.active ? 'bg-savings-soft text-savings-strong' : 'bg-surface-sunken text-fg-muted')}>
            {s.active ? t('vendorServices.active') : t('vendorServices.inactive')}
          </span>
          <span className="tabular-nums">{s.retail_price_cents != null ? money(s.retail_price_cents) : t('vendorServices.noPrice')}</span>
          {' · '}
          {t(`vendorServices.period.${s.billing_period}`)}
          {' · '}
          {t('vendorServices.packageCount', { count: (s.packages ?? []).length })}
        </p>
        {s.has_draft ? <DraftState service={s} /> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {s.has_draft ? (
          <>
            <Button
              size="sm"
              disabled={publish.isPending || discard.isPending}
              onClick={() =>
                publish.mutate(s.id, {
                  onSuccess: () => toast({ title: t('vendorServices.draft.published'), variant: 'success' }),
                  onError: fail,
                })
              }
              aria-label={t('vendorServices.draft.publishNamed', { title: s.title })}
            >
              <Send aria-hidden="true" className="size-4" />
              {publish.isPending ? t('vendorServices.draft.publishing') : t('vendorServices.draft.publish')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={publish.isPending || discard.isPending}
              onClick={() => {
                if (!window.confirm(t('vendorServices.draft.discardConfirm', { title: s.title }))) return;
                discard.mutate(s.id, {
                  onSuccess: () => toast({ title: t('vendorServices.draft.discarded'), variant: 'success' }),
                  onError: fail,
                });
              }}
              aria-label={t('vendorServices.draft.discardNamed', { title: s.title })}
            >
              <Undo2 aria-hidden="true" className="size-4" />
              {t('vendorServices.draft.discard')}
            </Button>
          </>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t('vendorServices.editNamed', { title: s.title })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('vendorServices.edit')}
        </Button>
        <ButtonLink variant="secondary" size="sm" to={`/vendor-dashboard?tab=funnel&service=${encodeURIComponent(s.id)}`} aria-label={t('vendorServices.editFunnelNamed', { title: s.title })}>
          <PencilRuler aria-hidden="true" className="size-4" />
          {t('vendorServices.editFunnel')}
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          disabled={setActive.isPending}
          onClick={() => setActive.mutate({ id: s.id, active: !s.active }, { onError: fail })}
          aria-label={t(s.active ? 'vendorServices.deactivateNamed' : 'vendorServices.activateNamed', { title: s.title })}
        >
          <Power aria-hidden="true" className="size-4" />
          {s.active ? t('vendorServices.deactivate') : t('vendorServices.activate')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(s.id, {
              onSuccess: () => toast({ title: t('vendorServices.duplicated'), variant: 'success' }),
              onError: fail,
            })
          }
          aria-label={t('vendorServices.duplicateNamed', { title: s.title })}
        >
          <Copy aria-hidden="true" className="size-4" />
          {t('vendorServices.duplicate')}
        </Button>
      </div>
    </li>
  );
}

/** The draft badge of a service row: unpublished changes, when saved, and whether publishing lists it. */
export function DraftState({ service: s }: { service: EditableService }) {
  const { t, i18n } = useTranslation();
  const when = s.draft_saved_at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(s.draft_saved_at)) : '';
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted" data-testid="draft-state">
      <span className="rounded-full bg-pro-soft px-2 py-0.5 text-xs font-medium text-pro-strong">{t('vendorServices.draft.badge')}</span>
      {when ? <span>{t('vendorServices.draft.savedAt', { when })}</span> : null}
      {s.publish_activates ? <span>{t('vendorServices.draft.firstPublish')}</span> : null}
    </p>
  );
}

function ServiceEditor({
  service,
  categories,
  splitCap,
  sspCap,
  onDone,
}: {
  service?: EditableService;
  categories: Category[];
  splitCap: number;
  sspCap: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ServiceForm>(() => formOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateService();
  const update = useUpdateService();
  const saving = create.isPending || update.isPending;
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof ServiceForm>(k: K, v: ServiceForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setPkg = (i: number, p: Partial<PackageForm>) =>
    setForm((f) => ({ ...f, packages: f.packages.map((x, j) => (j === i ? { ...x, ...p } : p.popular ? { ...x, popular: false } : x)) }));
  const err = (field: string) => (errors[field] ? (errors[field]!.startsWith('vendorServices.') ? t(errors[field]!, { cap: splitCap }) : errors[field]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkService(form, splitCap);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = bodyOf(form);
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      } else {
        toast({ title: t('vendorServices.failed'), description: error instanceof Error ? error.message : '', variant: 'error' });
      }
    };
    const onSuccess = () => {
      toast({ title: t('vendorServices.saved'), variant: 'success' });
      onDone();
    };
    if (service) update.mutate({ id: service.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };
  const errorList = Object.entries(errors);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby="service-editor-heading">
      <h2 id="service-editor-heading" className="text-lg font-semibold text-fg">
        {service ? t('vendorServices.editHeading', { title: service.title }) : t('vendorServices.newHeading')}
      </h2>
      {errorList.length > 0 && (
        <div role="alert" className="rounded-card border border-danger bg-danger-soft p-3 text-sm text-danger-strong">
          <p className="font-medium">{t('vendorServices.fixErrors', { count: errorList.length })}</p>
        </div>
      )}
      <PlainInput label={t('vendorServices.fields.title')} required value={form.title} onChange={(e) => set('title', e.target.value)} error={err('title')} maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainInput label={t('vendorServices.fields.titleEs')} value={form.titleEs} onChange={(e) => set('titleEs', e.target.value)} error={err('title_es')} maxLength={200} />
        <PlainInput label={t('vendorServices.fields.titleFr')} value={form.titleFr} onChange={(e) => set('titleFr', e.target.value)} error={err('title_fr')} maxLength={200} />
      </div>
      <PlainTextArea
        label={t('vendorServices.fields.description')}
        required
        rows={4}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        error={err('description')}
        maxLength={5000}
      />
      <ImageUpload
        label={t('vendorServices.fields.picture')}
        hint={t('vendorServices.pictureHint')}
        shape="wide"
        value={form.imageUrl}
        onChange={(url) => set('imageUrl', url)}
        vendorId={service?.vendor_id}
        error={err('image_url')}
        onBusy={setUploading}
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.categories ? 'service-categories-error' : undefined}>
        <legend className="text-sm font-medium text-fg">{t('vendorServices.fields.categories', { max: MAX_CATEGORIES })}</legend>
        <div className="flex flex-wrap gap-2">
          {categories.map((c) => {
            const on = form.categories.includes(c.tag);
            return (
              <label key={c.tag} className={cn('inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm', on ? 'border-primary bg-primary-soft text-primary' : 'border-border text-fg')}>
                <input
                  type="checkbox"
                  className="size-4"
                  checked={on}
                  onChange={() => set('categories', on ? form.categories.filter((x) => x !== c.tag) : [...form.categories, c.tag])}
                />
                {c.name}
              </label>
            );
          })}
        </div>
        {errors.categories && (
          <p id="service-categories-error" className="text-sm font-medium text-danger">
            {err('categories')}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <PlainInput
          label={t('vendorServices.fields.retailPrice')}
          required
          inputMode="decimal"
          value={form.retailPrice}
          onChange={(e) => set('retailPrice', e.target.value)}
          error={err('retail_price')}
          hint={isHighPrice(form.retailPrice) ? t('vendorServices.highPrice') : undefined}
        />
        <PlainInput
          label={t('vendorServices.fields.proPrice')}
          inputMode="decimal"
          value={form.proPrice}
          onChange={(e) => set('proPrice', e.target.value)}
          error={err('pro_price')}
          hint={t('vendorServices.proHint')}
        />
        <PlainSelect label={t('vendorServices.fields.billingPeriod')} value={form.billingPeriod} onChange={(e) => set('billingPeriod', e.target.value as ServiceForm['billingPeriod'])} error={err('billing_period')}>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`vendorServices.period.${p}`)}
            </option>
          ))}
        </PlainSelect>
      </div>
      <fieldset className="flex flex-col gap-3 rounded-card border border-border p-4">
        <legend className="px-1 text-sm font-medium text-fg">{t('vendorServices.copay.legend')}</legend>
        <label className="inline-flex min-h-11 items-center gap-2 text-fg">
          <input type="checkbox" className="size-4" checked={form.copayAllowed} onChange={(e) => set('copayAllowed', e.target.checked)} />
          {t('vendorServices.copay.allowed')}
        </label>
        <p className="text-sm text-fg-muted">{t('vendorServices.copay.explain', { cap: splitCap, ssp: sspCap })}</p>
        {form.copayAllowed && (
          <PlainInput
            label={t('vendorServices.copay.split', { cap: splitCap })}
            type="number"
            min={1}
            max={splitCap}
            inputMode="numeric"
            value={form.splitLimit}
            onChange={(e) => set('splitLimit', e.target.value)}
            error={err('split_limit')}
            className="max-w-48"
          />
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-fg">{t('vendorServices.packages.legend', { max: MAX_PACKAGES })}</legend>
        {errors.packages && <p className="text-sm font-medium text-danger">{err('packages')}</p>}
        {form.packages.length === 0 && <p className="text-sm text-fg-muted">{t('vendorServices.packages.none')}</p>}
        {form.packages.map((p, i) => (
          <div key={i} className="flex flex-col gap-3 rounded-card border border-border p-4" data-testid="package-editor">
            <div className="flex items-center justify-between gap-2">
              <p className="font-medium text-fg">{t('vendorServices.packages.number', { n: i + 1 })}</p>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setForm((f) => ({ ...f, packages: f.packages.filter((_, j) => j !== i) }))}
                aria-label={t('vendorServices.packages.remove', { n: i + 1 })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
            <PlainInput label={t('vendorServices.packages.name')} required value={p.name} onChange={(e) => setPkg(i, { name: e.target.value })} error={err(`packages[${i}].name`)} />
            <PlainInput label={t('vendorServices.packages.description')} value={p.description} onChange={(e) => setPkg(i, { description: e.target.value })} error={err(`packages[${i}].description`)} />
            <div className="grid gap-3 sm:grid-cols-3">
              <PlainInput label={t('vendorServices.packages.price')} required inputMode="decimal" value={p.price} onChange={(e) => setPkg(i, { price: e.target.value })} error={err(`packages[${i}].price`)} />
              <PlainInput label={t('vendorServices.packages.proPrice')} inputMode="decimal" value={p.proPrice} onChange={(e) => setPkg(i, { proPrice: e.target.value })} error={err(`packages[${i}].pro_price`)} />
              <PlainInput
                label={t('vendorServices.packages.yearlyPrice')}
                inputMode="decimal"
                value={p.yearlyPrice}
                disabled={form.billingPeriod !== 'monthly'}
                onChange={(e) => setPkg(i, { yearlyPrice: e.target.value })}
                error={err(`packages[${i}].yearly_price`)}
              />
            </div>
            <PlainTextArea
              label={t('vendorServices.packages.features')}
              hint={t('vendorServices.packages.featuresHint')}
              rows={3}
              value={p.features}
              onChange={(e) => setPkg(i, { features: e.target.value })}
              error={err(`packages[${i}].features`)}
            />
            <label className="inline-flex min-h-11 items-center gap-2 text-fg">
              <input type="radio" name="most-popular" className="size-4" checked={p.popular} onChange={() => setPkg(i, { popular: true })} />
              <Star aria-hidden="true" className="size-4 text-pro" />
              {t('vendorServices.packages.popular')}
            </label>
          </div>
        ))}
        {form.packages.length < MAX_PACKAGES && (
          <Button type="button" variant="secondary" className="self-start" onClick={() => setForm((f) => ({ ...f, packages: [...f.packages, emptyPackage()] }))}>
            <Plus aria-hidden="true" className="size-4" />
            {t('vendorServices.packages.add')}
          </Button>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving || uploading}>
          {saving ? t('vendorServices.saving') : t('vendorServices.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={saving}>
          {t('vendorServices.cancel')}
        </Button>
      </div>
    </form>
  );
}
