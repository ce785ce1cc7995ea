import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { inputClass } from '../../components/form/Field';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { cannedQuery, type CannedAnswer } from './api/queries';
import { useCreateCanned, useDeleteCanned, useUpdateCanned } from './api/mutations';

/** The first field error of a failed call in the viewer's language (desk.fieldErrors by the key's last part), else the desk's general error. */
export function errorText(err: unknown, t: TFunction): string {
  const f = (err as { fields?: { key?: string; message?: string }[] } | null)?.fields?.[0];
  if (!f?.key) return t('desk.error');
  return t(`desk.fieldErrors.${f.key.split('.').pop() ?? ''}`, { defaultValue: f.message || t('desk.error') });
}

/** The canned answers: a short stored list staff insert into replies, added, edited and removed here. */
export function CannedAnswers() {
  const { t } = useTranslation();
  const list = useQuery(cannedQuery());
  const [editing, setEditing] = useState<CannedAnswer | null>(null);
  const remove = useDeleteCanned();
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_22rem]">
      <TitledSection id="canned-list" title={t('desk.canned.title')} className="flex flex-col gap-3">
        {list.isPending ? (
          <ul aria-hidden className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-20 animate-pulse rounded-card bg-surface-sunken" />
            ))}
          </ul>
        ) : list.isError ? <AlertLine>{t('desk.error')}</AlertLine> : (list.data.answers ?? []).length === 0 ? (
          <p className="text-sm text-fg-muted">{t('desk.canned.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {(list.data.answers ?? []).map((a) => (
              <li key={a.id} className="rounded-card border border-border bg-surface p-3">
                <p className="font-medium text-fg">{a.title}</p>
                <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-fg-muted">{a.body}</p>
                <div className="mt-2 flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>
                    {t('desk.canned.edit')}
                  </Button>
                  <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(a.id)}>
                    {t('desk.canned.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
      <CannedForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
    </div>
  );
}

function CannedForm({ editing, onDone }: { editing: CannedAnswer | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const create = useCreateCanned();
  const update = useUpdateCanned();
  const m = editing ? update : create;
  const ids = { title: useId(), body: useId() };
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const done = () => {
      setTitle('');
      setBody('');
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, title, body }, { onSuccess: done });
    else create.mutate({ title, body }, { onSuccess: done });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4" aria-labelledby="canned-form">
      <h2 id="canned-form" className="text-lg font-semibold text-fg">
        {editing ? t('desk.canned.editTitle') : t('desk.canned.newTitle')}
      </h2>
      <label htmlFor={ids.title} className="text-sm font-medium text-fg">
        {t('desk.canned.titleLabel')}
      </label>
      <input id={ids.title} value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} className={cn(inputClass, 'border-border-strong')} />
      <label htmlFor={ids.body} className="text-sm font-medium text-fg">
        {t('desk.canned.bodyLabel')}
      </label>
      <textarea id={ids.body} rows={6} value={body} onChange={(e) => setBody(e.target.value)} className={cn(inputClass, 'h-auto border-border-strong py-2')} />
      {m.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(m.error, t)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={m.isPending}>
          {m.isPending ? t('desk.saving') : t('desk.canned.save')}
        </Button>
        {editing ? (
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('desk.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
