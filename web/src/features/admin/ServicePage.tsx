import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { fieldMessage, SERVER_ERROR } from '../../components/form/messages';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { serviceQuery, useSaveService, type AdminService } from './api/catalog';
import { AdminShell } from './AdminShell';

const PERIODS = ['one_time', 'monthly', 'yearly'] as const;
const PRICE = /^\s*\$?\s*[0-9][0-9,]*(\.[0-9]{1,2})?\s*$/;

/** The form's rules; the server checks them again with the spec's price rules and RESPA caps. */
function schemaFor(cap: number) {
  return z
    .object({
      title: z.string().trim().min(3, fieldMessage('adminCatalog.errors.title')).max(200, fieldMessage('adminCatalog.errors.title')),
      title_es: z.string().trim().max(200, fieldMessage('adminCatalog.errors.titleLang')),
      title_fr: z.string().trim().max(200, fieldMessage('adminCatalog.errors.titleLang')),
      description: z.string().trim().min(10, fieldMessage('adminCatalog.errors.description')).max(5000, fieldMessage('adminCatalog.errors.description')),
      description_es: z.string().trim().max(5000, fieldMessage('adminCatalog.errors.descriptionLang')),
      description_fr: z.string().trim().max(5000, fieldMessage('adminCatalog.errors.descriptionLang')),
      category: z.string().min(1, fieldMessage('adminCatalog.errors.category')),
      retail_price: z.string().regex(PRICE, fieldMessage('adminCatalog.errors.price')),
      pro_price: z.string().refine((v) => v.trim() === '' || PRICE.test(v), fieldMessage('adminCatalog.errors.price')),
      billing_period: z.enum(PERIODS),
      copay_allowed: z.boolean(),
      split_limit: z.coerce.number<string>().int(fieldMessage('adminCatalog.errors.split', { cap })).min(0, fieldMessage('adminCatalog.errors.split', { cap })).max(cap, fieldMessage('adminCatalog.errors.split', { cap })),
      active: z.boolean(),
      featured: z.boolean(),
      top_pick: z.boolean(),
      sponsored: z.boolean(),
      sort_order: z.coerce.number<string>().int(fieldMessage('adminCatalog.errors.sortOrder')).min(-100000, fieldMessage('adminCatalog.errors.sortOrder')).max(100000, fieldMessage('adminCatalog.errors.sortOrder')),
    })
    .refine((v) => !v.copay_allowed || v.split_limit >= 1, { path: ['split_limit'], message: fieldMessage('adminCatalog.errors.split', { cap }) })
    .refine((v) => v.copay_allowed || v.split_limit === 0, { path: ['split_limit'], message: fieldMessage('adminCatalog.errors.splitNoCopay') });
}

type FormInput = z.input<ReturnType<typeof schemaFor>>;

const dollars = (c: number | null | undefined) => (c == null ? '' : (c / 100).toFixed(2));

/** /admin/services/:id: any field of one service, saved through the catalogue write path (audited). */
export default function ServicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const svc = useQuery(serviceQuery(id));
  return (
    <AdminShell
      title={t('admin.service.title')}
      actions={
        <Link to="/admin/services" className="text-sm text-primary underline">
          {t('adminCatalog.edit.back')}
        </Link>
      }
    >
      {svc.isError ? (
        <AlertLine>{t('admin.error')}</AlertLine>
      ) : svc.data ? (
        <ServiceForm key={svc.data.updated_at} svc={svc.data} />
      ) : (
        <div aria-hidden="true" className="h-[56rem] animate-pulse rounded-card bg-surface-sunken" />
      )}
    </AdminShell>
  );
}

function ServiceForm({ svc }: { svc: AdminService }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveService();
  const cap = svc.split_cap;
  const form = useZodForm(schemaFor(cap), {
    defaultValues: {
      title: svc.title,
      title_es: svc.title_es,
      title_fr: svc.title_fr,
      description: svc.description,
      description_es: svc.description_es,
      description_fr: svc.description_fr,
      category: svc.categories?.[0] ?? '',
      retail_price: dollars(svc.retail_price_cents),
      pro_price: dollars(svc.pro_price_cents),
      billing_period: svc.billing_period,
      copay_allowed: svc.copay_allowed,
      split_limit: String(svc.split_limit),
      active: svc.active,
      featured: svc.featured,
      top_pick: svc.top_pick,
      sponsored: svc.sponsored,
      sort_order: String(svc.sort_order),
    },
  });
  const errors = form.formState.errors;
  const others = (svc.categories ?? []).slice(1);

  const submit = form.handleSubmit((v) => {
    const { category, ...rest } = v;
    const categories = [category, ...others.filter((c) => c !== category)];
    save.mutate(
      { id: svc.id, body: { ...rest, categories } },
      {
        onSuccess: (out) => {
          toast({ title: t('adminCatalog.edit.saved'), description: (out.warnings ?? []).join(' ') || undefined, variant: 'success' });
        },
        onError: (err: Error) => {
          if (err instanceof ApiError && err.fields.length > 0) {
            for (const f of err.fields) {
              const name = (f.field === 'categories' ? 'category' : f.field) as keyof FormInput;
              form.setError(name, { type: SERVER_ERROR, message: f.message });
            }
            return;
          }
          toast({ title: err instanceof ApiError ? err.message : t('admin.error'), variant: 'error' });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6" aria-busy={save.isPending}>
      <p className="text-sm text-fg-muted">
        {t('adminCatalog.edit.vendor')}{' '}
        <Link to={`/admin/vendors/${svc.vendor_id}`} className="text-primary underline">
          {svc.vendor_name}
        </Link>{' '}
        · {t(`adminCatalog.kinds.${svc.vendor_kind}`)} ·{' '}
        <Link to={`/admin/audit?object_kind=service&object_id=${encodeURIComponent(svc.id)}`} className="text-primary underline">
          {t('adminCatalog.edit.history')}
        </Link>
      </p>
      <fieldset className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4">
        <legend className="px-1 text-base font-semibold text-fg">{t('adminCatalog.edit.texts')}</legend>
        <FormTextField form={form} name="title" label={t('adminCatalog.edit.title')} maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField form={form} name="title_es" label={t('adminCatalog.edit.titleEs')} maxLength={200} />
          <FormTextField form={form} name="title_fr" label={t('adminCatalog.edit.titleFr')} maxLength={200} />
        </div>
        <PlainTextArea label={t('adminCatalog.edit.description')} rows={5} maxLength={5000} required error={errorText(errors.description, t('adminCatalog.edit.description'))} {...form.register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PlainTextArea label={t('adminCatalog.edit.descriptionEs')} rows={3} maxLength={5000} error={errorText(errors.description_es, t('adminCatalog.edit.descriptionEs'))} {...form.register('description_es')} />
          <PlainTextArea label={t('adminCatalog.edit.descriptionFr')} rows={3} maxLength={5000} error={errorText(errors.description_fr, t('adminCatalog.edit.descriptionFr'))} {...form.register('description_fr')} />
        </div>
        <PlainSelect label={t('adminCatalog.edit.category')} required error={errorText(errors.category, t('adminCatalog.edit.category'))} {...form.register('category')}>
          {(svc.category_choices ?? []).map((c) => (
            <option key={c.tag} value={c.tag}>
              {c.name}
            </option>
          ))}
        </PlainSelect>
      </fieldset>
      <fieldset className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4">
        <legend className="px-1 text-base font-semibold text-fg">{t('adminCatalog.edit.pricing')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <PlainInput label={t('adminCatalog.edit.retail')} inputMode="decimal" required hint={t('adminCatalog.edit.priceHint')} error={errorText(errors.retail_price, t('adminCatalog.edit.retail'))} {...form.register('retail_price')} />
          <PlainInput label={t('adminCatalog.edit.pro')} inputMode="decimal" hint={t('adminCatalog.edit.proHint')} error={errorText(errors.pro_price, t('adminCatalog.edit.pro'))} {...form.register('pro_price')} />
          <PlainSelect label={t('adminCatalog.edit.period')} {...form.register('billing_period')}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`adminCatalog.periods.${p}`)}
              </option>
            ))}
          </PlainSelect>
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-fg">
          <input type="checkbox" className="size-5" {...form.register('copay_allowed')} />
          {t('adminCatalog.edit.copay')}
        </label>
        <PlainInput
          label={t('adminCatalog.edit.split')}
          type="number"
          min={0}
          max={cap}
          hint={t('adminCatalog.edit.splitHint', { cap, kind: t(`adminCatalog.kinds.${svc.vendor_kind}`) })}
          error={errorText(errors.split_limit, t('adminCatalog.edit.split'))}
          className="sm:max-w-xs"
          {...form.register('split_limit')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
        <legend className="px-1 text-base font-semibold text-fg">{t('adminCatalog.edit.placement')}</legend>
        {(['active', 'featured', 'top_pick', 'sponsored'] as const).map((k) => (
          <label key={k} className="flex min-h-11 items-center gap-3 text-sm font-medium text-fg">
            <input type="checkbox" className="size-5" {...form.register(k)} />
            {t(`adminCatalog.edit.flags.${k}`)}
          </label>
        ))}
        <PlainInput
          label={t('adminCatalog.edit.sortOrder')}
          type="number"
          hint={t('adminCatalog.edit.sortHint')}
          error={errorText(errors.sort_order, t('adminCatalog.edit.sortOrder'))}
          className="sm:max-w-xs"
          {...form.register('sort_order')}
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('adminCatalog.edit.saving') : t('adminCatalog.edit.save')}
        </Button>
      </div>
    </form>
  );
}
