import { useTranslation } from 'react-i18next';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainSelect } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useAddContent } from './api';
import { CONTENT_KINDS, contentSchema, serverKeyMessage, todayUTC } from './schema';

const FIELDS = ['title', 'url', 'kind', 'published_on'] as const;

/** The form that lists a piece of content (title, address, kind, publication date). */
export function AddContentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddContent();
  const errorText = useErrorText();
  const form = useZodForm(contentSchema, { defaultValues: { title: '', url: '', kind: 'video', published_on: todayUTC() } });
  const submit = form.handleSubmit(async (v) => {
    try {
      await add.mutateAsync(v);
      toast({ title: t('creators.content.added'), variant: 'success' });
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) {
        const name = (FIELDS as readonly string[]).includes(f.field) ? (f.field as (typeof FIELDS)[number]) : 'title';
        const key = serverKeyMessage(f.key);
        form.setError(name, key ? { message: key } : { type: SERVER_ERROR, message: f.message });
      }
      if (fields.length === 0) toast({ title: t('creators.content.addFailed'), variant: 'error' });
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="add-content-title" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card">
      <h3 id="add-content-title" className="font-semibold text-fg">
        {t('creators.content.addTitle')}
      </h3>
      <FormTextField form={form} name="title" label={t('creators.content.title')} required />
      <FormTextField form={form} name="url" label={t('creators.content.url')} required type="url" inputMode="url" placeholder="https://" />
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainSelect label={t('creators.content.kind')} required error={errorText(form.formState.errors.kind, t('creators.content.kind'))} {...form.register('kind')}>
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`creators.kinds.${k}`)}
            </option>
          ))}
        </PlainSelect>
        <FormTextField form={form} name="published_on" label={t('creators.content.publishedOn')} required type="date" max={todayUTC()} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('creators.content.adding') : t('creators.content.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('creators.content.cancel')}
        </Button>
      </div>
    </form>
  );
}
