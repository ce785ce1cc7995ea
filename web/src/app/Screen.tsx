import { Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RouteSpinner } from '../components/ui/Spinner';
import { DocumentTitleContext } from '../lib/documentTitle';
import { loadScreenWords, screenWordsLoaded } from '../lib/i18n';
import { AccessGuard } from './access/AccessGuard';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * One route screen: its own error boundary (section = the screen's title), the access its route
 * declares, the route spinner while its lazy code loads, and the document title.
 */
export function Screen({ titleKey, words, children }: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const key = typeof titleKey === 'function' ? titleKey(new URLSearchParams(location.search)) : titleKey;
  const title = t(key);
  // A more precise title the screen's content gives (lib/documentTitle.ts: a legal document's own).
  const [own, setOwn] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${own ?? title} | ${t('common.appName')}`;
  }, [own, title, t]);
  return (
    <ErrorBoundary section={title} resetKey={location.pathname}>
      <DocumentTitleContext value={setOwn}>
        <Suspense fallback={<RouteSpinner />}>
          {words === 'bundled' ? <AccessGuard title={title}>{children}</AccessGuard> : <WithScreenWords title={title}>{children}</WithScreenWords>}
        </Suspense>
      </DocumentTitleContext>
    </ErrorBoundary>
  );
}

interface ScreenProps {
  /** An i18n key (bundled with the app), or a function of the query string for screens whose title depends on it. */
  titleKey: string | ((search: URLSearchParams) => string);
  /** bundled: every word the screen shows is in the app's bundle (the marketplace's screens). */
  words?: 'bundled' | 'screens';
  children: ReactNode;
}

/**
 * Waits for the screens' words (lib/i18n.ts loadScreenWords) under the route spinner; a failed
 * download shows the screen's error panel. use() only while they download: React's act counts any
 * use() of a promise as a suspension.
 */
function WithScreenWords({ title, children }: { title: string; children: ReactNode }) {
  if (!screenWordsLoaded()) use(loadScreenWords());
  return <AccessGuard title={title}>{children}</AccessGuard>;
}
