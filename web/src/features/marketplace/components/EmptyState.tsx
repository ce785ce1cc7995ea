import { SearchX, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { clearLocalStorageKeepingSession } from '../../../lib/storage';
import { reloadWithReason } from '../../../lib/reload';
import { SUGGESTION_CHIPS } from '../model/categories';

/** No results: what is missing, suggestion chips and clear-all-filters (03§2). */
export function EmptyState({ onSuggestion, onClear }: { onSuggestion: (q: string) => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="empty-title" className="flex flex-col items-center gap-4 rounded-card border border-border bg-surface px-6 py-12 text-center shadow-card">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-pill bg-primary-soft text-primary">
        <SearchX className="size-6" />
      </span>
      <h3 id="empty-title" className="text-lg font-semibold text-fg">
        {t('marketplace.empty.title')}
      </h3>
      <p className="max-w-md text-sm text-fg-muted">{t('marketplace.empty.body')}</p>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm font-medium text-fg">{t('marketplace.empty.suggestions')}</p>
        <ul className="flex flex-wrap justify-center gap-2">
          {SUGGESTION_CHIPS.map((chip) => (
            <li key={chip}>
              <button
                type="button"
                onClick={() => onSuggestion(chip)}
                className="rounded-pill border border-border-strong bg-surface px-3 py-1 text-sm text-fg hover:border-primary hover:text-primary"
              >
                {chip}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <Button variant="secondary" onClick={onClear}>
        {t('marketplace.empty.clear')}
      </Button>
    </section>
  );
}

/** Cookies the session needs: "Clear cookies" keeps them. */
const SESSION_COOKIE_PREFIXES = ['circle_session', 'circle_refresh', 'circle_signed_in', 'circle-auth'];

/** Clears readable cookies other than the session's. */
function clearNonAuthCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name || SESSION_COOKIE_PREFIXES.some((p) => name.startsWith(p))) continue;
    document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

/**
 * "Our apologies, we hit a snag" with Try Again: clears non-auth cookies and local storage
 * (keeping the sign-in) and reloads (03§8).
 */
export function SnagNotice({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <section role="alert" className="flex flex-col items-center gap-3 rounded-card border border-danger/30 bg-surface px-6 py-10 text-center shadow-card">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-pill bg-danger-soft text-danger">
        <TriangleAlert className="size-6" />
      </span>
      <h3 className="text-lg font-semibold text-fg">{t('marketplace.snag.title')}</h3>
      <p className="max-w-md text-sm text-fg-muted">{t('marketplace.snag.body')}</p>
      {detail ? <p className="text-xs text-fg-muted">{detail}</p> : null}
      <Button
        disabled={busy}
        onClick={() => {
          setBusy(true);
          clearNonAuthCookies();
          clearLocalStorageKeepingSession();
          reloadWithReason('recovery_fallback');
        }}
      >
        {t('marketplace.snag.tryAgain')}
      </Button>
    </section>
  );
}
