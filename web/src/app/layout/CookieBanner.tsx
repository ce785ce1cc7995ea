import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseButton } from '../../components/ui/CloseButton';
import { Button } from '../../components/ui/Button';
import { Switch } from '../../components/ui/Switch';
import { cn } from '../../components/ui/cn';
import {
  ACCEPT_ALL,
  NECESSARY_ONLY,
  readConsent,
  saveConsent,
  type ConsentChoice,
  type OptionalCategory,
} from '../../lib/consent';

const OPTIONAL: readonly OptionalCategory[] = ['analytics', 'functional', 'marketing'];

const LABEL_KEYS: Record<OptionalCategory, { label: string; description: string }> = {
  analytics: { label: 'common.consent.analytics.label', description: 'common.consent.analytics.description' },
  functional: { label: 'common.consent.functional.label', description: 'common.consent.functional.description' },
  marketing: { label: 'common.consent.marketing.label', description: 'common.consent.marketing.description' },
};

/**
 * The cookie consent banner (spec 01§4): necessary (always on), analytics, functional, marketing;
 * Accept All, Accept Necessary Only, Save Preferences, and a close button (= necessary only).
 * Escape closes it like the close button. Opened from "Cookie settings", closing keeps the stored choice.
 */
export default function CookieBanner({ fromSettings, onDone }: { fromSettings: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [stored] = useState(readConsent);
  const [choice, setChoice] = useState<ConsentChoice>(() =>
    stored ? { analytics: stored.analytics, functional: stored.functional, marketing: stored.marketing } : NECESSARY_ONLY,
  );
  // On a phone the banner opens as a compact bar (issue 28 item 16: under a quarter of the first
  // screen) with the two one-tap choices; Customize shows the categories and Save Preferences.
  // From "Cookie settings" it opens whole. Wider screens always show everything.
  const [customizing, setCustomizing] = useState(fromSettings);
  const region = useRef<HTMLElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!fromSettings) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    region.current?.focus();
  }, [fromSettings]);

  const finish = (c: ConsentChoice | null) => {
    if (c) saveConsent(c);
    onDone();
    returnFocus.current?.focus();
  };
  const close = () => finish(fromSettings && stored ? null : NECESSARY_ONLY);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-body"
      data-cookie-banner=""
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
      className="fixed inset-x-0 bottom-0 z-40 max-h-[85vh] overflow-y-auto border-t border-border bg-surface shadow-raised focus:outline-none md:inset-x-4 md:bottom-4 md:rounded-card md:border"
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4 max-md:gap-2 max-md:p-3 md:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="cookie-banner-title" className="text-lg font-semibold text-fg max-md:text-base">
            {t('common.consent.title')}
          </h2>
          <CloseButton label={t('common.consent.close')} onClick={close} className="rounded-control p-1 text-fg-muted hover:bg-surface-sunken max-md:-my-1" iconClassName="size-5" />
        </div>
        <p id="cookie-banner-body" className="text-sm text-fg-muted max-md:text-xs">
          {t('common.consent.body')}{' '}
          <Link to="/cookies" className="font-medium text-primary underline">
            {t('common.consent.policyLink')}
          </Link>
          {customizing ? null : (
            <>
              {' · '}
              <button
                type="button"
                aria-expanded={false}
                aria-controls="cookie-banner-categories"
                onClick={() => setCustomizing(true)}
                className="font-medium text-primary underline md:hidden"
              >
                {t('common.consent.customize')}
              </button>
            </>
          )}
        </p>
        <fieldset
          id="cookie-banner-categories"
          className={cn('grid gap-4 rounded-control border border-border p-4 sm:grid-cols-2 lg:grid-cols-4', !customizing && 'max-md:hidden')}
        >
          <legend className="px-1 text-sm font-medium text-fg">{t('common.consent.categories')}</legend>
          <Switch
            label={t('common.consent.necessary.label')}
            description={t('common.consent.necessary.description')}
            checked
            disabled
          />
          {OPTIONAL.map((c) => (
            <Switch
              key={c}
              label={t(LABEL_KEYS[c].label)}
              description={t(LABEL_KEYS[c].description)}
              checked={choice[c]}
              onCheckedChange={(v) => setChoice((prev) => ({ ...prev, [c]: v }))}
            />
          ))}
        </fieldset>
        <div className="flex gap-2 max-md:flex-wrap sm:justify-end">
          <Button variant="secondary" className="max-md:flex-auto" onClick={() => finish(NECESSARY_ONLY)}>
            {t('common.consent.necessaryOnly')}
          </Button>
          <Button variant="secondary" className={cn('max-md:flex-auto', !customizing && 'max-md:hidden')} onClick={() => finish(choice)}>
            {t('common.consent.save')}
          </Button>
          <Button className="max-md:flex-auto" onClick={() => finish(ACCEPT_ALL)}>
            {t('common.consent.acceptAll')}
          </Button>
        </div>
      </div>
    </section>
  );
}
