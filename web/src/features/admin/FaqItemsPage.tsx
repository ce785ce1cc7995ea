import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { FormActions, FormDialogHeading } from '../../components/form/FormDialog';
import { fieldMessage, SERVER_ERROR } from '../../components/form/messages';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { DataTable, useTableParams, type Column } from '../../components/table/DataTable';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useAppConfig } from '../../lib/api/get-config';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { faqItemsQuery, useCreateFaqItem, useDeleteFaqItem, useSetRemoteFaq, useUpdateFaqItem, type FaqItemRow } from './api/faq';
import { AdminShell } from './AdminShell';

/** The nine categories of 03§3, as the help widget names them (support.faq.categories). */
const CATEGORIES = ['gettingStarted', 'membership', 'agentWallet', 'marketplace', 'concierge', 'marketingCoverage', 'pricingBilling', 'integrations', 'roi'] as const;
const LANGUAGES = ['en', 'es', 'fr'] as const;

const faqSchema = z.object({
  question: z.string().trim().min(1, fieldMessage('admin.faq.errors.question')).max(300, fieldMessage('admin.faq.errors.question')),
  answer: z.string().trim().min(1, fieldMessage('admin.faq.errors.answer')).max(4000, fieldMessage('admin.faq.errors.answer')),
  category: z.enum(CATEGORIES),
  language: z.enum(LANGUAGES),
  sort_order: z.coerce.number<string>().int(fieldMessage('admin.faq.errors.sortOrder')).min(0, fieldMessage('admin.faq.errors.sortOrder')).max(9999, fieldMessage('admin.faq.errors.sortOrder')),
  active: z.boolean(),
});
type FaqFormInput = z.input<typeof faqSchema>;

/**
 * /admin/faq: the remote FAQ (03§7 faq_items, issue 29 item 6). Administrators add, edit and
 * remove items (each change in the audit log) and turn the remote FAQ on or off in the help
 * widget (app_config faq_remote_enabled).
 */
export default function FaqItemsPage() {
  const { t, i18n } = useTranslation();
  const items = useQuery(faqItemsQuery());
  const { data: config } = useAppConfig();
  const setRemote = useSetRemoteFaq();
  const remove = useDeleteFaqItem();
  const { table, set } = useTableParams({ sort: 'category', dir: 'asc', pageSize: 25 });
  const [editing, setEditing] = useState<FaqItemRow | 'new' | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const on = config?.faq_remote_enabled === true;

  const all = items.data ? (items.data.items ?? []) : undefined;
  const page = all?.slice((table.page - 1) * table.pageSize, table.page * table.pageSize);

  const columns: Column<FaqItemRow>[] = [
    { key: 'question', header: t('admin.faq.question'), cell: (r) => <span className="line-clamp-2 max-w-md font-medium">{r.question}</span>, csv: (r) => r.question },
    { key: 'category', header: t('admin.faq.category'), cell: (r) => t(`support.faq.categories.${r.category}`), csv: (r) => r.category },
    { key: 'language', header: t('admin.faq.language'), cell: (r) => t(`admin.faq.languages.${r.language}`), csv: (r) => r.language },
    { key: 'sort', header: t('admin.faq.sortOrder'), cell: (r) => r.sort_order, csv: (r) => String(r.sort_order) },
    { key: 'active', header: t('admin.faq.active'), cell: (r) => (r.active ? t('admin.faq.yes') : t('admin.faq.no')), csv: (r) => (r.active ? 'yes' : 'no') },
    { key: 'updated', header: t('admin.faq.updated'), cell: (r) => date.format(new Date(r.updated_at)), csv: (r) => r.updated_at },
    {
      key: 'actions',
      header: t('admin.faq.actions'),
      cell: (r) => (
        <span className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(r)} aria-label={t('admin.faq.editOf', { question: r.question })}>
            {t('admin.faq.edit')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            aria-label={t('admin.faq.deleteOf', { question: r.question })}
            onClick={() =>
              remove.mutate(r.id, {
                onSuccess: () => toast({ title: t('admin.faq.deleted'), variant: 'success' }),
                onError: () => toast({ title: t('admin.error'), variant: 'error' }),
              })
            }
          >
            {t('admin.faq.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <AdminShell title={t('admin.faq.title')} actions={<Button onClick={() => setEditing('new')}>{t('admin.faq.add')}</Button>}>
      <p className="max-w-3xl text-sm text-fg-muted">{t('admin.faq.intro')}</p>
      <label className="flex min-h-11 items-center gap-3 self-start text-sm font-medium text-fg">
        <input
          type="checkbox"
          className="size-5"
          checked={on}
          disabled={!config || setRemote.isPending}
          onChange={(e) =>
            setRemote.mutate(e.target.checked, {
              onError: () => toast({ title: t('admin.error'), variant: 'error' }),
            })
          }
        />
        {t('admin.faq.flag')}
      </label>
      {items.isError ? <AlertLine>{t('admin.error')}</AlertLine> : null}
      {all && all.length === 0 ? <p className="text-sm text-fg-muted">{t('admin.faq.empty')}</p> : null}
      <DataTable
        caption={t('admin.faq.title')}
        columns={columns}
        rows={page}
        rowKey={(r) => r.id}
        total={all?.length}
        params={table}
        onParams={set}
        csvName="faq-items.csv"
        loading={items.isPending}
      />
      {editing ? <FaqItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminShell>
  );
}

/** Add or edit one item: the form kit (zod rules, the server's field errors on their fields). */
function FaqItemDialog({ item, onClose }: { item: FaqItemRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorText();
  const create = useCreateFaqItem();
  const update = useUpdateFaqItem();
  const busy = create.isPending || update.isPending;
  const form = useZodForm(faqSchema, {
    defaultValues: {
      question: item?.question ?? '',
      answer: item?.answer ?? '',
      category: (item?.category ?? 'gettingStarted') as FaqFormInput['category'],
      language: (item?.language ?? 'en') as FaqFormInput['language'],
      sort_order: String(item?.sort_order ?? 0),
      active: item?.active ?? true,
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((v) => {
    const done = {
      onSuccess: () => {
        toast({ title: t('admin.faq.saved'), variant: 'success' as const });
        onClose();
      },
      onError: (err: Error) => {
        if (err instanceof ApiError && err.fields.length > 0) {
          for (const f of err.fields) form.setError(f.field as keyof FaqFormInput, { type: SERVER_ERROR, message: f.message });
          return;
        }
        toast({ title: t('admin.error'), variant: 'error' });
      },
    };
    if (item) update.mutate({ id: item.id, body: v }, done);
    else create.mutate(v, done);
  });

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-2xl! overflow-y-auto max-sm:p-4">
      <FormDialogHeading
        titleId={titleId}
        title={item ? t('admin.faq.editTitle') : t('admin.faq.newTitle')}
        intro={t('admin.faq.formIntro')}
        closeLabel={t('admin.faq.cancel')}
        onClose={onClose}
      />
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-4" aria-busy={busy}>
        <FormTextField form={form} name="question" label={t('admin.faq.question')} maxLength={300} />
        <PlainTextArea label={t('admin.faq.answer')} rows={6} maxLength={4000} required error={errorText(errors.answer, t('admin.faq.answer'))} {...form.register('answer')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <PlainSelect label={t('admin.faq.category')} {...form.register('category')}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`support.faq.categories.${c}`)}
              </option>
            ))}
          </PlainSelect>
          <PlainSelect label={t('admin.faq.language')} {...form.register('language')}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`admin.faq.languages.${l}`)}
              </option>
            ))}
          </PlainSelect>
          <PlainInput label={t('admin.faq.sortOrder')} type="number" min={0} max={9999} error={errorText(errors.sort_order, t('admin.faq.sortOrder'))} {...form.register('sort_order')} />
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-fg">
          <input type="checkbox" className="size-5" {...form.register('active')} />
          {t('admin.faq.activeLabel')}
        </label>
        <FormActions secondaryLabel={t('admin.faq.cancel')} onSecondary={onClose} submitLabel={t('admin.faq.save')} busyLabel={t('admin.faq.saving')} busy={busy} />
      </form>
    </Modal>
  );
}
