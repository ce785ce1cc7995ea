import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainInput, PlainTextArea } from '../../components/form/PlainField';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { configQuery, useChangeConfig, type ConfigEntry } from './api/catalog';
import { AdminShell } from './AdminShell';

/**
 * /admin/config: every app_config switch and 02§6 feature flag with what it does and who last
 * changed it (from the audit log); maintenance mode with its message, force cache bust and the
 * minimum build version (01§3, 01§4; issue 31 item 6). Each change is one audited PATCH.
 */
export default function ConfigPage() {
  const { t } = useTranslation();
  const cfg = useQuery(configQuery());
  const entries = cfg.data?.entries ?? [];
  const by = (k: string) => entries.find((e) => e.key === k);
  const switches = entries.filter((e) => e.kind === 'boolean' && !e.flag && e.key !== 'maintenance_mode');
  const flags = entries.filter((e) => e.flag);
  return (
    <AdminShell
      title={t('admin.config.title')}
      actions={
        <Link to="/admin/audit?object_kind=app_config" className="text-sm text-primary underline">
          {t('adminCatalog.config.history')}
        </Link>
      }
    >
      {cfg.isError ? <AlertLine>{t('admin.error')}</AlertLine> : null}
      {!cfg.data ? (
        <div aria-hidden="true" className="h-[60rem] animate-pulse rounded-card bg-surface-sunken" />
      ) : (
        <>
          <Section title={t('adminCatalog.config.operations')}>
            <Maintenance mode={by('maintenance_mode')} message={by('maintenance_message')} />
            <CacheBust entry={by('force_cache_bust_after')} />
            <TextSetting entry={by('min_build_version')} hint={t('adminCatalog.config.buildHint', { version: cfg.data.build_version })} />
            <TextSetting entry={by('usd_to_cad_rate_e4')} />
          </Section>
          <Section title={t('adminCatalog.config.switches')}>
            <ul className="flex flex-col divide-y divide-border">
              {switches.map((e) => (
                <Toggle key={e.key} entry={e} />
              ))}
            </ul>
          </Section>
          <Section title={t('adminCatalog.config.flags')} intro={t('adminCatalog.config.flagsIntro')}>
            <ul className="flex flex-col divide-y divide-border">
              {flags.map((e) => (
                <Toggle key={e.key} entry={e} />
              ))}
            </ul>
          </Section>
        </>
      )}
    </AdminShell>
  );
}

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {intro ? <p className="text-sm text-fg-muted">{intro}</p> : null}
      {children}
    </section>
  );
}

/** Who changed the key and when, from the audit log. */
function Changed({ entry }: { entry: ConfigEntry }) {
  const { t, i18n } = useTranslation();
  if (!entry.changed_at) return <span className="text-xs text-fg-muted">{t('adminCatalog.config.never')}</span>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.changed_at));
  return <span className="text-xs text-fg-muted">{t('adminCatalog.config.changed', { who: entry.changed_by || '—', when })}</span>;
}

function useChange() {
  const { t } = useTranslation();
  const change = useChangeConfig();
  const send = (key: string, value: string, onError?: (message: string) => void) =>
    change.mutate(
      { key, value },
      {
        onSuccess: () => toast({ title: t('adminCatalog.config.saved'), variant: 'success' }),
        onError: (err) => {
          const message = err instanceof ApiError ? (err.fields[0]?.message ?? err.message) : t('admin.error');
          if (onError) onError(message);
          else toast({ title: message, variant: 'error' });
        },
      },
    );
  return { send, pending: change.isPending };
}

function Toggle({ entry }: { entry: ConfigEntry }) {
  const { t } = useTranslation();
  const { send, pending } = useChange();
  const on = entry.value === 'true';
  const label = t(`adminCatalog.config.keys.${entry.key}`);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium text-fg">
          {label} <code className="text-xs text-fg-muted">{entry.key}</code>
        </span>
        <span className="text-sm text-fg-muted">{entry.description}</span>
        <Changed entry={entry} />
      </div>
      <Button
        size="sm"
        variant={on ? 'primary' : 'secondary'}
        role="switch"
        aria-checked={on}
        aria-label={label}
        disabled={pending}
        onClick={() => send(entry.key, on ? 'false' : 'true')}
        className="shrink-0"
      >
        {on ? t('adminCatalog.config.on') : t('adminCatalog.config.off')}
      </Button>
    </li>
  );
}

function Maintenance({ mode, message }: { mode?: ConfigEntry; message?: ConfigEntry }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(message?.value ?? '');
  const [error, setError] = useState<string>();
  const { send, pending } = useChange();
  if (!mode || !message) return null;
  const on = mode.value === 'true';
  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    send('maintenance_message', draft, setError);
  };
  return (
    <div className="flex flex-col gap-3 border-b border-border pb-4">
      <ul>
        <Toggle entry={mode} />
      </ul>
      {on ? (
        <p role="status" className="rounded-control bg-warning-soft p-2 text-sm text-warning-strong">
          {t('adminCatalog.config.maintenanceOn')}
        </p>
      ) : null}
      <form onSubmit={save} className="flex flex-col gap-2">
        <PlainTextArea label={t('adminCatalog.config.keys.maintenance_message')} hint={message.description} maxLength={500} rows={2} value={draft} error={error} onChange={(e) => setDraft(e.target.value)} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Changed entry={message} />
          <Button type="submit" size="sm" disabled={pending}>
            {t('adminCatalog.config.saveMessage')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function CacheBust({ entry }: { entry?: ConfigEntry }) {
  const { t, i18n } = useTranslation();
  const { send, pending } = useChange();
  if (!entry) return null;
  const when = entry.value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.value)) : t('adminCatalog.config.neverBusted');
  return (
    <div className="flex flex-col gap-2 border-b border-border pb-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-0.5">
        <span className="font-medium text-fg">{t('adminCatalog.config.keys.force_cache_bust_after')}</span>
        <span className="text-sm text-fg-muted">{entry.description}</span>
        <span className="text-sm text-fg">{t('adminCatalog.config.lastBust', { when })}</span>
        <Changed entry={entry} />
      </div>
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => send('force_cache_bust_after', 'now')} className="shrink-0">
        {t('adminCatalog.config.bustNow')}
      </Button>
    </div>
  );
}

function TextSetting({ entry, hint }: { entry?: ConfigEntry; hint?: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(entry?.value ?? '');
  const [error, setError] = useState<string>();
  const { send, pending } = useChange();
  if (!entry) return null;
  const label = t(`adminCatalog.config.keys.${entry.key}`);
  return (
    <form
      className="flex flex-col gap-2 border-b border-border pb-4 last:border-b-0"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        send(entry.key, draft.trim(), setError);
      }}
    >
      <PlainInput label={label} hint={hint ?? entry.description} value={draft} error={error} inputMode={entry.kind === 'number' ? 'numeric' : 'decimal'} onChange={(e) => setDraft(e.target.value)} className="sm:max-w-xs" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Changed entry={entry} />
        <Button type="submit" size="sm" disabled={pending} aria-label={t('adminCatalog.config.saveKey', { key: label })}>
          {t('adminCatalog.config.save')}
        </Button>
      </div>
    </form>
  );
}
