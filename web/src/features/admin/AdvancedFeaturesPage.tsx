import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { api, unwrap } from '../../lib/api/client';
import { FLAG_DEFAULTS, FLAG_NAMES, FLAG_URL_PREFIX, parseStoredOverrides, syncFeatureFlags, useFeatureFlags, type FlagName } from '../../lib/flags';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../lib/storage';
import { adminKeys } from './api/keys';
import { AdminShell } from './AdminShell';
import { NewTabLink } from '../../components/ui/NewTabLink';

/** The server switch (app_config, GET /api/config) that also governs a flag, where there is one. */
export const SERVER_SWITCH: Partial<Record<FlagName, 'marketplace_enabled' | 'top_deals_enabled'>> = {
  marketplace: 'marketplace_enabled',
  topDeals: 'top_deals_enabled',
};

/** Where to see each flag's effect. */
export const TRY_PATH: Record<FlagName, string> = {
  marketplace: '/marketplace',
  academy: '/academy',
  adminPanel: '/admin',
  sponsoredPlacements: '/marketplace',
  sponsoredGrid: '/marketplace',
  topDeals: '/marketplace',
  sponsoredBadges: '/marketplace',
  serviceBundles: '/marketplace',
};

/** The address that turns a flag on or off in this browser and shows its effect. */
export function tryHref(flag: FlagName, on: boolean): string {
  return `${TRY_PATH[flag]}?${FLAG_URL_PREFIX}${flag}=${on ? 'on' : 'off'}`;
}

/** /advanced-features: each feature flag of 02§6, what it changes, its default, its server switch, this browser's value and how to override it (issue 31 item 11). */
export default function AdvancedFeaturesPage() {
  const { t, i18n } = useTranslation();
  const flags = useFeatureFlags();
  const [stored, setStored] = useState(() => parseStoredOverrides(readStorage('local', STORAGE_KEYS.featureFlags)));
  const config = useQuery({ queryKey: adminKeys.publicConfig(), queryFn: ({ signal }) => unwrap(api.GET('/api/config', { signal })) });
  // The last change of the server's switches: the configuration's latest audit entry (staff only).
  const lastChange = useQuery({
    queryKey: adminKeys.audit({ object_kind: 'app_config', page_size: 1 }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/audit', { params: { query: { object_kind: 'app_config', page: 1, page_size: 1 } }, signal })),
  });
  const last = lastChange.data?.entries?.[0];
  const onOff = (v: boolean) => (v ? t('adminTools.flags.on') : t('adminTools.flags.off'));

  const location = useLocation();
  const navigate = useNavigate();

  function resetOverrides() {
    removeStorage('local', STORAGE_KEYS.featureFlags);
    // An ff_ parameter in this page's own address would save itself again: the reset drops it.
    const params = new URLSearchParams(location.search);
    for (const key of [...params.keys()]) if (key.startsWith(FLAG_URL_PREFIX)) params.delete(key);
    const search = params.size > 0 ? `?${params.toString()}` : '';
    syncFeatureFlags(search);
    setStored({});
    void navigate({ pathname: location.pathname, search }, { replace: true });
  }

  return (
    <AdminShell
      title={t('areas.advancedFeatures.title')}
      actions={
        <Link to="/admin/config" className="text-sm font-medium text-primary underline">
          {t('adminTools.flags.editConfig')}
        </Link>
      }
    >
      <p className="max-w-3xl text-fg-muted">{t('adminTools.flags.intro')}</p>
      <details className="max-w-3xl rounded-card border border-border bg-surface p-4 text-sm">
        <summary className="cursor-pointer font-semibold text-fg">{t('adminTools.flags.howTitle')}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-fg-muted">
          <li>{t('adminTools.flags.howStorage', { key: STORAGE_KEYS.featureFlags })}</li>
          <li>{t('adminTools.flags.howUrl', { prefix: FLAG_URL_PREFIX })}</li>
          <li>{t('adminTools.flags.howServer')}</li>
        </ul>
      </details>
      <p className="text-sm text-fg-muted">
        {last ? t('adminTools.flags.lastChange', { at: new Date(last.at).toLocaleString(i18n.language), who: last.actor_email || t('adminTools.flags.system') }) : lastChange.isSuccess ? t('adminTools.flags.neverChanged') : '\u00a0'}{' '}
        <Link to="/admin/audit?object_kind=app_config" className="font-medium text-primary underline">
          {t('adminTools.flags.auditLink')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-fg">
          {Object.keys(stored).length > 0 ? t('adminTools.flags.overridden', { count: Object.keys(stored).length }) : t('adminTools.flags.noOverrides')}
        </p>
        <Button type="button" variant="secondary" onClick={resetOverrides} disabled={Object.keys(stored).length === 0}>
          {t('adminTools.flags.reset')}
        </Button>
      </div>
      <ul aria-label={t('adminTools.flags.list')} className="grid gap-3 lg:grid-cols-2">
        {FLAG_NAMES.map((name) => {
          const sw = SERVER_SWITCH[name];
          const server = sw && config.data ? config.data[sw] : undefined;
          const source = stored[name] !== undefined ? 'stored' : 'default';
          return (
            <li key={name} aria-label={name} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-mono text-base font-semibold text-fg">{name}</h2>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', flags[name] ? 'bg-savings-soft text-savings-strong' : 'bg-surface-sunken text-fg')}>
                  {t('adminTools.flags.here', { value: onOff(flags[name]) })}
                </span>
              </div>
              <p className="text-sm text-fg">{t(`adminTools.flags.effects.${name}`)}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-fg-muted">{t('adminTools.flags.default')}</dt>
                <dd>{onOff(FLAG_DEFAULTS[name])}</dd>
                <dt className="text-fg-muted">{t('adminTools.flags.source')}</dt>
                <dd>{t(`adminTools.flags.sources.${source}`)}</dd>
                <dt className="text-fg-muted">{t('adminTools.flags.server')}</dt>
                <dd>
                  {sw ? (
                    <>
                      <code className="text-xs">{sw}</code> = {server === undefined ? '…' : onOff(server)}
                    </>
                  ) : (
                    t('adminTools.flags.noServer')
                  )}
                </dd>
                <dt className="text-fg-muted">{t('adminTools.flags.override')}</dt>
                <dd>
                  <code className="text-xs break-all">
                    ?{FLAG_URL_PREFIX}
                    {name}=on|off
                  </code>
                </dd>
              </dl>
              <div className="flex flex-wrap gap-3 text-sm">
                {[true, false].map((on) => (
                  <NewTabLink key={String(on)} href={tryHref(name, on)} newTab={t('adminTools.newTab')} className="inline-flex items-center gap-1 font-medium text-primary underline" iconClassName="size-3.5">
                    {t(on ? 'adminTools.flags.tryOn' : 'adminTools.flags.tryOff', { name })}
                  </NewTabLink>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </AdminShell>
  );
}
