import { Suspense, use, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RouteSpinner } from '../components/ui/Spinner';
import { loadScreenWords, screenWordsLoaded } from '../lib/i18n';
import { AccessGuard } from './access/AccessGuard';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * One route screen: its own error boundary (section = the screen's title), the access its route
 * declares, the route spinner while its lazy code loads, and the document title.
 */
export function Screen(props: ScreenProps) {
  // The marketplace's screens have their words in the app's bundle; the others wait for the
  // screens' words (lib/i18n.ts loadScreenWords) under the route spinner.
  if (props.words === 'bundled') return <ScreenBody {...props} />;
  return (
    <Suspense fallback={<RouteSpinner />}>
      <ScreenWithWords {...props} />
    </Suspense>
  );
}

interface ScreenProps {
  /** An i18n key, or a function of the query string for screens whose title depends on it. */
  titleKey: string | ((search: URLSearchParams) => string);
  /** bundled: every word the screen shows is in the app's bundle (the marketplace's screens). */
  words?: 'bundled' | 'screens';
  children: ReactNode;
}

function ScreenWithWords(props: ScreenProps) {
  // use() only while they download: React counts any use() of a promise as a suspension.
  if (!screenWordsLoaded()) use(loadScreenWords());
  return <ScreenBody {...props} />;
}

function ScreenBody({ titleKey, children }: ScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const key = typeof titleKey === 'function' ? titleKey(new URLSearchParams(location.search)) : titleKey;
  const title = t(key);
  useEffect(() => {
    document.title = `${title} | ${t('common.appName')}`;
  }, [title, t]);
  return (
    <ErrorBoundary section={title} resetKey={location.pathname}>
      <Suspense fallback={<RouteSpinner />}>
        <AccessGuard title={title}>{children}</AccessGuard>
      </Suspense>
    </ErrorBoundary>
  );
}
