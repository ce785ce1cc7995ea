import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cn } from '../../components/ui/cn';
import { AdminShell } from './AdminShell';

/**
 * A back-office screen of tabs kept in the URL (`?tab=`; the first tab has no parameter): the
 * shell with its title, the tab list, and the chosen tab's panel from `panel`. `tabsKey` is the
 * i18n prefix of the tab names (`${tabsKey}.${tab}`).
 */
export function AdminTabsPage<T extends string>({
  title,
  tabs,
  tabsKey,
  panel,
}: {
  title: string;
  tabs: readonly [T, ...T[]];
  tabsKey: string;
  panel: (tab: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const asked = params.get('tab');
  const tab = tabs.find((k) => k === asked) ?? first;
  const baseId = useId();
  return (
    <AdminShell title={title}>
      <div role="tablist" aria-label={title} className="flex gap-1 overflow-x-auto overflow-y-hidden border-b border-border">
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${baseId}-${k}`}
            aria-selected={tab === k}
            aria-controls={`${baseId}-${k}-panel`}
            onClick={() => setParams(k === first ? {} : { tab: k })}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
              tab === k ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg',
            )}
          >
            {t(`${tabsKey}.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}`} className="flex flex-col gap-4">
        {panel(tab)}
      </div>
    </AdminShell>
  );
}
