import { lazy, Suspense, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../components/ui/cn';

// Each tab is its own feature; the page composes them (features do not import each other).
const OverviewTab = lazy(() => import('../../features/vendor-overview/OverviewTab').then((m) => ({ default: m.OverviewTab })));
const CoPayRequestsTab = lazy(() => import('../../features/vendor-copay/CoPayRequestsTab').then((m) => ({ default: m.CoPayRequestsTab })));
const ServicesTab = lazy(() => import('../../features/vendor-services/ServicesTab').then((m) => ({ default: m.ServicesTab })));
const FunnelTab = lazy(() => import('../../features/vendor-funnel/FunnelTab').then((m) => ({ default: m.FunnelTab })));
const MediaTab = lazy(() => import('../../features/vendor-media/MediaTab').then((m) => ({ default: m.MediaTab })));
const AuditPackTab = lazy(() => import('../../features/vendor-copay/AuditPackTab').then((m) => ({ default: m.AuditPackTab })));
const QuestionsTab = lazy(() => import('../../features/vendor-profile/QuestionsTab').then((m) => ({ default: m.QuestionsTab })));
const RepresentativesTab = lazy(() => import('../../features/vendor-profile/RepresentativesTab').then((m) => ({ default: m.RepresentativesTab })));
const ProfileTab = lazy(() => import('../../features/vendor-profile/ProfileTab').then((m) => ({ default: m.ProfileTab })));

/**
 * The vendor dashboard's tabs. The vendor issue adds its own here; the consultations page
 * (/vendor-dashboard/consultations) is a page of its own, linked beside the tabs.
 */
const TABS = [
  { id: 'overview', labelKey: 'vendorOverview.tab', Panel: OverviewTab },
  { id: 'copay', labelKey: 'vendorCopay.tabs.copay', Panel: CoPayRequestsTab },
  { id: 'audit', labelKey: 'vendorCopay.tabs.audit', Panel: AuditPackTab },
  { id: 'services', labelKey: 'vendorServices.tab', Panel: ServicesTab },
  { id: 'funnel', labelKey: 'vendorFunnel.tab', Panel: FunnelTab },
  { id: 'media', labelKey: 'uploads.library.tab', Panel: MediaTab },
  { id: 'questions', labelKey: 'vendorProfile.tabs.questions', Panel: QuestionsTab },
  { id: 'representatives', labelKey: 'vendorProfile.tabs.representatives', Panel: RepresentativesTab },
  { id: 'profile', labelKey: 'vendorProfile.tabs.profile', Panel: ProfileTab },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** /vendor-dashboard: the vendor's screen with tabs (the WAI-ARIA tabs pattern; ?tab= keeps the choice). */
export default function VendorDashboardScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current: TabId = TABS.some((x) => x.id === params.get('tab')) ? (params.get('tab') as TabId) : TABS[0].id;
  const select = (id: TabId, focus = false) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === TABS[0].id) next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );
    if (focus) refs.current[id]?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((x) => x.id === current);
    const to = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i - 1 + TABS.length) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (to >= 0) {
      e.preventDefault();
      select(TABS[to]!.id, true);
    }
  };
  const active = TABS.find((x) => x.id === current)!;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg">{t('areas.vendorDashboard.title')}</h1>
      <div className="flex items-end gap-1 border-b border-border">
        <div role="tablist" aria-label={t('vendorCopay.tabs.label')} className="-mb-px flex min-w-0 gap-1 overflow-x-auto">
          {TABS.map((tab) => {
            const selected = tab.id === current;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  refs.current[tab.id] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${base}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(tab.id)}
                onKeyDown={onKey}
                className={cn(
                  'min-h-11 whitespace-nowrap border-b-2 px-3 text-sm font-medium sm:px-4',
                  selected ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg',
                )}
              >
                {t(tab.labelKey)}
              </button>
            );
          })}
        </div>
        <Link
          to="/vendor-dashboard/consultations"
          className="-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-fg-muted hover:text-fg sm:px-4"
        >
          {t('areas.vendorDashboard.consultations')}
        </Link>
      </div>
      <div role="tabpanel" id={`${base}-panel-${active.id}`} aria-labelledby={`${base}-tab-${active.id}`} tabIndex={0}>
        <Suspense fallback={<div aria-hidden="true" className="h-96 rounded-card bg-surface-sunken motion-safe:animate-pulse" />}>
          <active.Panel />
        </Suspense>
      </div>
    </div>
  );
}
