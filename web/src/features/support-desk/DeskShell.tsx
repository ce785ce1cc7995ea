import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useViewer } from '../../lib/session';

export type DeskTab = 'queue' | 'canned' | 'feedback';

/** The desk's frame: its title and tabs (the queue, canned answers, and for administrators the concierge feedback). */
export function DeskShell({ tab, title, children }: { tab: DeskTab; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const tabs: DeskTab[] = viewer.isAdmin ? ['queue', 'canned', 'feedback'] : ['queue', 'canned'];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
      <nav aria-label={t('desk.tabs.label')} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1 border-b border-border">
          {tabs.map((x) => (
            <li key={x}>
              <Link
                to={x === 'queue' ? '/support' : `/support?tab=${x}`}
                aria-current={x === tab ? 'page' : undefined}
                className={cn(
                  'inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                  x === tab ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg',
                )}
              >
                {t(`desk.tabs.${x}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
