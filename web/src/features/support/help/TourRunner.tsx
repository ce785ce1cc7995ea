import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useRecordHelpEvent } from '../api';
import { pollTarget, type Tour } from './tours';

type Box = { top: number; left: number; width: number; height: number };

/**
 * Runs a guided tour (03§2, 03§4): one card per step with its title and content, Back and Next,
 * the target outlined once it appears (polled every 100 ms, up to 40 tries; else the fallback
 * message), start, complete and skip recorded in help_analytics.
 */
export function TourRunner({ tour, onEnd }: { tour: Tour; onEnd: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const record = useRecordHelpEvent();
  const [index, setIndex] = useState(0);
  // What polling found for a step (undefined while it polls), and the target's box, by step index.
  const [found, setFound] = useState<{ at: number; el: Element | null } | null>(null);
  const [measured, setMeasured] = useState<{ at: number; box: Box } | null>(null);
  const started = useRef(0);
  const target = found?.at === index ? found.el : undefined;
  const box = measured?.at === index ? measured.box : null;
  const cardRef = useRef<HTMLDivElement>(null);
  const step = tour.steps[index];
  const last = index === tour.steps.length - 1;

  const send = (eventType: 'start' | 'complete' | 'skip', at: number) =>
    record.mutate(
      { event_type: eventType, guide_id: tour.id, route: pathname, context_data: { timeOnPage: Date.now() - started.current, errorCount: 0, step: at } },
      { onError: (e) => console.warn('help analytics', e) },
    );

  useEffect(() => {
    started.current = Date.now();
    send('start', 0);
    cardRef.current?.focus();
    // Once per tour run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tour.id]);

  useEffect(() => {
    if (!step) return;
    if (step.action === 'navigate' && step.route && pathname !== step.route) navigate(step.route);
    const at = index;
    return pollTarget(step.target, (el) => {
      setFound({ at, el });
      if (el && step.action !== 'highlight') el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    });
    // The step's own route change must not restart its polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, index]);

  useLayoutEffect(() => {
    if (!target) return;
    const at = index;
    const measure = () => {
      const r = target.getBoundingClientRect();
      setMeasured({ at, box: { top: r.top - 4, left: r.left - 4, width: r.width + 8, height: r.height + 8 } });
    };
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [target, index]);

  if (!step) return null;
  const finish = () => {
    send('complete', index);
    onEnd();
  };
  const skip = () => {
    send('skip', index);
    onEnd();
  };
  const key = `support.tours.${tour.id}.steps.${step.id}`;
  return (
    <>
      {box ? (
        <div
          aria-hidden
          data-testid="tour-highlight"
          className="pointer-events-none fixed z-[45] rounded-card ring-4 ring-primary ring-offset-2 motion-safe:transition-all"
          style={{ top: box.top, left: box.left, width: box.width, height: box.height }}
        />
      ) : null}
      <div
        ref={cardRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby="tour-step-title"
        tabIndex={-1}
        onKeyDown={(e) => e.key === 'Escape' && skip()}
        className="fixed inset-x-3 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-[46] flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-raised focus:outline-none sm:inset-x-auto sm:right-6 sm:w-96"
      >
        <div className="flex items-start justify-between gap-2">
          <div>
            <p className="text-xs font-semibold text-fg-muted uppercase">
              {t(`support.tours.${tour.id}.title`)} · {t('support.help.tourStep', { current: index + 1, total: tour.steps.length })}
            </p>
            <h2 id="tour-step-title" className="text-base font-semibold text-fg">
              {t(`${key}.title`)}
            </h2>
          </div>
          <button type="button" onClick={skip} aria-label={t('support.help.skipTour')} className="flex size-11 items-center justify-center rounded-control hover:bg-surface-sunken">
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <p className="text-sm text-fg">{t(`${key}.content`)}</p>
        {target === null ? (
          <p role="status" className="rounded-control bg-warning-soft p-2 text-sm text-warning-strong">
            {t('support.help.targetMissing')}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <button type="button" className={buttonClass('ghost', 'md')} onClick={skip}>
            {t('support.help.skip')}
          </button>
          <div className="flex gap-2">
            <button type="button" className={buttonClass('secondary', 'md')} disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
              {t('support.help.back')}
            </button>
            <button type="button" className={buttonClass('primary', 'md')} onClick={last ? finish : () => setIndex((i) => i + 1)}>
              {last ? t('support.help.finish') : t('support.help.next')}
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
