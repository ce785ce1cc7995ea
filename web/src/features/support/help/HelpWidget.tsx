import { useQuery } from '@tanstack/react-query';
import { ChevronDown, CircleHelp, Compass, Mail, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useAppConfig } from '../../../lib/api/get-config';
import { ContactForm } from '../ContactForm';
import { remoteFaqQuery } from '../api';
import { FAQ_CATEGORIES, FAQ_ITEMS, remoteEntries, searchFaq, uiLanguage } from './faq';
import { useHelpNudge } from './nudge';
import { TourRunner } from './TourRunner';
import { TOURS, type Tour } from './tours';

type Tab = 'faq' | 'tours' | 'contact' | 'chat';

/**
 * The floating help widget (03§2, F-HELP-01) at the bottom right of every page: the searchable
 * FAQ, the five guided tours, and the contact form that opens a support ticket. chat is the slot
 * for the AI concierge (issue 29 item 2 builds it): when given, the widget shows a Chat tab with it.
 */
/**
 * Browsers driven by automation (navigator.webdriver) see the nudge only when forced with
 * ?nudge=1, as the intro dialog does: a test that idles on a fake clock must not find it over
 * the control it clicks next.
 */
function nudgeOffForAutomation(): boolean {
  if (typeof navigator === 'undefined' || !navigator.webdriver) return false;
  return !new URLSearchParams(window.location.search).has('nudge');
}

export function HelpWidget({ chat }: { chat?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('faq');
  const [tour, setTour] = useState<Tour | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { pathname } = useLocation();
  const nudge = useHelpNudge(pathname, open || tour !== null || nudgeOffForAutomation());

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    // Escape closes the panel wherever the focus is (a sent form leaves it on the page).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('[aria-modal="true"]')) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const tabs: Tab[] = chat ? ['faq', 'tours', 'contact', 'chat'] : ['faq', 'tours', 'contact'];

  return (
    <>
      {tour ? <TourRunner tour={tour} onEnd={() => setTour(null)} /> : null}
      {open ? (
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-testid="help-panel"
          className="fixed inset-x-2 bottom-[calc(var(--toast-lift,0px)+5rem+env(safe-area-inset-bottom))] z-30 flex max-h-[min(36rem,calc(100dvh-7rem))] flex-col overflow-hidden rounded-card border border-border bg-surface shadow-raised focus:outline-none sm:inset-x-auto sm:right-6 sm:w-[26rem]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <h2 id={titleId} className="text-base font-semibold text-fg">
              {t('support.help.title')}
            </h2>
            <button type="button" onClick={close} aria-label={t('support.help.close')} className="flex size-11 items-center justify-center rounded-control hover:bg-surface-sunken">
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div role="tablist" aria-label={t('support.help.title')} className="flex gap-1 border-b border-border px-2">
            {tabs.map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                id={`help-tab-${x}`}
                aria-selected={tab === x}
                aria-controls={`help-tabpanel-${x}`}
                onClick={() => setTab(x)}
                className={cn(
                  'min-h-11 flex-1 border-b-2 px-2 text-sm font-medium',
                  tab === x ? 'border-primary text-primary' : 'border-transparent text-fg-muted hover:text-fg',
                )}
              >
                {t(`support.help.tabs.${x}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`help-tabpanel-${tab}`} aria-labelledby={`help-tab-${tab}`} className="flex-1 overflow-y-auto p-4">
            {tab === 'faq' ? <FaqPanel onContact={() => setTab('contact')} /> : null}
            {tab === 'tours' ? (
              <ToursPanel
                onStart={(x) => {
                  setOpen(false);
                  setTour(x);
                }}
              />
            ) : null}
            {tab === 'contact' ? <ContactForm kind="help" compact /> : null}
            {tab === 'chat' ? chat : null}
          </div>
        </div>
      ) : null}
      {nudge.show && !open && !tour ? (
        <div
          role="status"
          data-testid="help-nudge"
          className="fixed right-4 bottom-[calc(var(--toast-lift,0px)+5.5rem+env(safe-area-inset-bottom))] z-30 flex w-72 flex-col gap-2 rounded-card border border-border bg-surface p-3 text-sm shadow-raised sm:right-6 print:hidden"
        >
          <p className="text-fg">{t('support.help.nudgeText')}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass('ghost', 'sm', 'min-h-11')} onClick={nudge.dismiss}>
              {t('support.help.nudgeDismiss')}
            </button>
            <button
              type="button"
              className={buttonClass('primary', 'sm', 'min-h-11')}
              onClick={() => {
                nudge.hide();
                setOpen(true);
              }}
            >
              {t('support.help.nudgeOpen')}
            </button>
          </div>
        </div>
      ) : null}
      <button
        ref={buttonRef}
        id="help-widget-button"
        type="button"
        aria-expanded={open}
        aria-label={t('support.help.open')}
        onClick={() => (open ? close() : setOpen(true))}
        className="fixed right-4 bottom-[calc(var(--toast-lift,0px)+1rem+env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-primary text-primary-fg shadow-raised hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:right-6 print:hidden"
      >
        {open ? <ChevronDown aria-hidden className="size-6" /> : <CircleHelp aria-hidden className="size-6" />}
      </button>
    </>
  );
}

/** The FAQ: search box and the items by category, each a disclosure with its answer and call to action. */
export function FaqPanel({ onContact }: { onContact: () => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  // The remote faq_items of the UI language, only while app_config faq_remote_enabled is on
  // (03§3); a failed read leaves the built-in items.
  const { data: config } = useAppConfig();
  const remote = useQuery(remoteFaqQuery(uiLanguage(i18n.language), config?.faq_remote_enabled === true));
  const entries = useMemo(
    () => [
      ...FAQ_ITEMS.map((item) => ({
        item,
        question: t(`support.faq.items.${item.id}.q`),
        answer: t(`support.faq.items.${item.id}.a`),
        text: [t(`support.faq.items.${item.id}.q`), t(`support.faq.items.${item.id}.a`), t(`support.faq.categories.${item.category}`)].join(' '),
      })),
      ...remoteEntries(remote.data?.enabled ? (remote.data.items ?? []) : []).map((e) => ({
        ...e,
        text: [e.question, e.answer, t(`support.faq.categories.${e.item.category}`)].join(' '),
      })),
    ],
    [t, remote.data],
  );
  const found = searchFaq(entries, query);
  return (
    <div className="flex flex-col gap-3">
      <label className="relative block">
        <span className="sr-only">{t('support.faq.search')}</span>
        <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-5 text-fg-muted" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('support.faq.search')}
          className="h-11 w-full rounded-control border border-border-strong bg-surface pr-3 pl-10 text-base text-fg placeholder:text-fg-muted focus-visible:outline-2 focus-visible:outline-primary"
        />
      </label>
      <p aria-live="polite" className="sr-only">
        {t('support.faq.count', { count: found.length })}
      </p>
      {found.length === 0 ? (
        <div className="flex flex-col items-start gap-2 text-sm text-fg-muted">
          <p>{t('support.faq.none')}</p>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={onContact}>
            <Mail aria-hidden className="size-4" />
            {t('support.faq.askUs')}
          </button>
        </div>
      ) : (
        FAQ_CATEGORIES.map((category) => {
          const items = found.filter((x) => x.item.category === category);
          if (items.length === 0) return null;
          return (
            <section key={category} aria-label={t(`support.faq.categories.${category}`)} className="flex flex-col gap-1">
              <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{t(`support.faq.categories.${category}`)}</h3>
              {items.map(({ item, question, answer }) => (
                <details key={item.id} className="group rounded-control border border-border" data-testid="faq-item">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 text-sm font-medium text-fg">
                    {question}
                    <ChevronDown aria-hidden className="size-4 shrink-0 transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="flex flex-col items-start gap-2 px-3 pb-3 text-sm text-fg-muted">
                    <p>{answer}</p>
                    {item.ctaHref ? (
                      <Link to={item.ctaHref} className="font-medium text-primary underline">
                        {t(`support.faq.items.${item.id}.cta`)}
                      </Link>
                    ) : null}
                  </div>
                </details>
              ))}
            </section>
          );
        })
      )}
    </div>
  );
}

/** The five guided tours with their difficulty, time and step count. */
function ToursPanel({ onStart }: { onStart: (tour: Tour) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2">
      {TOURS.map((tour) => (
        <li key={tour.id} className="flex items-center justify-between gap-3 rounded-control border border-border p-3">
          <div className="min-w-0">
            <p className="font-medium text-fg">{t(`support.tours.${tour.id}.title`)}</p>
            <p className="text-xs text-fg-muted">
              {t(`support.help.difficulty.${tour.difficulty}`)} · {t('support.help.minutes', { count: tour.minutes })} ·{' '}
              {t('support.help.steps', { count: tour.steps.length })}
            </p>
          </div>
          <button type="button" className={buttonClass('primary', 'sm', 'min-h-11')} onClick={() => onStart(tour)}>
            <Compass aria-hidden className="size-4" />
            {t('support.help.start')}
          </button>
        </li>
      ))}
    </ul>
  );
}
