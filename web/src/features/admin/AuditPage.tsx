import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { useTableParams, type Column } from '../../components/table/DataTable';
import { QueryTable } from '../../components/table/QueryTable';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { auditQuery, type AuditFilters, type AuditRecord } from './api/list-audit';
import { AdminShell } from './AdminShell';

const FILTERS: ReadonlyArray<keyof AuditFilters> = ['actor', 'action', 'object_kind', 'object_id', 'from', 'to'];

/** /admin/audit: every staff change, who, when, what, before and after (issue 31 item 12). */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const { table, filter, set } = useTableParams({ sort: 'at', dir: 'desc' });
  const applied = Object.fromEntries(FILTERS.map((k) => [k, filter(k)])) as unknown as AuditFilters;
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const log = useQuery(auditQuery(table, applied));
  const baseId = useId();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  const columns: Column<AuditRecord>[] = [
    { key: 'at', header: t('admin.audit.at'), cell: (e) => time.format(new Date(e.at)), csv: (e) => e.at },
    { key: 'actor', header: t('admin.audit.actor'), cell: (e) => e.actor_email || e.actor_id || t('admin.audit.system'), csv: (e) => e.actor_email || e.actor_id || 'system' },
    { key: 'action', header: t('admin.audit.action'), cell: (e) => <code className="text-xs">{e.action}</code>, csv: (e) => e.action },
    { key: 'object', header: t('admin.audit.object'), cell: (e) => `${e.object_kind} ${e.object_id}`, csv: (e) => `${e.object_kind}:${e.object_id}` },
    {
      key: 'change',
      header: t('admin.audit.change'),
      cell: (e) => (
        <details>
          <summary className="cursor-pointer text-primary">{t('admin.audit.show')}</summary>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            <pre className="max-h-48 overflow-auto rounded bg-surface-sunken p-2 text-xs" aria-label={t('admin.audit.before')}>{JSON.stringify(e.before, null, 2)}</pre>
            <pre className="max-h-48 overflow-auto rounded bg-surface-sunken p-2 text-xs" aria-label={t('admin.audit.after')}>{JSON.stringify(e.after, null, 2)}</pre>
          </div>
        </details>
      ),
      csv: (e) => JSON.stringify({ before: e.before, after: e.after }),
    },
    { key: 'request', header: t('admin.audit.request'), cell: (e) => <code className="text-xs">{e.request_id}</code>, csv: (e) => e.request_id },
  ];

  function onApply(ev: FormEvent) {
    ev.preventDefault();
    set({ ...draft });
  }

  return (
    <AdminShell title={t('admin.audit.title')}>
      <form onSubmit={onApply} className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-6" role="search">
        {FILTERS.map((k) => (
          <LabelledControl key={k} id={`${baseId}-${k}`} label={t(`admin.audit.filters.${k}`)}>
            <input
              id={`${baseId}-${k}`}
              type={k === 'from' || k === 'to' ? 'date' : 'text'}
              value={draft[k]}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
              className={cn(inputClass, 'border-border-strong')}
            />
          </LabelledControl>
        ))}
        <div className="sm:col-span-3 lg:col-span-6">
          <Button type="submit">{t('admin.users.apply')}</Button>
        </div>
      </form>
      <QueryTable
        query={log}
        rowsOf={(d) => d.entries}
        error={t('admin.error')}
        caption={t('admin.audit.title')}
        columns={columns}
        rowKey={(e) => e.id}
        params={table}
        onParams={set}
        csvName="audit-log.csv"
      />
    </AdminShell>
  );
}
